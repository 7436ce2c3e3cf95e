// The builder checks a module's ownership rules when it wires the module, when the layers' back
// references are still nil. A strong back reference set later (in `viewDidLoad`, by a presenter
// on its first update) shows only once the module is on screen, or when it ends: the module is
// checked again then, once per combination of layer types and moment, and only while a leak
// detector is on.

/// When a module's ownership rules are checked again.
enum OwnershipMoment: Hashable {
  /// The module was first shown.
  case shown
  /// The module left the screen (while its objects still exist).
  case ended
}

/// Checks a shown or ending VIPER module's ownership rules with a detector on.
@MainActor
enum OwnershipRecheck {
  private struct Checked {
    weak var detector: LeakDetector?
    var keys: Set<Key> = []
  }

  private struct Key: Hashable {
    let types: OwnershipCheckKey
    let moment: OwnershipMoment
  }

  /// The combinations each live detector has checked, by detector.
  private static var checked: [ObjectIdentifier: Checked] = [:]

  /// Checks the module whose view is `controller`, if it is a VIPER view and a detector is on.
  static func check(_ controller: any ViewControlling, _ moment: OwnershipMoment) {
    guard let detector = LeakDetector.current, let view = controller as? any VIPERView else {
      return
    }
    check(view, moment, detector)
  }

  private static func check(
    _ view: some VIPERView, _ moment: OwnershipMoment, _ detector: LeakDetector
  ) {
    guard let presenter = view.links.storedPresenter else { return }
    let (interactor, router) = layers(of: presenter)
    let types = OwnershipCheckKey(view, presenter, interactor, router, view, nil)
    let id = ObjectIdentifier(detector)
    var entry =
      checked[id].flatMap { $0.detector === detector ? $0 : nil }
      ?? Checked(detector: detector)
    guard entry.keys.insert(Key(types: types, moment: moment)).inserted else { return }
    if entry.keys.count == 1 { checked = checked.filter { $0.value.detector != nil } }
    checked[id] = entry
    let violations = detector.core.reflection.moduleViolations(
      view, presenter, interactor, router, view, nil)
    if !violations.isEmpty { detector.record(violations, of: types) }
  }

  /// The interactor and router a presenter links to, if it is a VIPER presenter.
  private static func layers(of presenter: AnyObject) -> (AnyObject?, AnyObject?) {
    func links<Presenter: VIPERPresenter>(_ presenter: Presenter) -> (AnyObject?, AnyObject?) {
      (
        presenter.links.storedInteractor,
        presenter.links.storedRouter
      )
    }
    guard let presenter = presenter as? any VIPERPresenter else { return (nil, nil) }
    return links(presenter)
  }
}
