import Foundation
import Testing

@testable import ViperNest

/// The strong ivar layout of an Objective-C class, as objc4 defines it (runtime/objc-layout.mm,
/// read back by `isScanned` in runtime/objc-class.mm): each byte skips its high nibble's count of
/// words, then marks its low nibble's count of words as strong; a zero byte ends it. Every layout
/// here is written by hand from that definition.
struct ObjectiveCIvarLayoutTests {
  // MARK: - The layout string

  @Test func eachByteSkipsItsHighNibbleThenScansItsLowNibble() {
    // Three strong words, one skipped (a weak ivar), one strong.
    #expect(ObjectiveCIvarLayout.strongWords(in: [0x03, 0x11, 0x00]) == [0, 1, 2, 4])
    // objc-layout.mm's own example (4-byte words): pointers at byte offsets 4, 12, 16 and 32-128.
    let words = ObjectiveCIvarLayout.strongWords(in: [0x11, 0x12, 0x3F, 0x0A, 0x00])
    #expect(words.map { $0 * 4 } == [4, 12, 16] + Array(stride(from: 32, through: 128, by: 4)))
  }

  @Test func countsAboveFifteenContinueInTheNextByte() {
    // Skip 15 + 2 words, then one strong word; then 15 + 3 strong words.
    #expect(ObjectiveCIvarLayout.strongWords(in: [0xF0, 0x21]) == [17])
    #expect(ObjectiveCIvarLayout.strongWords(in: [0x0F, 0x03]) == Array(0..<18))
  }

  @Test func theFirstZeroByteEndsTheLayout() {
    #expect(ObjectiveCIvarLayout.strongWords(in: [0x01, 0x00, 0x01]) == [0])
    #expect(ObjectiveCIvarLayout.strongWords(in: [0x00, 0x0F]) == [])
    #expect(ObjectiveCIvarLayout.strongWords(in: []) == [])
  }

  // MARK: - Selecting the strong object instance variables

  @Test func strongObjectsAndBlocksAreSelectedAndWeakAndScalarIvarsAreNot() {
    // A controller-like class after an 8-byte isa: words from offset 8.
    let ivars = [
      ObjectiveCIvar(name: "_view", offset: 8, typeEncoding: "@\"UIView\""),
      ObjectiveCIvar(name: "_title", offset: 16, typeEncoding: "@\"NSString\""),
      ObjectiveCIvar(name: "_delegate", offset: 24, typeEncoding: "@"),  // __weak
      ObjectiveCIvar(name: "_count", offset: 32, typeEncoding: "q"),
      ObjectiveCIvar(name: "_completion", offset: 40, typeEncoding: "@?"),
      ObjectiveCIvar(name: "_children", offset: 48, typeEncoding: "@\"NSMutableArray\""),
      ObjectiveCIvar(name: "_frame", offset: 56, typeEncoding: "{CGRect={CGPoint=dd}{CGSize=dd}}"),
    ]
    // Words 0-1 strong; skip 2 (weak, scalar); words 4-5 strong.
    let selection = ObjectiveCIvarLayout.strongIvars(ivars, layout: [0x02, 0x22], wordSize: 8)
    #expect(
      selection.strong == [
        ObjectiveCStrongIvar(name: "_view", offset: 8, kind: .object),
        ObjectiveCStrongIvar(name: "_title", offset: 16, kind: .object),
        ObjectiveCStrongIvar(name: "_completion", offset: 40, kind: .block),
        ObjectiveCStrongIvar(name: "_children", offset: 48, kind: .object),
      ])
    #expect(selection.unknownOwnership.isEmpty)
  }

  @Test func theLayoutCountsFromTheClassesOwnFirstIvarNotFromTheObjectStart() {
    // A subclass whose superclass ends at byte 56: its layout covers its own ivars only.
    let ivars = [
      ObjectiveCIvar(name: "_a", offset: 56, typeEncoding: "@"),
      ObjectiveCIvar(name: "_b", offset: 64, typeEncoding: "@"),
    ]
    let selection = ObjectiveCIvarLayout.strongIvars(ivars, layout: [0x11], wordSize: 8)
    #expect(selection.strong.map(\.name) == ["_b"])
  }

  @Test func anUnalignedInstanceStartRoundsUpToAWordAsObjc4Does() {
    // The superclass ends at byte 12; this class's first ivar is a `char` there. objc4 counts the
    // layout from `alignedInstanceStart()`, 16: `_object` is word 0.
    let ivars = [
      ObjectiveCIvar(name: "_flag", offset: 12, typeEncoding: "c"),
      ObjectiveCIvar(name: "_object", offset: 16, typeEncoding: "@"),
      ObjectiveCIvar(name: "_other", offset: 24, typeEncoding: "@"),
    ]
    let selection = ObjectiveCIvarLayout.strongIvars(ivars, layout: [0x01], wordSize: 8)
    #expect(selection.strong.map(\.name) == ["_object"])
  }

  @Test func fourByteWordsAreCountedInFourByteSteps() {
    let ivars = [
      ObjectiveCIvar(name: "_first", offset: 4, typeEncoding: "@"),
      ObjectiveCIvar(name: "_second", offset: 8, typeEncoding: "@"),
    ]
    let selection = ObjectiveCIvarLayout.strongIvars(ivars, layout: [0x11], wordSize: 4)
    #expect(selection.strong.map(\.name) == ["_second"])
  }

  @Test func withoutALayoutObjectIvarsHaveUnknownOwnershipAndAreNotSelected() {
    let ivars = [
      ObjectiveCIvar(name: "_target", offset: 8, typeEncoding: "@"),
      ObjectiveCIvar(name: "_tag", offset: 16, typeEncoding: "q"),
      ObjectiveCIvar(name: "_action", offset: 24, typeEncoding: "@?"),
    ]
    let selection = ObjectiveCIvarLayout.strongIvars(ivars, layout: nil, wordSize: 8)
    #expect(selection.strong.isEmpty)
    #expect(selection.unknownOwnership == ["_target", "_action"])
    // An empty layout (non-nil) says: nothing is strong.
    let empty = ObjectiveCIvarLayout.strongIvars(ivars, layout: [], wordSize: 8)
    #expect(empty == ObjectiveCIvarSelection())
  }

  @Test func aStrongWordHoldingANonObjectIvarSelectsNothing() {
    // `__strong void *` is scanned by the layout but is not an object: not followed.
    let ivars = [ObjectiveCIvar(name: "_pointer", offset: 8, typeEncoding: "^v")]
    #expect(ObjectiveCIvarLayout.strongIvars(ivars, layout: [0x01], wordSize: 8).strong.isEmpty)
  }
}

