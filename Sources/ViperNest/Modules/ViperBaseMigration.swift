// viper-base's API, unavailable: code ported from viper-base fails to compile with a message (and
// a fix-it where the call maps one to one) naming the ViperNest call to use instead. See
// docs/MigratingFromViperBase.md.

/// viper-base's name for ``ViewUIType``.
@available(*, unavailable, renamed: "ViewUIType")
public typealias VIPERViewUIType = ViewUIType

extension VIPERBuilder {
  /// viper-base's `build()`: ViperNest builds in a story, so the layers get their dependencies.
  @available(
    *, unavailable,
    message: "build in a story, so the layers get their dependencies: build(in: story)"
  )
  public static func build() -> VIPERModule<View, Presenter, Interactor, Router> {
    fatalError("unavailable")
  }

  /// viper-base's `build(viewUIType:)`.
  @available(*, unavailable, message: "build in a story: build(in: story, viewUIType: ...)")
  public static func build(viewUIType: ViewUIType) -> VIPERModule<
    View, Presenter, Interactor, Router
  > {
    fatalError("unavailable")
  }

  /// viper-base's deprecated `buildAndAttachToWindow()`.
  @available(
    *, unavailable,
    message:
      "build, then attach to the window you keep: try build(in: story).attachToWindow(window)"
  )
  public static func buildAndAttachToWindow() -> Never { fatalError("unavailable") }

  /// viper-base's deprecated `buildAndAttachToNavigationController(tabBarItem:)`.
  @available(
    *, unavailable,
    message:
      "build, then attach: try build(in: story).attachToNavigationController(tabBarItem: item)"
  )
  public static func buildAndAttachToNavigationController(tabBarItem: TabItem? = nil) -> Never {
    fatalError("unavailable")
  }
}

extension VIPERRouter {
  /// viper-base's `presentModule(withView:embedIn:animated:completion:)`.
  @available(*, unavailable, renamed: "present(_:embedIn:animated:completion:)")
  public func presentModule(
    withView view: some Presentable, embedIn embedding: Embedding = .none, animated: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    fatalError("unavailable")
  }

  /// viper-base's `pushModule(withView:embedIn:animated:)`.
  @available(
    *, unavailable,
    message: "use push(_:animated:); a pushed module is never wrapped in a navigation controller"
  )
  public func pushModule(
    withView view: some Presentable, embedIn embedding: Embedding = .none, animated: Bool = true
  ) {
    fatalError("unavailable")
  }
}

extension Presentable {
  /// viper-base's `attachToWindow()`, which created the window.
  @available(*, unavailable, message: "pass the window you keep: attachToWindow(window)")
  public func attachToWindow() -> Never { fatalError("unavailable") }

  /// viper-base's `attachToWindow(withNavigationController:)`, which created the window.
  @available(
    *, unavailable,
    message: "pass the window you keep: attachToWindow(window, withNavigationController: true)"
  )
  public func attachToWindow(withNavigationController: Bool) -> Never { fatalError("unavailable") }
}
