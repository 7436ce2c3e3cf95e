import Dispatch
import Foundation
import Testing
import ViperNest

// Every misuse yields the documented typed error with a message that says what, where and how to
// fix it: never a crash, a hang or a stack overflow. Each case runs on its own thread under a
// deadline, so a hang fails the case instead of the whole run.

enum MisuseFlowStory: UserStory {}
enum MisuseStepStory: UserStory {}

final class MisuseWidget {}
final class MisuseWidgetFactory {}
final class MisuseDraft {}
final class SelfLoop { init(me: SelfLoop) {} }
final class PairA { init(b: PairB) {} }
final class PairB { init(a: PairA) {} }
final class Ring0 { init(next: Ring1) {} }
final class Ring1 { init(next: Ring2) {} }
final class Ring2 { init(next: Ring3) {} }
final class Ring3 { init(next: Ring4) {} }
final class Ring4 { init(next: Ring5) {} }
final class Ring5 { init(next: Ring6) {} }
final class Ring6 { init(next: Ring7) {} }
final class Ring7 { init(next: Ring8) {} }
final class Ring8 { init(next: Ring9) {} }
final class Ring9 { init(next: Ring0) {} }
final class CaptiveCache { init(draft: MisuseDraft) {} }
final class MisuseScreen { init(widget: MisuseWidget) {} }
protocol PaymentGateway: Sendable {}
protocol RefundGateway: Sendable {}
struct CardGateway: PaymentGateway {}
enum GatewayName: Hashable, Sendable { case card }
@MainActor final class MisuseView { init() {} }

/// One way to use ViperNest wrongly, and what it must answer.
enum Misuse: String, CaseIterable, Sendable {
  case missingRegistration
  case missingDependencyDeepInAStory
  case duplicateKeyWithoutOverride
  case cycleOfLengthOne
  case cycleOfLengthTwo
  case cycleOfLengthTen
  case captiveDependency
  case storyLifetimeWithNoStoryOpen
  case registrationAfterFreeze
  case overrideOfAMissingKey
  case nameRegisteredUnderAnotherProtocol
  case nameMissingOnAnUnnamedRegistration
  case wrongArgumentTypes
  case storyOpenedOutsideItsDeclaredParent
  case storyLocalShadowWithoutOverride
  case storyLocalOverrideOfNothing
  case appLifetimeInsideAStory
  case weakLifetimeOfAValueType
  case mainActorFactoryOffTheMainActor
  case resolveFromAClosedStory
  case openInsideAClosedStory
  case thousandLevelsOfNesting
  case thousandLevelDependencyChain
  case thousandLevelNamedCycle
  case hundredThousandRegistrationsWithOneDuplicate

  /// What the misuse must produce.
  struct Expectation {
    let code: ViperNestError.Code
    let fragments: [String]
    /// The code `validate()` reports for the same mistake, where validation can see it.
    var validation: ViperNestError.Code? = nil
  }

