/// Renders a ``ViperNestError``: built only when the error is reported.
struct ErrorMessage: Sendable {
  var summary = ""
  var key: String?
  var path: [String] = []
  var chain: [String] = []
  var notes: [String] = []
  var fix = ""

  init(_ detail: ViperNestError.Detail) {
    switch detail {
    case .missing(let serviceKey, let type, let arguments, let stack, let node):
      let requested = describeKey(type, serviceKey.name, arguments)
      key = requested
      path = stack.map(\.keyDescription) + [requested]
      chain = node.chainNames
      summary = "No registration for \(requested)."
      notes =
        NearMisses(
          key: serviceKey, type: type, graph: node.graph, openStories: Set(node.chainNames)
        ).notes
      fix =
        "register it in an assembly: "
        + registrationCall(type, name: serviceKey.name, arguments: arguments)
        + (notes.isEmpty ? "" : ", or resolve it where the near miss above is visible")
      if let hint = DefaultArgumentHint(missing: serviceKey, type: type, requester: stack.last) {
        notes.append(hint.note)
        fix += hint.fix
      }
    case .circular(let stack, let node, let crossThread):
      let cycleStart = stack.firstIndex { $0 === stack.last } ?? 0
      let cycle = stack[cycleStart...].map(\.keyDescription)
      key = stack.last?.keyDescription
      path = stack.map(\.keyDescription)
      chain = node.chainNames
      summary = "Circular dependency: \(abbreviated(cycle, keeping: 6, separator: " -> "))."
      if crossThread {
        notes.append(
          "two threads were creating singletons of this cycle at the same time; ViperNest stopped "
            + "it instead of deadlocking")
      }
      fix =
        "break the cycle: inject one side as Provider<\(stack.last.map { typeName($0.serviceType) } ?? "T")> "
        + "(resolved on first use), or make the back reference a weak property set after building"
    case .captive(
      let consumer, let dependency, let dependencyKey, let lifetime, let stack, let node):
      key = dependencyKey
      path = stack.map(\.keyDescription) + (stack.last === dependency ? [] : [dependencyKey])
      chain = node.chainNames
      summary =
        "Captive dependency: \(consumer.keyDescription) (\(consumer.lifetime)) depends on "
        + "\(dependencyKey) (\(lifetime)), which dies before it."
      notes.append(
        "\(withIndefiniteArticle(consumer.lifetime.description)) instance is created once and "
          + "reused; holding a shorter-lived "
          + "instance would keep it alive after its story closed and share it across stories")
      fix =
        "give \(consumer.keyDescription) a lifetime no longer than \(dependencyKey)'s "
        + "(e.g. the same story lifetime or .transient), or inject Provider<\(dependencyKey)> and "
        + "resolve it where it is used"
    case .storyNotOpen(let entry, let story, let stack, let node):
      key = entry.keyDescription
      path = stack.map(\.keyDescription)
      chain = node.chainNames
      summary =
        "\(entry.keyDescription) has lifetime story(\(story.name)), but no \(story.name) story is "
        + "open here."
      notes.append("registered at \(entry.origin)")
      fix =
        "resolve it from inside an open \(story.name) story: "
        + "let story = try parent.open(\(story.typeName).self)"
    case .storyClosed(let node, let requested):
      key = requested
      chain = node.chainNames
      summary =
        "Story \(node.chainNames.joined(separator: " > ")) is closed; cannot resolve \(requested)."
      fix =
        "resolve only while the story is open; keep the Story until the flow ends, and drop "
        + "resolvers or providers of a closed story"
    case .storyOpenedOutsideParent(let story, let allowed, let node):
      key = "story \(story.name)"
      chain = node.chainNames
      let names = allowed.map(\.name).joined(separator: " or ")
      summary = "Story \(story.name) opens only inside \(names), and none is open here."
      fix =
        "open \(story.name) from inside \(names), or add this story to its declared parents: "
        + "r.story(\(story.typeName).self, in: ...)"
    case .ancestorNotOpen(let story, let ancestor, let node):
      key = "story \(story.name)"
      chain = node.chainNames
      summary =
        "Cannot open story \(story.name) inside \(ancestor.name): no \(ancestor.name) story is open "
        + "in \(node.chainNames.joined(separator: " > "))."
      fix =
        "open it inside a story that is open here (AppStory.self, for the app level, always is), "
        + "or from a resolver of a story inside \(ancestor.name)"
    case .registryFrozen(let startedAt, let attempt):
      summary =
        "Cannot install registrations at \(attempt): the registry was started at \(startedAt)."
      notes.append("registrations are frozen at start() so that resolving needs no registry lock")
      fix = "install every assembly before calling start(); for tests, build a new Registry"
    case .duplicate(let first, let second):
      key = second.keyDescription
      summary =
        "\(second.keyDescription) is registered twice"
        + (second.localStory.map { " (the second time inside story \($0.name))" } ?? "") + "."
      notes.append("first at \(first.origin) in \(first.scopeDescription)")
      notes.append("again at \(second.origin) in \(second.scopeDescription)")
      if (second.serviceType as? any ModuleKeyType.Type)?.takesNoInput == true {
        notes.append(
          "every module without an input has this key: Module<(), Output> is one type, whatever "
            + "its screen")
        fix =
          "give each screen an input type of its own: enum AboutScreen {}; typealias AboutModule "
          + "= Module<NoInput<AboutScreen>, Never>, built with AboutModule(view: ...)"
      } else {
        fix =
          "remove one, give them different names (name: ...), or say the second replaces the "
          + "first: r.overriding.register(\(typeName(second.serviceType)).self, ...)"
      }
    case .overrideWithoutOriginal(let entry, let candidates):
      key = entry.keyDescription
      summary =
        "\(entry.keyDescription) is registered with `overriding`, but nothing "
        + (entry.localStory == nil ? "" : "enclosing story \(entry.localStory!.name) ")
        + "registers it."
      notes.append("override at \(entry.origin)")
      let homes = candidates.filter {
        $0.key == entry.key && $0.localStory != nil && $0.localStory != entry.localStory
          && !$0.isOverride
      }
      if let story = homes.first?.localStory {
        notes += homes.map {
          "\($0.keyDescription) is registered inside story \($0.localStory!.name) (\($0.origin))"
        }
        fix =
          "override it inside that story: r.story(\(story.typeName).self) { r in "
          + "r.overriding.register(\(typeName(entry.serviceType)).self, ...) }"
      } else {
        notes += overrideNearMisses(of: entry, in: candidates)
        fix =
          "install the assembly with the original registration too (an override applies after "
          + "every assembly of the same install, wherever it stands), check the type and name, or "
          + "use r.register instead of r.overriding.register"
      }
    case .invalidRegistration(let entry, let reason, let fixText):
      key = entry.keyDescription
      summary = "\(entry.keyDescription) cannot be registered as written: \(reason)."
      notes.append("registered at \(entry.origin)")
      fix = fixText
    case .factoryFailed(let entry, let underlying, let stack, let node):
      key = entry.keyDescription
      path = stack.map(\.keyDescription)
      chain = node.chainNames
      notes.append("registered at \(entry.origin); nothing was cached, the next resolve retries")
      if let decoding = underlying as? DecodingError {
        let explained = DecodingErrorExplanation(decoding)
        summary =
          "The factory of \(entry.keyDescription) could not decode its data: \(explained.what)."
        if let detail = explained.detail { notes.append("decoder: \(detail)") }
        fix = explained.fix
      } else {
        summary = "The factory of \(entry.keyDescription) threw: \(underlying)"
        fix = "fix what the factory reported; see underlyingError"
      }
    case .postInitFailed(let entry, let target, let underlying, let stack, let node):
      key = entry.keyDescription
      path = stack.map(\.keyDescription)
      chain = node.chainNames
      summary =
        "The post-initialisation hook of \(entry.keyDescription) threw while setting its "
        + "\(target): \(underlying)"
      notes.append(
        "registered at \(entry.origin); the resolution failed and nothing holding the instance "
          + "was cached: the next resolve builds it again")
      fix = "fix what the hook reported (see underlyingError), or catch it inside the hook"
    case .mainActorRequired(let entry, let stack, let node):
      key = entry.keyDescription
      path = stack.map(\.keyDescription)
      chain = node.chainNames
      summary =
        "\(entry.keyDescription) has a @MainActor factory but was resolved off the main thread."
      fix = "resolve it from @MainActor code (UI modules are built on the main actor)"
    case .awaitRequired(let entry, let stack, let node):
      key = entry.keyDescription
      path = stack.map(\.keyDescription)
      chain = node.chainNames
      summary =
        "\(entry.keyDescription) has an async factory but was resolved synchronously."
      notes.append("registered at \(entry.origin)")
      fix =
        stack.count > 1
        ? "await it: make \(stack[stack.count - 2].keyDescription)'s factory async, or inject "
          + "AsyncProvider<\(typeName(entry.serviceType))> and call `try await` on it"
        : "await it: try await resolveAsync(\(typeExpression(entry.serviceType)).self)"
    case .validation(let problem):
      self = problem.message
    }
  }

