import Synchronization

/// See `Constructions`.
final class ConstructionCounter: Sendable {
  enum Kind {
    case view, presenter, interactor, router
  }

  private let enabled = Atomic<Bool>(false)
  private let view = Atomic<Int>(0)
  private let presenter = Atomic<Int>(0)
  private let interactor = Atomic<Int>(0)
  private let router = Atomic<Int>(0)

  init() {}

  @inline(__always)
  func record(_ kind: Kind) {
    guard enabled.load(ordering: .relaxed) else { return }
    switch kind {
    case .view: view.add(1, ordering: .relaxed)
    case .presenter: presenter.add(1, ordering: .relaxed)
    case .interactor: interactor.add(1, ordering: .relaxed)
    case .router: router.add(1, ordering: .relaxed)
    }
  }

  func start() {
    view.store(0, ordering: .relaxed)
    presenter.store(0, ordering: .relaxed)
    interactor.store(0, ordering: .relaxed)
    router.store(0, ordering: .relaxed)
    enabled.store(true, ordering: .sequentiallyConsistent)
  }

  func stop() { enabled.store(false, ordering: .sequentiallyConsistent) }

  func snapshot() -> [String: Int] {
    [
      "view": view.load(ordering: .relaxed), "presenter": presenter.load(ordering: .relaxed),
      "interactor": interactor.load(ordering: .relaxed), "router": router.load(ordering: .relaxed),
    ]
  }
}

let constructionCounter = ConstructionCounter()
