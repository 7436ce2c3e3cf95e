import Foundation
import Synchronization
import Testing
import ViperNest

/// A key set on the main dispatch queue: on Linux the main actor runs on that queue, which the
/// test runner drains from another thread than the main one (see `isMainThread()` in ViperNest).
private let mainQueueKey: DispatchSpecificKey<Void> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return key
}()

/// Records, for each factory run, whether it ran on the main actor (the main thread or the main
/// dispatch queue).
private final class WhereBuilt: Sendable {
  let onMain = Atomic<Int>(0)
  let offMain = Atomic<Int>(0)

  func record() {
    if Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil {
      onMain.add(1, ordering: .relaxed)
    } else {
      offMain.add(1, ordering: .relaxed)
    }
  }
}

private final class Ledger: Sendable {
  init() {}
}

private final class LedgerReport: Sendable {
  let ledger: Ledger
  init(ledger: Ledger) { self.ledger = ledger }
}

/// A class whose parameterless `async` initializer records where it runs before anything
/// suspends (`r.register(LedgerPage.self, LedgerPage.init)`: the class form of a parameterless
/// initializer, which `resolveAsync` awaits directly for a transient).
private final class LedgerPage: Sendable {
  init() async { pageBuilt.record() }
}

private let pageBuilt = WhereBuilt()

/// Registers `Ledger`, built by an `async` closure that yields, then records where it runs.
private func registerYieldingLedger(
  _ r: Registrar, lifetime: Lifetime = .transient, recordingIn built: WhereBuilt
) {
  r.register(Ledger.self, lifetime: lifetime) { _ in
    await Task.yield()
    built.record()
    return Ledger()
  }
}

@MainActor private final class LedgerBanner {
  init() {}
}

private enum BannerName: Hashable, Sendable { case top }

/// `resolveAsync` runs on the caller's actor (it is `nonisolated(nonsending)`), while each factory
/// keeps its own isolation: awaiting from the main actor must not move a nonisolated factory onto
/// it, and the caller's actor must still be known to the synchronous engine (a `mainActor:`
/// registration resolved from the main actor runs there, from elsewhere it is refused).
@Suite struct AsyncIsolationTests {
  // MARK: - Nonisolated factories stay off the caller's actor

  @MainActor
  @Test func asyncClosureFactoryAwaitedFromTheMainActorRunsOffIt() async throws {
    let built = WhereBuilt()
    let app = try start { r in
      registerYieldingLedger(r, recordingIn: built)
    }
    defer { app.close() }
    _ = try await app.resolveAsync(Ledger.self)
    _ = try await app.resolveAsync(Ledger.self)
    #expect(built.offMain.load(ordering: .relaxed) == 2)
    #expect(built.onMain.load(ordering: .relaxed) == 0)
  }

  @MainActor
  @Test func autowiredAsyncInitializerAwaitedFromTheMainActorRunsOffIt() async throws {
    let built = WhereBuilt()
    let app = try start { r in
      registerYieldingLedger(r, lifetime: .app, recordingIn: built)
      r.register(LedgerReport.self) { (ledger: Ledger) async in
        await Task.yield()
        built.record()
        return LedgerReport(ledger: ledger)
      }
    }
    defer { app.close() }
    let first = try await app.resolveAsync(LedgerReport.self)
    let second = try await app.resolveAsync(LedgerReport.self)
    #expect(first !== second)
    #expect(first.ledger === second.ledger)
    // The app singleton once, the report twice: all off the main thread.
    #expect(built.offMain.load(ordering: .relaxed) == 3)
    #expect(built.onMain.load(ordering: .relaxed) == 0)
  }

  @MainActor
  @Test func asyncProviderCalledFromTheMainActorRunsTheFactoryOffIt() async throws {
    let built = WhereBuilt()
    let app = try start { r in
      registerYieldingLedger(r, recordingIn: built)
    }
    defer { app.close() }
    let provider = app.asyncProvider(Ledger.self)
    _ = try await provider()
    #expect(built.offMain.load(ordering: .relaxed) == 1)
    #expect(built.onMain.load(ordering: .relaxed) == 0)
  }

  @MainActor
  @Test func parameterlessClassInitializerAwaitedFromTheMainActorRunsOffItAsByHand() async throws {
    let app = try start { r in r.register(LedgerPage.self, LedgerPage.init) }
    defer { app.close() }
    let onMainBefore = pageBuilt.onMain.load(ordering: .relaxed)
    let offMainBefore = pageBuilt.offMain.load(ordering: .relaxed)
    _ = await LedgerPage()
    _ = try await app.resolveAsync(LedgerPage.self)
    _ = try await app.resolveAsync(LedgerPage.self)
    // By hand once, resolved twice: the initializer leaves the main actor each time.
    #expect(pageBuilt.offMain.load(ordering: .relaxed) - offMainBefore == 3)
    #expect(pageBuilt.onMain.load(ordering: .relaxed) - onMainBefore == 0)
  }

  // MARK: - The caller's actor reaches the synchronous engine

  @MainActor
  @Test func mainActorRegistrationAwaitedFromTheMainActorIsBuiltThere() async throws {
    let built = WhereBuilt()
    let app = try start { r in
      r.register(
        LedgerBanner.self,
        mainActor: { _ in
          built.record()
          return LedgerBanner()
        })
      r.register(
        LedgerBanner.self, name: BannerName.top,
        mainActor: { _ in
          built.record()
          return LedgerBanner()
        })
    }
    defer { app.close() }
    let plain = try await app.resolveAsync(LedgerBanner.self)
    let named = try await app.resolveAsync(LedgerBanner.self, name: BannerName.top)
    #expect(plain !== named)
    #expect(built.onMain.load(ordering: .relaxed) == 2)
    #expect(built.offMain.load(ordering: .relaxed) == 0)
  }

  @Test func mainActorRegistrationAwaitedOffTheMainActorIsRefused() async throws {
    let app = try start { r in
      r.register(LedgerBanner.self, mainActor: { _ in LedgerBanner() })
      r.register(LedgerBanner.self, name: BannerName.top, mainActor: { _ in LedgerBanner() })
    }
    defer { app.close() }
    let plain = await Task.detached { () -> ViperNestError.Code? in
      do {
        _ = try await app.resolveAsync(LedgerBanner.self)
        return nil
      } catch {
        return (error as? ViperNestError)?.code
      }
    }.value
    let named = await Task.detached { () -> ViperNestError.Code? in
      do {
        _ = try await app.resolveAsync(LedgerBanner.self, name: BannerName.top)
        return nil
      } catch {
        return (error as? ViperNestError)?.code
      }
    }.value
    #expect(plain == .mainActorRequired)
    #expect(named == .mainActorRequired)
  }
}