  func render() -> String {
    var lines = [summary]
    if path.count > 1 {
      lines.append("  resolving: \(abbreviated(path, keeping: 6, separator: " -> "))")
    }
    if !chain.isEmpty { lines.append("  story: \(abbreviatedChain)") }
    for note in notes { lines.append("  note: \(note)") }
    if !fix.isEmpty { lines.append("  fix: \(fix)") }
    return lines.joined(separator: "\n")
  }

  private var abbreviatedChain: String { abbreviated(chain, keeping: 4, separator: " > ") }
}

/// A `DecodingError` in words: what did not match, where in the data, and how to fix it, instead
/// of the enum's raw dump (`keyNotFound(CodingKeys(stringValue: "name", intValue: nil), …)`).
struct DecodingErrorExplanation {
  /// What did not match and where, e.g. `key "name" is missing at contacts[2]`.
  var what: String
  /// The decoder's own description, when it adds something.
  var detail: String?
  /// How to fix it.
  var fix: String

  init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      let place = Self.place(context.codingPath)
      what = "key \"\(key.stringValue)\" is missing \(place)"
      fix =
        "add \"\(key.stringValue)\" to the data \(place), or declare the property optional (or "
        + "give it a default in init(from:)) if the data may omit it"
      detail = nil
    case .valueNotFound(let type, let context):
      let place = Self.place(context.codingPath)
      what = "the value \(place) is null, but \(typeName(type)) is not optional"
      fix =
        "send a value \(place), or declare the property as \(typeName(type))? if the data may "
        + "hold null"
      detail = Self.detail(context)
    case .typeMismatch(let type, let context):
      let place = Self.place(context.codingPath)
      what = "the value \(place) is not \(withIndefiniteArticle(typeName(type)))"
      fix =
        "make the data \(place) \(withIndefiniteArticle(typeName(type))), or change the property's "
        + "type to what the data holds"
      detail = Self.detail(context)
    case .dataCorrupted(let context):
      let place = Self.place(context.codingPath)
      what = "the data \(place) is not valid"
      fix =
        "check what the data source returns \(place) (the decoder's note above says what it "
        + "expected); a date or URL needs the decoder's matching strategy"
      detail = Self.detail(context)
    @unknown default:
      what = "\(error)"
      fix = "fix the data or the Decodable type; see underlyingError"
      detail = nil
    }
  }

  /// `at contacts[2].name`, or `at the top level` for an empty coding path.
  static func place(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "at the top level" }
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return "at \(text)"
  }

  static func detail(_ context: DecodingError.Context) -> String? {
    let text = context.debugDescription
    return text.isEmpty ? nil : text
  }
}

