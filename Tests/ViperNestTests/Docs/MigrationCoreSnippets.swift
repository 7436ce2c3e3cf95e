// swift-format-ignore-file
// The code of the registry-semantics sections of docs/MigratingFromSwinject.md and of the rows
// for docs/MigratingFromFactory.md (docs/_factory-rows-core.md), compiled and run.
import Synchronization
import Testing
import ViperNest

enum MigrationCoreGuide {
  protocol AccountsReading: AnyObject, Sendable { var balance: Int { get } }
  protocol AccountsWriting: AnyObject, Sendable { func deposit(_ amount: Int) }
  final class AccountsService: AccountsReading, AccountsWriting {
    private let stored = Mutex(0)
    var balance: Int { stored.withLock { $0 } }
    func deposit(_ amount: Int) { stored.withLock { $0 += amount } }
  }

  protocol Analytics: Sendable { func track(_ event: String) }
  final class ConsoleAnalytics: Analytics {
    func track(_ event: String) {}
  }
  nonisolated final class CheckoutScreen: Sendable {
    let analytics: (any Analytics)?
    init(analytics: (any Analytics)?) { self.analytics = analytics }
  }

  nonisolated final class PDFExporter: Sendable {
    func export() -> String { "%PDF" }
  }
  nonisolated final class ExportAction: Sendable {
    let exporter: Lazy<PDFExporter>
    init(exporter: Lazy<PDFExporter>) { self.exporter = exporter }
    func run() throws -> String { try exporter.instance.export() }
  }

  nonisolated final class LoggingAccounts: AccountsReading {
    let wrapped: any AccountsReading
    init(wrapping wrapped: any AccountsReading) { self.wrapped = wrapped }
    var balance: Int { wrapped.balance }
  }

  final class SessionToken: Sendable {
    let id = Int.random(in: 0..<Int.max)
  }

  enum Gateway: Hashable, Sendable { case card, wallet }
  nonisolated final class PaymentGateway: Sendable {
    let kind: Gateway
    init(kind: Gateway) { self.kind = kind }
  }
  nonisolated final class ReceiptPresenter: Sendable {
    let order: Int
    init(order: Int) { self.order = order }
  }

  // Type forwarding
  struct AccountsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(AccountsService.self, lifetime: .app, AccountsService.init)
      r.forward((any AccountsReading).self, to: AccountsService.self) { $0 }
      r.forward((any AccountsWriting).self, to: AccountsService.self) { $0 }
    }
  }

  static func forwardedAccounts() throws -> Bool {
    let app = try Registry(AccountsAssembly()).start()
    try app.resolve((any AccountsWriting).self).deposit(5)
    return try app.resolve((any AccountsReading).self).balance == 5  // one instance
  }

  // Optional dependencies
  struct CheckoutAssembly: Assembly {
    func assemble(_ r: Registrar) {
      // `analytics` is nil when nothing registers `Analytics`; validate() does not report it.
      r.register(CheckoutScreen.self, CheckoutScreen.init(analytics:))
    }
  }

  static func optionalAnalytics() throws -> Bool {
    let app = try Registry(CheckoutAssembly()).start()
    let screen = try app.resolve(CheckoutScreen.self)
    let analytics = try app.resolveIfRegistered((any Analytics).self)
    return screen.analytics == nil && analytics == nil && !app.hasRegistration((any Analytics).self)
  }

  // Lazy
  struct ExportAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(PDFExporter.self, PDFExporter.init)
      r.register(ExportAction.self, ExportAction.init(exporter:))  // PDFExporter built on first use
    }
  }

  // Provider and Lazy with a name or arguments
  struct PaymentsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(PaymentGateway.self, name: Gateway.card) { _ in PaymentGateway(kind: .card) }
      r.register(ReceiptPresenter.self, arguments: Int.self) { _, order in
        ReceiptPresenter(order: order)
      }
    }
  }

  static func namedAndArgumentProviders() throws -> Bool {
    let app = try Registry(PaymentsAssembly()).start()
    let card = app.provider(PaymentGateway.self, name: Gateway.card)
    let receipt = app.provider(ReceiptPresenter.self)
    let lazyReceipt = app.lazy(ReceiptPresenter.self, arguments: 42)
    return try card().kind == .card && receipt(7).order == 7 && lazyReceipt.instance.order == 42
  }

  // Instances cached per argument
  nonisolated final class ConversationStore: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
  }

  struct ConversationsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(ConversationStore.self, lifetime: .app, cachedBy: Int.self) { _, id in
        ConversationStore(id: id)
      }
    }
  }

  static func sameConversation(_ app: Story) throws -> Bool {
    let store = try app.resolve(ConversationStore.self, arguments: 7)
    return try app.resolve(ConversationStore.self, arguments: 7) === store  // cached for 7
  }

  // Expiring instances
  final class FeatureFlags: Sendable {}

  struct FlagsAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.register(FeatureFlags.self, lifetime: .app, expiringAfter: .seconds(300)) { _ in
        FeatureFlags()  // built again on the first resolve after five minutes
      }
    }
  }

  // Decorators
  struct LoggingAssembly: Assembly {
    func assemble(_ r: Registrar) {
      r.decorate((any AccountsReading).self) { accounts in LoggingAccounts(wrapping: accounts) }
    }
  }

  // Resetting one service
  static func signOut(_ app: Story) throws {
    try app.reset(SessionToken.self)  // the next resolve builds a new token
  }
}

struct MigrationCoreSnippetTests {
  typealias Guide = MigrationCoreGuide

  @Test func forwardedTypesShareOneInstance() throws {
    #expect(try Guide.forwardedAccounts())
  }

  @Test func optionalDependencyIsNilAndValid() throws {
    #expect(try Registry(Guide.CheckoutAssembly()).validate().isValid)
    #expect(try Guide.optionalAnalytics())
  }

  @Test func lazyExporterRuns() throws {
    let app = try Registry(Guide.ExportAssembly()).start()
    #expect(try app.resolve(Guide.ExportAction.self).run() == "%PDF")
  }

  @Test func namedAndArgumentProvidersResolve() throws {
    #expect(try Guide.namedAndArgumentProviders())
  }

  @Test func decoratorWrapsTheForwardedAccounts() throws {
    let app = try Registry(Guide.AccountsAssembly(), Guide.LoggingAssembly()).start()
    #expect(try app.resolve((any Guide.AccountsReading).self) is Guide.LoggingAccounts)
  }

  @Test func conversationIsCachedPerArgument() throws {
    let app = try Registry(Guide.ConversationsAssembly()).start()
    #expect(try Guide.sameConversation(app))
    #expect(try app.resolve(Guide.ConversationStore.self, arguments: 8).id == 8)
  }

  @Test func flagsAreServedAgainWithinTheirTimeToLive() throws {
    let app = try Registry(Guide.FlagsAssembly()).start()
    let flags = try app.resolve(Guide.FeatureFlags.self)
    #expect(try app.resolve(Guide.FeatureFlags.self) === flags)
  }

  @Test func signOutDropsTheToken() throws {
    let app = try Registry(
      AnyAssembly { r in r.register(Guide.SessionToken.self, lifetime: .app, Guide.SessionToken.init) }
    ).start()
    let before = try app.resolve(Guide.SessionToken.self)
    try Guide.signOut(app)
    #expect(try app.resolve(Guide.SessionToken.self) !== before)
  }
}
