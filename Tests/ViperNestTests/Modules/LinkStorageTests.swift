import Testing

@testable import ViperNest

/// The strong links store a contract value as its object plus the value's other words
/// (`LinkWords`), or boxed when it is not a class instance: every shape of contract reads back as
/// the value wired, and the links own exactly what they were given.
@MainActor
struct LinkStorageTests {
  // MARK: - Values read back as wired

  @Test func aWiredPresenterReadsBackForEveryContractShape() {
    let layer = Layer(id: 3)
    // A class instance is kept as its object and words, up to five words.
    expectRoundTrip(layer as any ClassBound, boxed: false) { $0.name() == "layer 3" }
    expectRoundTrip(layer as any Opaque, boxed: false) { $0.number() == 3 }
    expectRoundTrip(layer as any ClassBound & Opaque, boxed: false) {
      $0.name() == "layer 3" && $0.number() == 3
    }
    expectRoundTrip(layer as AnyObject, boxed: false) { $0 === layer }
    expectRoundTrip(layer, boxed: false) { $0 === layer }
    // Wider than five words: kept boxed.
    expectRoundTrip(layer as any Opaque & Second, boxed: true) {
      $0.number() == 3 && $0.second() == 6
    }
    expectRoundTrip(
      layer as any ClassBound & Opaque & Second & Third & Fourth & Fifth, boxed: true
    ) {
      $0.name() == "layer 3" && $0.fifth() == 15
    }
  }

  @Test func aStructMockReadsBackAsWired() {
    expectRoundTrip(MockValue(number: 42) as any Opaque, boxed: true) { $0.number() == 42 }
    expectRoundTrip(MockValue(number: 5), boxed: true) { $0.number() == 5 }
    // One word, but not a class instance.
    expectRoundTrip([1, 2, 3], boxed: true) { $0 == [1, 2, 3] }
  }

  @Test func presenterLinksReadBackTheirInteractorAndRouter() {
    let links = PresenterLinks<any ClassBound, any Opaque, any ClassBound & Opaque>()
    let view = Layer(id: 1)
    let interactor = Layer(id: 2)
    let router = Layer(id: 3)
    #expect(!links.isWired)
    links.wire(view: view, interactor: interactor, router: router)
    #expect(links.isWired)
    #expect(links.view?.name() == "layer 1")
    #expect(links.interactor.number() == 2)
    #expect(links.router.name() == "layer 3")
    #expect(links.storedInteractor === interactor)
    #expect(links.storedRouter === router)
  }

  // MARK: - Ownership

  @Test func linksReleaseWhatTheyHoldWhenReleased() {
    weak var presenter: Layer?
    weak var interactor: Layer?
    weak var captured: Layer?
    do {
      let viewLinks = ViewLinks<any Opaque>()
      let presenterLinks = PresenterLinks<any ClassBound, any Opaque, any Opaque>()
      do {
        let p = Layer(id: 1)
        let i = Layer(id: 2)
        let c = Layer(id: 3)
        presenter = p
        interactor = i
        captured = c
        viewLinks.wire(presenter: p)
        presenterLinks.wire(view: p, interactor: i, router: MockValue(number: 0, holding: c))
      }
      #expect(presenter != nil && interactor != nil && captured != nil)
      #expect(viewLinks.presenter.number() == 1)
      #expect(presenterLinks.router.number() == 0)
    }
    #expect(presenter == nil)
    #expect(interactor == nil)
    #expect(captured == nil)
  }

  @Test func aValueReadFromTheLinksHoldsItsOwnReference() {
    weak var released: Layer?
    var read: (any Opaque)?
    do {
      let links = ViewLinks<any Opaque>()
      let layer = Layer(id: 9)
      released = layer
      links.wire(presenter: layer)
      read = links.presenter
    }
    #expect(released != nil)
    #expect(read?.number() == 9)
    read = nil
    #expect(released == nil)
  }

  @Test func rewiringReleasesThePreviousValue() {
    let links = ViewLinks<any Opaque>()
    weak var first: Layer?
    do {
      let layer = Layer(id: 1)
      first = layer
      links.wire(presenter: layer)
    }
    #expect(first != nil)
    links.wire(presenter: MockValue(number: 2))
    #expect(first == nil)
    #expect(links.presenter.number() == 2)
    let second = Layer(id: 3)
    links.wire(presenter: second)
    #expect(links.presenter.number() == 3)
    #expect(links.storedPresenter === second)
  }

  /// Wires `value` into view links and checks what the links give back.
  private func expectRoundTrip<Contract>(
    _ value: Contract, boxed: Bool, sourceLocation: SourceLocation = #_sourceLocation,
    _ isSame: (Contract) -> Bool
  ) {
    let links = ViewLinks<Contract>()
    #expect(!links.isWired, sourceLocation: sourceLocation)
    links.wire(presenter: value)
    #expect(links.isWired, sourceLocation: sourceLocation)
    #expect(links.presenterWords.isBoxed == boxed, sourceLocation: sourceLocation)
    #expect(isSame(links.presenter), sourceLocation: sourceLocation)
    #expect(isSame(links.presenter), "a second read", sourceLocation: sourceLocation)
  }
}

private protocol ClassBound: AnyObject { func name() -> String }
private protocol Opaque { func number() -> Int }
private protocol Second { func second() -> Int }
private protocol Third: AnyObject {}
private protocol Fourth: AnyObject {}
private protocol Fifth: AnyObject { func fifth() -> Int }

private final class Layer: ClassBound, Opaque, Second, Third, Fourth, Fifth {
  let id: Int
  init(id: Int) { self.id = id }
  func name() -> String { "layer \(id)" }
  func number() -> Int { id }
  func second() -> Int { 2 * id }
  func fifth() -> Int { 5 * id }
}

/// A struct standing in for a layer, as a unit test's mock may; it can hold an object.
private struct MockValue: Opaque {
  let value: Int
  let held: AnyObject?
  init(number: Int, holding object: AnyObject? = nil) {
    value = number
    held = object
  }
  func number() -> Int { value }
}