  /// Commits the misuse; returns what it threw and, when validation can see it, the registry.
  func provoke() throws -> (thrown: (any Error)?, registry: Registry?) {
    func attempt(_ body: () throws -> Void) -> (any Error)? {
      do {
        try body()
        return nil
      } catch {
        return error
      }
    }
    switch self {
    case .missingRegistration:
      let registry = try Registry(
        AnyAssembly("Widgets") { r in r.register(MisuseWidgetFactory.self, MisuseWidgetFactory.init)
        })
      let app = try registry.start(quiet)
      return (attempt { _ = try app.resolve(MisuseWidget.self) }, nil)
    case .missingDependencyDeepInAStory:
      let registry = try Registry(
        AnyAssembly("Screens") { r in
          r.register(MisuseScreen.self, MisuseScreen.init(widget:))
          r.story(MisuseStepStory.self, in: MisuseFlowStory.self)
        })
      let app = try registry.start(quiet)
      let flow = try app.open(MisuseFlowStory.self)
      defer { flow.close() }
      let step = try flow.open(MisuseStepStory.self)
      return (attempt { _ = try step.resolve(MisuseScreen.self) }, registry)
    case .duplicateKeyWithoutOverride:
      return (
        attempt {
          _ = try Registry(
            AnyAssembly("First") { r in r.register(MisuseWidget.self, MisuseWidget.init) },
            AnyAssembly("Second") { r in r.register(MisuseWidget.self, MisuseWidget.init) })
        }, nil
      )
    case .cycleOfLengthOne:
      let registry = try Registry(
        AnyAssembly { r in r.register(SelfLoop.self, SelfLoop.init(me:)) })
      let app = try registry.start(quiet)
      return (attempt { _ = try app.resolve(SelfLoop.self) }, registry)
    case .cycleOfLengthTwo:
      let registry = try Registry(
        AnyAssembly { r in
          r.register(PairA.self, lifetime: .app, PairA.init(b:))
          r.register(PairB.self, PairB.init(a:))
        })
      let app = try registry.start(quiet)
      return (attempt { _ = try app.resolve(PairA.self) }, registry)
    case .cycleOfLengthTen:
      let registry = try Registry(
        AnyAssembly { r in
          r.register(Ring0.self, Ring0.init(next:))
          r.register(Ring1.self, lifetime: .app, Ring1.init(next:))
          r.register(Ring2.self, Ring2.init(next:))
          r.register(Ring3.self, lifetime: .graph, Ring3.init(next:))
          r.register(Ring4.self, Ring4.init(next:))
          r.register(Ring5.self, lifetime: .weak, Ring5.init(next:))
          r.register(Ring6.self, Ring6.init(next:))
          r.register(Ring7.self, Ring7.init(next:))
          r.register(Ring8.self, Ring8.init(next:))
          r.register(Ring9.self, Ring9.init(next:))
        })
      let app = try registry.start(quiet)
      return (attempt { _ = try app.resolve(Ring0.self) }, registry)
    case .captiveDependency:
      let registry = try Registry(
        AnyAssembly { r in
          r.register(MisuseDraft.self, lifetime: .story(MisuseFlowStory.self), MisuseDraft.init)
          r.register(CaptiveCache.self, lifetime: .app, CaptiveCache.init(draft:))
        })
      let app = try registry.start(quiet)
      let flow = try app.open(MisuseFlowStory.self)
      defer { flow.close() }
      return (attempt { _ = try flow.resolve(CaptiveCache.self) }, registry)
    case .storyLifetimeWithNoStoryOpen:
      let app = try start { r in
        r.register(MisuseDraft.self, lifetime: .story(MisuseFlowStory.self), MisuseDraft.init)
      }
      return (attempt { _ = try app.resolve(MisuseDraft.self) }, nil)
    case .registrationAfterFreeze:
      let registry = Registry()
      _ = try registry.start(quiet)
      return (
        attempt { try registry.install { r in r.register(MisuseWidget.self, MisuseWidget.init) } },
        nil
      )
    case .overrideOfAMissingKey:
      return (
        attempt {
          _ = try Registry(
            AnyAssembly("Mocks") { r in r.overriding.register(MisuseWidget.self, MisuseWidget.init)
            })
        }, nil
      )
    case .nameRegisteredUnderAnotherProtocol:
      let app = try start { r in
        r.register((any PaymentGateway).self, name: GatewayName.card) { _ in CardGateway() }
      }
      return (
        attempt { _ = try app.resolve((any RefundGateway).self, name: GatewayName.card) }, nil
      )
    case .nameMissingOnAnUnnamedRegistration:
      let app = try start { r in r.register(MisuseWidget.self, MisuseWidget.init) }
      return (attempt { _ = try app.resolve(MisuseWidget.self, name: GatewayName.card) }, nil)
    case .wrongArgumentTypes:
      let app = try start { r in
        r.register(MisuseWidget.self, arguments: String.self) { _, _ in MisuseWidget() }
      }
      return (attempt { _ = try app.resolve(MisuseWidget.self, arguments: 42) }, nil)
    case .storyOpenedOutsideItsDeclaredParent:
      let app = try start { r in r.story(MisuseStepStory.self, in: MisuseFlowStory.self) }
      return (attempt { _ = try app.open(MisuseStepStory.self) }, nil)
    case .storyLocalShadowWithoutOverride:
      let registry = try Registry(
        AnyAssembly { r in
          r.register(MisuseWidget.self, MisuseWidget.init)
          r.story(MisuseFlowStory.self) { r in r.register(MisuseWidget.self, MisuseWidget.init) }
        })
      return (attempt { _ = try registry.start(quiet) }, registry)
    case .storyLocalOverrideOfNothing:
      let registry = try Registry(
        AnyAssembly { r in
          r.story(MisuseFlowStory.self) { r in
            r.overriding.register(MisuseWidget.self, MisuseWidget.init)
          }
        })
      return (attempt { _ = try registry.start(quiet) }, registry)
    case .appLifetimeInsideAStory:
      return (
        attempt {
          _ = try Registry(
            AnyAssembly { r in
              r.story(MisuseFlowStory.self) { r in
                r.register(MisuseWidget.self, lifetime: .app, MisuseWidget.init)
              }
            })
        }, nil
      )
    case .weakLifetimeOfAValueType:
      let app = try start { r in r.register(Int.self, lifetime: .weak) { _ in 7 } }
      return (attempt { _ = try app.resolve(Int.self) }, nil)
    case .mainActorFactoryOffTheMainActor:
      let app = try start { r in r.register(MisuseView.self, mainActor: MisuseView.init) }
      // `provoke` runs on a plain thread: neither the main thread nor the main actor.
      return (attempt { _ = try app.resolve(MisuseView.self) }, nil)
    case .resolveFromAClosedStory:
      let app = try start { r in r.register(MisuseWidget.self, MisuseWidget.init) }
      let flow = try app.open(MisuseFlowStory.self)
      flow.close()
      return (attempt { _ = try flow.resolve(MisuseWidget.self) }, nil)
    case .openInsideAClosedStory:
      let app = try start { _ in }
      let flow = try app.open(MisuseFlowStory.self)
      flow.close()
      return (attempt { _ = try flow.open(MisuseStepStory.self) }, nil)
    case .thousandLevelsOfNesting:
      let app = try start { r in
        r.register(MisuseDraft.self, lifetime: .story(MisuseFlowStory.self), MisuseDraft.init)
        r.story(MisuseStepStory.self, in: MisuseFlowStory.self)
      }
      let outer = try app.open(MisuseFlowStory.self)
      defer { outer.close() }
      // Keep every level: dropping the last reference to a story closes it and all inside it.
      var levels = [outer]
      for _ in 1..<1_000 { levels.append(try levels[levels.count - 1].open(MisuseStepStory.self)) }
      let deepest = levels[levels.count - 1]
      // Deep stories work: the story lifetime binds 999 levels up, and the chain is abbreviated.
      guard deepest.chain.count == 1_001,
        try deepest.resolve(MisuseDraft.self) === outer.resolve(MisuseDraft.self)
      else { return (nil, nil) }
      return (attempt { _ = try deepest.resolve(MisuseWidget.self) }, nil)
    case .thousandLevelDependencyChain:
      let app = try start { r in
        for level in 0..<1_000 {
          r.register(Int.self, name: level) { r in try r.resolve(Int.self, name: level + 1) + 1 }
        }
      }
      return (attempt { _ = try app.resolve(Int.self, name: 0) }, nil)
    case .thousandLevelNamedCycle:
      let app = try start { r in
        for level in 0..<1_000 {
          r.register(Int.self, name: level) { r in
            try r.resolve(Int.self, name: (level + 1) % 1_000) + 1
          }
        }
      }
      return (attempt { _ = try app.resolve(Int.self, name: 0) }, nil)
    case .hundredThousandRegistrationsWithOneDuplicate:
      let registry = Registry()
      try registry.install { r in
        for index in 0..<100_000 { r.register(Int.self, name: index) { _ in index } }
      }
      let app = try registry.start(quiet)
      // The 100,000 registrations resolve, by name, and validation gets through them.
      guard try app.resolve(Int.self, name: 99_999) == 99_999, registry.validate().isValid else {
        return (nil, nil)
      }
      let other = Registry()
      return (
        attempt {
          try other.install { r in
            for index in 0..<100_000 { r.register(Int.self, name: index) { _ in index } }
            r.register(Int.self, name: 54_321) { _ in 0 }
          }
        }, nil
      )
    }
  }

