import Testing

@testable import ViperNest

#if canImport(Glibc)
  import Glibc
#endif

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

  // MARK: - What the links keep

  @Test func linksOfOneContractAndClassKeepTheSameWords() {
    // Two words: the link keeps the second (the witness table) itself.
    expectSameWords { $0 as any ClassBound }
    // Wider: one interned record for every value of the same contract and class.
    expectSameWords { $0 as any ClassBound & Opaque }
    expectSameWords { $0 as any Opaque }
  }

  @Test func staleBytesInAnOpaqueExistentialsBufferShareTheRecordOfTheCleanValue() {
    let layer = Layer(id: 4)
    // `as any Opaque`: passed to a generic parameter, the existential is not opened.
    let clean = bytes(of: layer as any Opaque)
    // The inline buffer holds the reference in its first word; the other two are unused.
    var stale = clean
    stale.replaceSubrange(8..<24, with: repeatElement(0xAB, count: 16))
    let cleanRecord = clean.withUnsafeBytes { LinkWords.intern($0, of: (any Opaque).self) }
    let staleRecord = stale.withUnsafeBytes { LinkWords.intern($0, of: (any Opaque).self) }
    #expect(staleRecord == cleanRecord)
    #expect(stale.withUnsafeBytes { $0.load(as: (any Opaque).self) }.number() == 4)
  }

  #if canImport(Glibc)
    /// Benchmark target `memory-300` (live modules): each strong link is two words, so the links a
    /// module allocates stay in the smallest allocations that hold them.
    @Test func aModulesLinksAreSmallAllocations() {
      let view = Layer(id: 1)
      let viewLinks = ViewLinks<any Opaque>()
      viewLinks.wire(presenter: view)
      let presenterLinks = PresenterLinks<any ClassBound, any Opaque, any ClassBound>()
      presenterLinks.wire(view: view, interactor: Layer(id: 2), router: Layer(id: 3))
      // glibc's usable size of a chunk: the object's size rounded up to 8 more than a multiple of
      // 16, at least 24.
      // The view's links: header, presenter object and words, lazily made state, leak group.
      #expect(usableSize(of: viewLinks) <= 56)
      #expect(usableSize(of: presenterLinks) <= 72)
      #expect(usableSize(of: RouterLinks()) <= 40)
      #expect(usableSize(of: InteractorLinks<any Opaque>()) <= 24)
    }

    /// glibc's `malloc_usable_size` of `object`'s allocation (the Glibc module does not export it:
    /// looked up by name; the bit cast gives the symbol its C declaration,
    /// `size_t malloc_usable_size(void *)`).
    private func usableSize(of object: AnyObject) -> Int {
      typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
      guard let symbol = dlsym(nil, "malloc_usable_size") else { return .max }
      let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
      return usableSize(Unmanaged.passUnretained(object).toOpaque())
    }
  #endif

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

  /// Wires two objects of one class, cast by `cast`, into view links and checks that the links keep
  /// the same words.
  private func expectSameWords<Contract>(
    sourceLocation: SourceLocation = #_sourceLocation, _ cast: (Layer) -> Contract
  ) {
    let first = ViewLinks<Contract>()
    let second = ViewLinks<Contract>()
    first.wire(presenter: cast(Layer(id: 1)))
    second.wire(presenter: cast(Layer(id: 2)))
    #expect(!first.presenterWords.isBoxed, sourceLocation: sourceLocation)
    #expect(
      first.presenterWords.word == second.presenterWords.word, sourceLocation: sourceLocation)
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

private func bytes<Value>(of value: Value) -> [UInt8] {
  withUnsafeBytes(of: value) { Array($0) }
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