/// How an assembly registers `type` under `name` with runtime `arguments`, for fix lines:
/// `r.register(ContactStore.self, ...)`,
/// `r.register((any PaymentGateway).self, name: Gateway.card, ...)`,
/// `r.register((any ContactDetailPresenting).self, arguments: Contact.self, ...)`.
func registrationCall(_ type: Any.Type, name: ServiceName?, arguments: [Any.Type]) -> String {
  var call = "r.register(\(typeExpression(type)).self"
  if let name { call += ", name: \(name)" }
  if !arguments.isEmpty {
    call += ", arguments: " + arguments.map { "\(typeExpression($0)).self" }.joined(separator: ", ")
  }
  return call + ", ...)"
}

/// `type` as Swift source writes it before `.self`: `ContactStore`, or `(any ContactStore)` for a
/// protocol (a bare protocol name there is the protocol's own metatype, which registers nothing).
func typeExpression(_ type: Any.Type) -> String {
  let name = typeName(type)
  guard runtimeMetadataKind(type) == MetadataKind.existential, name != "Any", name != "AnyObject"
  else { return name }
  return "(any \(name))"
}

/// `items` joined by `separator`, shortened in the middle to the first and last `keeping` items
/// when there are more than three times as many (a 1,000-deep chain stays one readable line).
func abbreviated(_ items: [String], keeping: Int, separator: String) -> String {
  guard items.count > keeping * 3 else { return items.joined(separator: separator) }
  let head = items.prefix(keeping).joined(separator: separator)
  let tail = items.suffix(keeping).joined(separator: separator)
  return "\(head)\(separator)… (\(items.count - 2 * keeping) more)\(separator)\(tail)"
}

