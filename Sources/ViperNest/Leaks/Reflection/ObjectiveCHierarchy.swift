import Foundation

/// The Objective-C classes of an object's hierarchy (those without Swift field metadata, such as
/// `UIViewController`, `UIView`, `UIResponder`) with the strong instance variables of each, and
/// how a scan follows them.
///
/// On Apple platforms `ObjectiveCHierarchy.of(_:)` (ObjectiveCIvars.swift) reads them from the
/// Objective-C runtime; elsewhere there are no Objective-C classes and it answers nil. Following
/// the instance variables is platform-independent: a strong object instance variable is read like
/// a stored property of an object type, at its offset, while the scanned object is kept alive.
final class ObjectiveCHierarchy: Sendable {
  /// One Objective-C class of the hierarchy.
  struct Level: Sendable {
    /// The class name, e.g. `UIViewController`.
    let className: String
    /// Its own strong instance variables and those whose ownership is unknown.
    let selection: ObjectiveCIvarSelection
  }

  /// The Objective-C classes, root first.
  let levels: [Level]
  /// The most derived Objective-C class (see `SwiftRuntimeReflection.opaqueSuperclass(in:)`).
  let mostDerived: String

  init(levels: [Level], mostDerived: String) {
    self.levels = levels
    self.mostDerived = mostDerived
  }

  /// Adds the references held by `object`'s strong Objective-C instance variables to `scan`
  /// (before the Swift stored properties' ones, as superclass state comes first), and notes what
  /// was not followed.
  ///
  /// A Foundation collection (`NSArray`, `NSSet`, `NSOrderedSet`, `NSDictionary`'s values) in an
  /// instance variable, such as `UIViewController`'s `_childViewControllers`, is enumerated only
  /// when `isOnMainActor`: the main thread owns UIKit's collections, and enumerating a lazily
  /// bridged collection from another thread can trap. Off the main actor it is noted as not
  /// followed, by name.
  ///
  /// - Precondition: `object`'s class is the one this hierarchy was read from (or a subclass).
  func scan(_ object: AnyObject, into scan: inout ReferenceScan, isOnMainActor: Bool) {
    var references: [ReflectedReference] = []
    var notes: [String] = []
    var followed: [String] = []
    withExtendedLifetime(object) {
      let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      for level in levels {
        for ivar in level.selection.strong {
          // Invariant of these raw reads: the selection holds only word-aligned `@` instance
          // variables inside the object (offsets from the Objective-C runtime of this class or a
          // superclass, checked against the layout), and a strong instance variable holds nil or
          // a retained object; `object` is alive for the whole scan, so the loaded reference is
          // valid (the load retains it). No benchmark target: reflection has no plain version
          // (`Mirror` shows no Objective-C instance variables).
          let slot = base + ivar.offset
          guard slot.load(as: UInt.self) != 0 else { continue }
          if ivar.kind == .block {
            notes.append(Self.blockNote(ivar.name))
            continue
          }
          let target = slot.load(as: AnyObject.self)
          guard let collection = ObjectiveCCollection(target) else {
            references.append(
              ReflectedReference(
                path: ivar.name, target: target, throughClosure: false, isDirect: true))
            followed.append(ivar.name)
            continue
          }
          guard isOnMainActor else {
            notes.append(Self.collectionNote(ivar.name, collection))
            continue
          }
          let elements = collection.elements
          if elements.count > Self.maximumElements {
            notes.append(Self.longCollectionNote(ivar.name, collection, count: elements.count))
          }
          for (index, element) in elements.prefix(Self.maximumElements).enumerated() {
            references.append(
              ReflectedReference(
                path: "\(ivar.name)[\(index)]", target: element, throughClosure: false,
                isDirect: false))
          }
          followed.append(ivar.name)
        }
        if !level.selection.unknownOwnership.isEmpty {
          notes.append(
            Self.unknownOwnershipNote(
              level.className, count: level.selection.unknownOwnership.count))
        }
      }
    }
    scan.references.insert(contentsOf: references, at: 0)
    scan.uninspected.append(contentsOf: notes)
    scan.uninspected.append(Self.superclassNote(mostDerived, followed: followed))
  }

  /// How many elements of one collection a scan follows (a view's subviews, a container's
  /// children); the walk of the whole graph is bounded too (`RetainGraph`'s scan budget).
  static let maximumElements = 256

  // MARK: Notes

  /// What a scan lists for the Objective-C part of an object: which instance variables were
  /// followed, and what of that part never is.
  static func superclassNote(_ name: String, followed: [String]) -> String {
    let shown = followed.prefix(4).joined(separator: ", ")
    let more = followed.count > 4 ? " and \(followed.count - 4) more" : ""
    let what = followed.isEmpty ? "none was set" : "\(shown)\(more)"
    return "\(name) state (an Objective-C superclass: its strong object instance variables are "
      + "followed, here \(what); its blocks' captures, associated objects and objects inside C "
      + "structs are not)"
  }

  /// The note for a block held by an instance variable.
  static func blockNote(_ name: String) -> String {
    "\(name) (block: its captures are not followed)"
  }

  /// The note for a collection instance variable met off the main actor.
  static func collectionNote(_ name: String, _ collection: ObjectiveCCollection) -> String {
    "\(name) (an \(collection.kindName): not enumerated off the main actor)"
  }

  /// The note for a collection longer than `maximumElements`.
  static func longCollectionNote(
    _ name: String, _ collection: ObjectiveCCollection, count: Int
  ) -> String {
    "\(name) (an \(collection.kindName) of \(count) elements: only the first "
      + "\(maximumElements) are followed)"
  }

  /// The note for a class whose object instance variables have no strong layout.
  static func unknownOwnershipNote(_ className: String, count: Int) -> String {
    let variables = count == 1 ? "instance variable" : "instance variables"
    return "\(className)'s \(count) object \(variables) (no ARC strong ivar layout, so strong "
      + "cannot be told from unretained: not followed)"
  }
}

/// A Foundation collection found in an Objective-C instance variable.
struct ObjectiveCCollection {
  /// `NSArray`, `NSSet`, `NSOrderedSet` or `NSDictionary`.
  let kindName: String
  private let object: AnyObject

  /// Nil when `object` is not one of the collections the scan enumerates.
  init?(_ object: AnyObject) {
    switch object {
    case is NSArray: kindName = "NSArray"
    case is NSOrderedSet: kindName = "NSOrderedSet"
    case is NSSet: kindName = "NSSet"
    case is NSDictionary: kindName = "NSDictionary"
    default: return nil
    }
    self.object = object
  }

  /// The elements (a dictionary's values), each as the object the collection retains. Call on
  /// the main thread only (see `ObjectiveCHierarchy.scan`).
  var elements: [AnyObject] {
    let values: [Any]
    switch object {
    case let array as NSArray: values = array.map { $0 }
    case let set as NSOrderedSet: values = set.array
    case let set as NSSet: values = set.allObjects
    case let dictionary as NSDictionary: values = dictionary.allValues
    default: values = []
    }
    return values.map { $0 as AnyObject }
  }
}
