import ViperNest

/// Registers the Bank app. Modules that routers resolve are registered by their typed
/// Input/Output, whatever pattern is behind them: VIPER modules with their builder and the story
/// they run in (validation checks their layers there), the MVC screens with closures. Each
/// module's layers are registered inside its story, and each flow's state is scoped to it.
struct BankAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(BankInfo.self, lifetime: .app, BankInfo.init)
    // The bank's API connects asynchronously: an async factory, awaited by AccountsService
    // through `AsyncProvider` (every screen's interactor is built synchronously).
    r.register(AccountsAPI.self, lifetime: .app, AccountsAPI.init(info:))
    r.register(AccountsService.self, lifetime: .app, mainActor: AccountsService.init(api:))

    // Signing in and out replaces the window's root. Each root's story opens at the app level,
    // beside the flow it replaces: App > Auth for the login, App > Session for the tabs.
    r.register(BankRoot.self, lifetime: .app, mainActor: BankRoot.init)
    r.register(LoginModule.self, builder: LoginBuilder.self, in: AuthStory.self) { $0 }
    r.story(AuthStory.self, in: AppStory.self) { r in
      r.register(LoginPresenter.self, mainActor: LoginPresenter.init)
      r.register(LoginRouter.self, mainActor: LoginRouter.init(root:))
    }
    r.story(SessionStory.self, in: AppStory.self)

    // The dashboard's modules: VIPER and MVC alike are a Module<Input, Output>.
    r.register(AccountsModule.self, builder: AccountsBuilder.self, in: DashboardStory.self) {
      $0.module(input: { $0 }, output: { $0.output = $1 })
    }
    r.register(AboutModule.self, mainActor: AboutViewController.module(in:))
    r.register(PromoModule.self, mainActor: PromoViewController.module(in:))
    r.story(DashboardStory.self) { r in
      r.register(DashboardPresenter.self, mainActor: DashboardPresenter.init)
      r.register(DashboardInteractor.self, mainActor: DashboardInteractor.init(info:))
      r.register(DashboardRouter.self, mainActor: DashboardRouter.init(root:))
      r.register(AccountsPresenter.self, mainActor: AccountsPresenter.init)
      r.register(AccountsInteractor.self, mainActor: AccountsInteractor.init(service:))
      r.register(AccountsRouter.self, mainActor: AccountsRouter.init)
    }

    // Payments > Transfer > Confirm, each with its state.
    r.story(PaymentsStory.self) { r in
      r.register(
        PaymentsSession.self, lifetime: .story(PaymentsStory.self), PaymentsSession.init)
      r.register(PaymentsPresenter.self, mainActor: PaymentsPresenter.init)
      r.register(
        PaymentsInteractor.self, mainActor: PaymentsInteractor.init(session:accounts:))
      r.register(PaymentsRouter.self, mainActor: PaymentsRouter.init)
    }
    r.register(TransferModule.self, builder: TransferBuilder.self, in: TransferStory.self) {
      $0.module(input: { $0 }, output: { $0.output = $1 })
    }
    r.story(TransferStory.self, in: PaymentsStory.self) { r in
      r.register(TransferDraft.self, lifetime: .story(TransferStory.self), TransferDraft.init)
      r.register(TransferPresenter.self, mainActor: TransferPresenter.init)
      r.register(TransferInteractor.self, mainActor: TransferInteractor.init(draft:accounts:))
      r.register(TransferRouter.self, mainActor: TransferRouter.init)
    }
    r.register(ConfirmModule.self, builder: ConfirmBuilder.self, in: ConfirmStory.self) {
      $0.module(input: { _ in () }, output: { $0.output = $1 })
    }
    r.story(ConfirmStory.self, in: TransferStory.self) { r in
      r.register(ConfirmPresenter.self, mainActor: ConfirmPresenter.init)
      r.register(ConfirmInteractor.self, mainActor: ConfirmInteractor.init(draft:accounts:))
      r.register(ConfirmRouter.self, mainActor: ConfirmRouter.init)
    }

    // Deep links. The tabs are composed at start-up: a link selects one, then shows its modules
    // with the transitions the routers use.
    r.register(PaymentsModule.self, builder: PaymentsBuilder.self, in: PaymentsStory.self) {
      Module(view: $0.viewController, input: ())
    }
    r.route(
      "/payments", .selectTab(1, showing: PaymentsModule.self, in: PaymentsStory.self))
    r.route(
      "/payments/transfer/:to",
      .selectTab(1, showing: PaymentsModule.self, in: PaymentsStory.self),
      .show(
        TransferModule.self, in: TransferStory.self,
        .push(.init(navigationBar: .init(barTintColor: .bankYellow, prefersLargeTitles: false))),
        LinkParameter<AccountNumber>("to")
      ) { link, to in
        link.input.prefill(from: .current, to: to.id)
        // Payments is Transfer's host, as when its router pushes it.
        link.module.output = (link.source as? PaymentsView)?.presenter as? any TransferOutput
      })
  }
}