/// What to say when the missing type is a parameter of an autowired initializer: the parameter
/// may have a default value (`init(session: URLSession = .shared)`), which Swift does not pass
/// through an `APIClient.init` reference (the reference's type lists every parameter), so the
/// registry resolves it. The fix is a closure that calls the initializer without that argument.
struct DefaultArgumentHint {
  /// Why the default value is not used, naming the registration.
  let note: String
  /// `; or …`: the closure registration to write instead, appended to the fix.
  let fix: String

  /// Nil unless `requester` is autowired and takes `type` (resolved, not optional or deferred).
  init?(missing key: ServiceKey, type: Any.Type, requester: AnyEntry?) {
    // A forwarding (`r.forward`) depends on its source, but has no initializer to call.
    guard let requester, !(requester is any ForwardingEntry),
      let parameters = requester.dependencies,
      parameters.contains(where: { $0.key == key && !$0.isDeferred && !$0.isOptional })
    else { return nil }
    let missing = typeName(type)
    let owner = typeName(requester.serviceType)
    let isProtocol = runtimeMetadataKind(requester.serviceType) == MetadataKind.existential
    let built = isProtocol ? "<#\(owner) type#>" : owner
    let reference = isProtocol ? "YourType.init" : "\(owner).init"
    note =
      "\(requester.keyDescription) is autowired (registered at \(requester.origin)): if its "
      + "initializer gives the \(missing) parameter a default value, Swift does not use it through "
      + "a `\(reference)` reference, which passes every argument"
    let others = parameters.filter { $0.key != key }
    // (An initializer taking a `Resolver` is not autowired: it has no declared dependencies.)
    let arguments = others.map { _ in "<#label#>: try r.resolve()" }
    let closure =
      "{ \(arguments.isEmpty ? "_" : "r") in \(built)(\(arguments.joined(separator: ", "))) }"
    var call = "r.register(\(typeExpression(requester.serviceType)).self"
    if let name = requester.key.name { call += ", name: \(name)" }
    if let lifetime = lifetimeArgument(requester.lifetime) { call += ", lifetime: \(lifetime)" }
    call += requester.isMainActor ? ", mainActor: \(closure))" : ") \(closure)"
    let order =
      others.isEmpty
      ? ""
      : " (its other parameters, in order: \(others.map { typeName($0.type) }.joined(separator: ", ")))"
    fix =
      "; or, for the default value, a closure that calls the initializer without that "
      + "argument\(order): \(call)"
  }
}