  var expectation: Expectation {
    switch self {
    case .missingRegistration:
      Expectation(
        code: .missingRegistration,
        fragments: [
          "No registration for MisuseWidget.", "did you mean MisuseWidgetFactory?",
          "fix: register it in an assembly: r.register(MisuseWidget.self, ...)",
        ])
    case .missingDependencyDeepInAStory:
      Expectation(
        code: .missingRegistration,
        fragments: [
          "No registration for MisuseWidget.", "resolving: MisuseScreen -> MisuseWidget",
          "story: App > MisuseFlow > MisuseStep",
        ], validation: .missingRegistration)
    case .duplicateKeyWithoutOverride:
      Expectation(
        code: .duplicateRegistration,
        fragments: [
          "MisuseWidget is registered twice.", "in First", "in Second",
          "r.overriding.register(MisuseWidget.self, ...)",
        ])
    case .cycleOfLengthOne:
      Expectation(
        code: .circularDependency,
        fragments: ["Circular dependency: SelfLoop -> SelfLoop.", "Provider<SelfLoop>"],
        validation: .circularDependency)
    case .cycleOfLengthTwo:
      Expectation(
        code: .circularDependency, fragments: ["Circular dependency: PairA -> PairB -> PairA."],
        validation: .circularDependency)
    case .cycleOfLengthTen:
      Expectation(
        code: .circularDependency,
        fragments: [
          "Circular dependency: Ring0 -> Ring1 -> Ring2 -> Ring3 -> Ring4 -> Ring5 -> Ring6 -> "
            + "Ring7 -> Ring8 -> Ring9 -> Ring0.",
          "break the cycle",
        ], validation: .circularDependency)
    case .captiveDependency:
      Expectation(
        code: .captiveDependency,
        fragments: [
          "Captive dependency: CaptiveCache (app) depends on MisuseDraft (story(MisuseFlow)), "
            + "which dies before it.",
          "give CaptiveCache a lifetime no longer than MisuseDraft's",
        ], validation: .captiveDependency)
    case .storyLifetimeWithNoStoryOpen:
      Expectation(
        code: .storyNotOpen,
        fragments: [
          "MisuseDraft has lifetime story(MisuseFlow), but no MisuseFlow story is open here.",
          "let story = try parent.open(MisuseFlowStory.self)",
        ])
    case .registrationAfterFreeze:
      Expectation(
        code: .registryFrozen,
        fragments: [
          "the registry was started at MisuseMatrixTests.swift:",
          "install every assembly before calling start()",
        ])
    case .overrideOfAMissingKey:
      Expectation(
        code: .overrideWithoutOriginal,
        fragments: [
          "MisuseWidget is registered with `overriding`, but nothing registers it.", "in Mocks",
          "use r.register instead of r.overriding.register",
        ])
    case .nameRegisteredUnderAnotherProtocol:
      Expectation(
        code: .missingRegistration,
        fragments: [
          "No registration for RefundGateway[GatewayName.card].",
          "name GatewayName.card is registered for PaymentGateway, not RefundGateway",
        ])
    case .nameMissingOnAnUnnamedRegistration:
      Expectation(
        code: .missingRegistration,
        fragments: [
          "No registration for MisuseWidget[GatewayName.card].",
          "MisuseWidget is registered without a name",
        ])
    case .wrongArgumentTypes:
      Expectation(
        code: .missingRegistration,
        fragments: [
          "No registration for MisuseWidget(Int).",
          "MisuseWidget is registered with arguments (String)",
        ])
    case .storyOpenedOutsideItsDeclaredParent:
      Expectation(
        code: .storyOpenedOutsideParent,
        fragments: [
          "Story MisuseStep opens only inside MisuseFlow, and none is open here.",
          "open MisuseStep from inside MisuseFlow",
        ])
    case .storyLocalShadowWithoutOverride:
      Expectation(
        code: .duplicateRegistration,
        fragments: [
          "MisuseWidget is registered twice (the second time inside story MisuseFlow).",
          "r.overriding.register(MisuseWidget.self, ...)",
        ], validation: .duplicateRegistration)
    case .storyLocalOverrideOfNothing:
      Expectation(
        code: .overrideWithoutOriginal,
        fragments: [
          "MisuseWidget is registered with `overriding`, but nothing enclosing story MisuseFlow "
            + "registers it."
        ], validation: .overrideWithoutOriginal)
    case .appLifetimeInsideAStory:
      Expectation(
        code: .invalidRegistration,
        fragments: [
          "an `app` instance cannot be local to story MisuseFlow",
          "use `.story(MisuseFlowStory.self)`",
        ])
    case .weakLifetimeOfAValueType:
      Expectation(
        code: .invalidRegistration,
        fragments: [
          "a `weak` lifetime needs a class instance, but it built an Int",
          "use `.transient` or a story lifetime for value types",
        ])
    case .mainActorFactoryOffTheMainActor:
      Expectation(
        code: .mainActorRequired,
        fragments: [
          "MisuseView has a @MainActor factory but was resolved off the main thread.",
          "resolve it from @MainActor code",
        ])
    case .resolveFromAClosedStory:
      Expectation(
        code: .storyClosed,
        fragments: [
          "Story App > MisuseFlow is closed; cannot resolve MisuseWidget.",
          "resolve only while the story is open",
        ])
    case .openInsideAClosedStory:
      Expectation(
        code: .storyClosed,
        fragments: ["Story App > MisuseFlow is closed; cannot resolve story MisuseStep."])
    case .thousandLevelsOfNesting:
      Expectation(
        code: .missingRegistration,
        fragments: [
          "No registration for MisuseWidget.",
          "story: App > MisuseFlow > MisuseStep > MisuseStep > … (993 more) > MisuseStep",
        ])
    case .thousandLevelDependencyChain:
      Expectation(
        code: .missingRegistration,
        fragments: [
          "No registration for Int[Int.1000].",
          "resolving: Int[Int.0] -> Int[Int.1] -> Int[Int.2] -> Int[Int.3] -> Int[Int.4] -> "
            + "Int[Int.5] -> … (989 more) -> Int[Int.995]",
          "Int[Int.999] -> Int[Int.1000]", "Int is registered under name Int.0",
          "… and 995 more near misses",
        ])
    case .thousandLevelNamedCycle:
      Expectation(
        code: .circularDependency,
        fragments: [
          "Circular dependency: Int[Int.0] -> Int[Int.1]", "-> … (989 more) -> Int[Int.995]",
          "Int[Int.999] -> Int[Int.0].",
        ])
    case .hundredThousandRegistrationsWithOneDuplicate:
      Expectation(
        code: .duplicateRegistration,
        fragments: ["Int[Int.54321] is registered twice.", "r.overriding.register(Int.self, ...)"])
    }
  }
}