// MARK: - Following the instance variables

/// Stands for a `UIViewController` whose state Swift reflection cannot see: its fields play the
/// Objective-C instance variables, at the offsets the hand-written hierarchy gives them.
private final class ModelledController {
  var view: AnyObject?
  var title: AnyObject?
  var completion: AnyObject?
  var children: AnyObject?
  var delegate: AnyObject?
}

/// A Swift subview whose closure captures the controller: the cycle runs through `_view`.
private final class ModelledSubview {
  var onTap: (() -> Void)?
}

private final class ModelledView {
  var subview: ModelledSubview?
}

private final class ModelledChild {}

struct ObjectiveCHierarchyTests {
  /// The hierarchy a UIKit-like controller would have: `_view`, `_title`, `_completion` (a block),
  /// `_childViewControllers` strong, `_delegate` weak.
  private func hierarchy() throws -> ObjectiveCHierarchy {
    let offsets = SwiftRuntimeReflection.storedFields(of: ModelledController.self).fields
      .map(\.offset)
    let word = MemoryLayout<UnsafeRawPointer>.size
    try #require(
      offsets.count == 5 && zip(offsets, offsets.dropFirst()).allSatisfy { $1 - $0 == word })
    let ivars = [
      ObjectiveCIvar(name: "_view", offset: offsets[0], typeEncoding: "@\"UIView\""),
      ObjectiveCIvar(name: "_title", offset: offsets[1], typeEncoding: "@\"NSString\""),
      ObjectiveCIvar(name: "_completion", offset: offsets[2], typeEncoding: "@?"),
      ObjectiveCIvar(
        name: "_childViewControllers", offset: offsets[3], typeEncoding: "@\"NSMutableArray\""),
      ObjectiveCIvar(name: "_delegate", offset: offsets[4], typeEncoding: "@"),
    ]
    // Four strong words, then the weak `_delegate`.
    let selection = ObjectiveCIvarLayout.strongIvars(ivars, layout: [0x04], wordSize: word)
    return ObjectiveCHierarchy(
      levels: [.init(className: "UIViewController", selection: selection)],
      mostDerived: "UIViewController")
  }

  /// A scanner that sees a `ModelledController` only through `hierarchy`, as Swift reflection
  /// sees a view controller's `UIViewController` part on Apple platforms.
  private func scanner(
    _ hierarchy: ObjectiveCHierarchy?, isOnMainActor: Bool = false
  ) -> RetainGraph.Scanner {
    { object in
      guard object is ModelledController else {
        return SwiftRuntimeReflection.strongReferences(of: object)
      }
      var scan = ReferenceScan()
      hierarchy?.scan(object, into: &scan, isOnMainActor: isOnMainActor)
      return scan
    }
  }

  @Test func aCycleThroughTheControllersViewIsFound() throws {
    let controller = ModelledController()
    let view = ModelledView()
    let subview = ModelledSubview()
    controller.view = view
    view.subview = subview
    subview.onTap = { [controller] in _ = controller }
    defer { subview.onTap = nil }

    var blind = RetainGraph(scanner: scanner(nil))
    #expect(blind.cycles(through: controller).isEmpty, "without the ivars the cycle is invisible")

    var graph = RetainGraph(scanner: scanner(try hierarchy()))
    let cycle = try #require(graph.cycles(through: controller).first)
    #expect(cycle.steps.map(\.property) == ["_view", "subview", "onTap"])
    #expect(cycle.steps.last?.isClosureCapture == true)
  }

  @Test func setStrongIvarsAreFollowedAndNamedInTheNote() throws {
    let controller = ModelledController()
    let view = ModelledView()
    let title = ModelledChild()
    let delegate = ModelledChild()
    controller.view = view
    controller.title = title
    controller.delegate = delegate
    var scan = ReferenceScan()
    try hierarchy().scan(controller, into: &scan, isOnMainActor: false)
    #expect(scan.references.map(\.path) == ["_view", "_title"])
    #expect(
      scan.references.map { ObjectIdentifier($0.target) }
        == [view, title].map(ObjectIdentifier.init))
    #expect(scan.references.allSatisfy { $0.isDirect && !$0.throughClosure })
    #expect(
      scan.uninspected == [
        "UIViewController state (an Objective-C superclass: its strong object instance variables "
          + "are followed, here _view, _title; its blocks' captures, associated objects "
          + "and objects inside C structs are not)"
      ])
  }

  @Test func aBlockIvarIsNamedAsNotFollowed() throws {
    let controller = ModelledController()
    controller.completion = ModelledChild()
    var scan = ReferenceScan()
    try hierarchy().scan(controller, into: &scan, isOnMainActor: false)
    #expect(scan.references.isEmpty)
    #expect(scan.uninspected.first == "_completion (block: its captures are not followed)")
  }

  @Test func aCollectionIvarIsNotEnumeratedOffTheMainActor() throws {
    let controller = ModelledController()
    let child = ModelledChild()
    controller.children = NSArray(array: [child])
    var scan = ReferenceScan()
    try hierarchy().scan(controller, into: &scan, isOnMainActor: false)
    #expect(scan.references.isEmpty)
    #expect(
      scan.uninspected.first
        == "_childViewControllers (an NSArray: not enumerated off the main actor)")
  }

  @Test func aCollectionIvarIsEnumeratedOnTheMainActor() throws {
    let controller = ModelledController()
    let first = ModelledChild()
    let second = ModelledChild()
    controller.children = NSArray(array: [first, second])
    var scan = ReferenceScan()
    try hierarchy().scan(controller, into: &scan, isOnMainActor: true)
    #expect(
      scan.references.map(\.path) == ["_childViewControllers[0]", "_childViewControllers[1]"])
    #expect(
      scan.references.map { ObjectIdentifier($0.target) }
        == [first, second].map(ObjectIdentifier.init))
    #expect(scan.uninspected.count == 1, "only the superclass note")
  }

  @Test func aLongCollectionIsFollowedUpToItsLimitAndSaysSo() throws {
    let controller = ModelledController()
    let children = (0...ObjectiveCHierarchy.maximumElements).map { _ in ModelledChild() }
    controller.children = NSArray(array: children)
    var scan = ReferenceScan()
    try hierarchy().scan(controller, into: &scan, isOnMainActor: true)
    #expect(scan.references.count == ObjectiveCHierarchy.maximumElements)
    #expect(
      scan.uninspected.first
        == "_childViewControllers (an NSArray of 257 elements: only the first 256 are followed)")
  }

  @Test func aClassWithoutAStrongLayoutIsNamedWithItsIvarCount() {
    let selection = ObjectiveCIvarLayout.strongIvars(
      [
        ObjectiveCIvar(name: "_target", offset: 8, typeEncoding: "@"),
        ObjectiveCIvar(name: "_next", offset: 16, typeEncoding: "@\"UIResponder\""),
      ], layout: nil, wordSize: 8)
    let hierarchy = ObjectiveCHierarchy(
      levels: [.init(className: "UIResponder", selection: selection)], mostDerived: "UIResponder")
    var scan = ReferenceScan()
    hierarchy.scan(ModelledController(), into: &scan, isOnMainActor: false)
    #expect(scan.references.isEmpty)
    #expect(
      scan.uninspected.first
        == "UIResponder's 2 object instance variables (no ARC strong ivar layout, so strong "
        + "cannot be told from unretained: not followed)")
  }

  @Test func withoutAnObjectiveCRuntimeNoHierarchyIsRead() {
    #if !canImport(ObjectiveC)
      #expect(ObjectiveCHierarchy.of(ModelledController.self) == nil)
    #endif
  }
}
