import Testing
import ViperNestHeadless

@testable import ViperNest

@MainActor
struct WiringMemoTests {
  // MARK: - Replayed casts equal real casts

  @Test func replayedCastsEqualRealCastsForEveryContractShape() {
    expectReplayMatchesCast { $0 as any ClassBound }
    expectReplayMatchesCast { $0 as any Opaque }
    expectReplayMatchesCast { $0 as any ClassBound & Opaque }
    expectReplayMatchesCast { $0 as any MainActorBound }
    expectReplayMatchesCast { $0 as AnyObject }
    expectReplayMatchesCast { $0 as Layer }
  }

  @Test func replayedValuesKeepTheirObjectAliveAndReleaseIt() {
    let builder = Key.self
    let template = Layer()
    let memo = WiringMemo.memo(for: builder)
    record(template, as: (any Opaque).self, in: memo)
    #expect(memo.layers == WiringMemo.types(template, template, template, template))
    weak var released: Layer?
    var value: (any Opaque)?
    do {
      let layer = Layer()
      released = layer
      value = memo.words.0.load(layer, as: (any Opaque).self)
    }
    #expect(released != nil)
    #expect((value as AnyObject?) === released)
    value = nil
    #expect(released == nil)
  }

  @Test func aResultThatDoesNotStartWithItsObjectIsNotRecorded() {
    let memo = WiringMemo.memo(for: OtherKey.self)
    let layer = Layer()
    let types = WiringMemo.types(layer, layer, layer, layer)
    memo.record(types, 0 as Int, of: layer, 0 as Int, of: layer, 0 as Int, of: layer)
    #expect(memo.layers != types)
  }

  @Test func aResultWiderThanFiveWordsIsNotRecorded() {
    // An opaque existential of two protocols: a three-word buffer, its metadata and two witness
    // tables. The builder casts such contracts each time.
    let memo = WiringMemo.memo(for: ThirdKey.self)
    let layer = Layer()
    record(layer, as: (any Opaque & Second).self, in: memo)
    #expect(memo.layers != WiringMemo.types(layer, layer, layer, layer))
  }

  // MARK: - The builder

  @Test func modulesOfTheSameClassesAreWiredAlike() throws {
    let app = try ContactsApp()
    let story = try app.app.open(ContactsStory.self)
    defer { story.close() }
    // The first module records the casts, the others replay them.
    for _ in 0..<3 {
      let module = try ContactsBuilder.build(in: story)
      #expect(module.view.presenter === module.presenter)
      #expect(module.presenter.view === module.view)
      #expect(module.presenter.interactor === module.interactor)
      #expect(module.presenter.router === module.router)
      #expect(module.interactor.presenter === module.presenter)
      #expect(module.router.viewController === module.view)
    }
  }

  /// Records a cast of one `Layer` through a memo, replays it for another and compares the bytes
  /// with that object's own cast.
  private func expectReplayMatchesCast<Contract>(
    sourceLocation: SourceLocation = #_sourceLocation, _ cast: (Layer) -> Contract
  ) {
    let first = Layer()
    let second = Layer()
    let recorded = cast(first)
    let size = MemoryLayout<Contract>.size
    let memo = WiringMemo.memo(for: Holder<Contract>.self)
    let types = WiringMemo.types(first, first, first, first)
    memo.record(types, recorded, of: first, recorded, of: first, recorded, of: first)
    #expect(memo.layers == types, sourceLocation: sourceLocation)
    let replayed = memo.words.2.load(second, as: Contract.self)
    let expected = cast(second)
    // The inline buffer of an opaque existential may hold garbage after the reference: compare
    // the reference and everything after the buffer.
    let skipped = size >= 40 ? 8..<24 : 0..<0
    let a = bytes(of: replayed)
    let b = bytes(of: expected)
    let same = a.indices.allSatisfy { skipped.contains($0) || a[$0] == b[$0] }
    #expect(same, sourceLocation: sourceLocation)
    #expect(
      a.prefix(8) == bytes(of: ObjectIdentifier(second)).prefix(8), sourceLocation: sourceLocation)
  }
}

/// Records `object` cast to `Contract` as all three templates of `memo`. The explicit type keeps
/// the existential from being opened (which would record the concrete class instead).
@MainActor
private func record<Contract>(_ object: Layer, as _: Contract.Type, in memo: WiringMemo) {
  let value = object as! Contract
  memo.record(
    WiringMemo.types(object, object, object, object), value, of: object, value, of: object, value,
    of: object)
}

private func bytes<Value>(of value: Value) -> [UInt8] {
  withUnsafeBytes(of: value) { Array($0) }
}

private protocol ClassBound: AnyObject { func name() -> String }
private protocol Opaque { func number() -> Int }
private protocol Second {}
@MainActor private protocol MainActorBound: AnyObject {}

private class Layer: ClassBound, Opaque, Second, MainActorBound {
  nonisolated func name() -> String { "layer" }
  nonisolated func number() -> Int { 7 }
}

/// Stand-ins for builder types: the memo is kept per builder type.
private final class Holder<Contract> {}
private final class Key {}
private final class OtherKey {}
private final class ThirdKey {}