struct MisuseMatrixTests {
  @Test(arguments: Misuse.allCases)
  func everyMisuseYieldsItsTypedErrorWithAnActionableMessage(_ misuse: Misuse) throws {
    let outcome = Locked<(thrown: (any Error)?, registry: Registry?)?>(nil)
    let failure = Locked<(any Error)?>(nil)
    try #require(
      runThreads(1, within: 120) { _ in
        do {
          let provoked = try misuse.provoke()
          outcome.withLock { $0 = provoked }
        } catch {
          failure.withLock { $0 = error }
        }
      })
    if let error = failure.current {
      Issue.record("setting up \(misuse) failed: \(error)")
      return
    }
    let expectation = misuse.expectation
    let result = try #require(outcome.current)
    let thrown = try #require(result.thrown, "\(misuse) did not throw")
    let error = try #require(thrown as? ViperNestError, "\(misuse) threw \(thrown)")
    #expect(error.code == expectation.code, "\(error)")
    let message = error.description
    for fragment in expectation.fragments {
      #expect(message.contains(fragment), "missing \"\(fragment)\" in:\n\(message.prefix(2_000))")
    }
    // The message stays readable: the first line says what failed, and every message has a fix.
    #expect(message.split(separator: "\n").count <= 12)
    #expect(message.contains("fix: "))
    if let code = expectation.validation {
      let report = try #require(result.registry).validate()
      #expect(report.problems.map(\.code).contains(code), "\(report)")
    }
  }

  @Test func storyOpenedInsideItselfIsAllowedAndBindsToTheInnermost() throws {
    let app = try start { r in
      r.register(MisuseDraft.self, lifetime: .story(MisuseFlowStory.self), MisuseDraft.init)
    }
    let outer = try app.open(MisuseFlowStory.self)
    let inner = try outer.open(MisuseFlowStory.self)
    #expect(inner.chain == ["App", "MisuseFlow", "MisuseFlow"])
    #expect(try inner.resolve(MisuseDraft.self) !== outer.resolve(MisuseDraft.self))
    #expect(try inner.resolve(MisuseDraft.self) === inner.resolve(MisuseDraft.self))
    outer.close()
    #expect(inner.isClosed)
  }
}