/// `lifetime` as a registration writes it, nil for the default (transient).
func lifetimeArgument(_ lifetime: Lifetime) -> String? {
  switch lifetime.kind {
  case .transient: nil
  case .graph: ".graph"
  case .weak: ".weak"
  case .app: ".app"
  case .story(let story): ".story(\(story.typeName).self)"
  }
}

/// Registrations close to a missing key: the same type under another name or other arguments, the
/// same key inside a story that is not open here, a similar type name.
struct NearMisses {
  var notes: [String] = []

  init(key: ServiceKey, type: Any.Type, graph: Graph, openStories: Set<String>) {
    for entry in graph.entries where entry.key.type == key.type && entry.key != key {
      if let name = entry.key.name, name != key.name {
        notes.append("\(typeName(type)) is registered under name \(name) (\(entry.origin))")
      } else if entry.key.name == nil, key.name != nil {
        notes.append("\(typeName(type)) is registered without a name (\(entry.origin))")
      } else if entry.key.arguments != key.arguments {
        let arguments =
          entry.argumentTypes.isEmpty
          ? "without arguments"
          : "with arguments (\(entry.argumentTypes.map(typeName).joined(separator: ", ")))"
        notes.append("\(typeName(type)) is registered \(arguments) (\(entry.origin))")
      }
    }
    // The name is right but the type is not: registered as another protocol.
    if let name = key.name {
      for entry in graph.entries where entry.key.name == name && entry.key.type != key.type {
        notes.append(
          "name \(name) is registered for \(typeName(entry.serviceType)), not "
            + "\(typeName(type)) (\(entry.origin))")
      }
    }
    for entry in graph.entries where entry.key == key {
      if let story = entry.localStory, !openStories.contains(story.name) {
        notes.append(
          "\(entry.keyDescription) is registered only inside story \(story.name), which is not open "
            + "here (\(entry.origin))")
      }
    }
    if notes.isEmpty {
      let wanted = typeName(type).lowercased()
      let similar = graph.entries.lazy.filter {
        let candidate = typeName($0.serviceType).lowercased()
        return candidate != wanted
          && (candidate.contains(wanted) || wanted.contains(candidate)
            || editDistance(candidate, wanted, limit: 2) <= 2)
      }
      for entry in similar.prefix(3) {
        notes.append("did you mean \(entry.keyDescription)? (\(entry.origin))")
      }
    }
    // Hundreds of names for one type would bury the message: show a few.
    if notes.count > Self.limit {
      let more = notes.count - Self.limit
      notes = Array(notes.prefix(Self.limit)) + ["… and \(more) more near misses"]
    }
  }

  static let limit = 5
}

/// Levenshtein distance, giving up (returning `limit + 1`) once it exceeds `limit`.
func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
  let a = Array(a.utf8)
  let b = Array(b.utf8)
  if abs(a.count - b.count) > limit { return limit + 1 }
  var previous = Array(0...b.count)
  for i in 1...max(a.count, 1) where !a.isEmpty {
    var current = [i] + [Int](repeating: 0, count: b.count)
    var rowMinimum = i
    for j in 1...max(b.count, 1) where !b.isEmpty {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      rowMinimum = min(rowMinimum, current[j])
    }
    if rowMinimum > limit { return limit + 1 }
    previous = current
  }
  return previous[b.count]
}

/// Registrations close to an override's key: the same type under another name or with other
/// arguments, or a similar type name.
func overrideNearMisses(of entry: AnyEntry, in candidates: [AnyEntry]) -> [String] {
  var notes: [String] = []
  for candidate in candidates where candidate.key.type == entry.key.type && !candidate.isOverride {
    notes.append("did you mean \(candidate.keyDescription)? (\(candidate.origin))")
  }
  if notes.isEmpty {
    let wanted = typeName(entry.serviceType).lowercased()
    for candidate in candidates where !candidate.isOverride {
      let name = typeName(candidate.serviceType).lowercased()
      if name != wanted, editDistance(name, wanted, limit: 2) <= 2 {
        notes.append("did you mean \(candidate.keyDescription)? (\(candidate.origin))")
      }
    }
  }
  return Array(notes.prefix(NearMisses.limit))
}
