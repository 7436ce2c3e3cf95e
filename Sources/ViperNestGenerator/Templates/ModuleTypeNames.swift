/// The names of everything a module declares, derived from its name.
struct ModuleTypeNames: Sendable {
  let name: String
  /// Member prefix (`contactDetail`).
  let member: String
  /// Human-readable name (`Contact Detail`).
  let words: String

  init(_ name: ModuleName) {
    self.name = name.value
    member = name.lowerCamelCase
    words = name.words
  }

  var input: String { name + "Input" }
  var output: String { name + "Output" }
  var module: String { name + "Module" }
  var viewProtocol: String { name + "ViewProtocol" }
  var viewOutput: String { name + "ViewOutput" }
  var interactorProtocol: String { name + "InteractorProtocol" }
  var interactorOutput: String { name + "InteractorOutput" }
  var routerProtocol: String { name + "RouterProtocol" }
  var view: String { name + "View" }
  var screen: String { name + "Screen" }
  var presenter: String { name + "Presenter" }
  var interactor: String { name + "Interactor" }
  var router: String { name + "Router" }
  var builder: String { name + "Builder" }
  var viewController: String { name + "ViewController" }
  var assembly: String { name + "Assembly" }
  var tests: String { name + "ModuleTests" }
  var harness: String { name + "Harness" }
  var outputSpy: String { name + "OutputSpy" }
  var headlessView: String { "Headless" + name + "View" }
  var headlessBuilder: String { "Headless" + name + "Builder" }
  /// The Output's sample method (`contactDetailDidFinish`).
  var didFinish: String { member + "DidFinish" }
}
