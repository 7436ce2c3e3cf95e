import Foundation
import Synchronization
import Testing
import ViperNest
import ViperNestTesting

// Ports of Swinject's circular-dependency tests (ContainerTests.Circularity: `.graph` scope plus
// `initCompleted`) onto post-initialisation hooks, and the rules ViperNest adds: when hooks run,
// what a failing hook leaves behind, validation and ownership checks.

private final class Parent: @unchecked Sendable {
  // Only touched by one test thread at a time.
  var child: Child?
  init() {}
  init(child: Child) { self.child = child }
}

private final class Child: @unchecked Sendable {
  // Only touched by one test thread at a time.
  weak var parent: Parent?
}

/// Holds its parent strongly: the retain cycle a weak hook must report.
private final class ClingingChild: @unchecked Sendable {
  // Only touched by one test thread at a time.
  var parent: Holder?
}

private final class Holder: @unchecked Sendable {
  // Only touched by one test thread at a time.
  let child: ClingingChild
  init(child: ClingingChild) { self.child = child }
}

private final class Twins: Sendable {
  let first: Child
  let second: Child
  init(first: Child, second: Child) {
    self.first = first
    self.second = second
  }
}

// Swinject's four-object cycle (A -> B -> C -> D, back-references C.a, D.b, D.c).
private final class NodeA: @unchecked Sendable {
  // Only touched by one test thread at a time.
  var b: NodeB?
  init() {}
  init(b: NodeB) { self.b = b }
}
private final class NodeB: @unchecked Sendable {
  // Only touched by one test thread at a time.
  var c: NodeC?
  init() {}
  init(c: NodeC) { self.c = c }
}
private final class NodeC: @unchecked Sendable {
  // Only touched by one test thread at a time.
  weak var a: NodeA?
  var d: NodeD?
  init() {}
  init(d: NodeD) { self.d = d }
}
private final class NodeD: @unchecked Sendable {
  // Only touched by one test thread at a time.
  weak var b: NodeB?
  weak var c: NodeC?
}

private final class Kid: @unchecked Sendable {
  // Only touched by one test thread at a time.
  weak var home: Household?
}

private final class Household: Sendable {
  let first: Kid
  let second: Kid
  init(first: Kid, second: Kid) {
    self.first = first
    self.second = second
  }
}

private enum Checkout: UserStory {}
private struct CartID: Sendable { let value: Int }

/// What ran, in order, from any thread. An `NSLock`, which ThreadSanitizer understands (it does
/// not see `Synchronization.Mutex`'s ordering: the standard library is not instrumented).
private final class Log: @unchecked Sendable {
  // Invariant that makes this Sendable: `lines` is only touched with `lock` held.
  private let lock = NSLock()
  private var lines: [String] = []
  var entries: [String] { lock.withLock { lines } }
  func add(_ line: String) { lock.withLock { lines.append(line) } }
}

private struct HookFailed: Error, CustomStringConvertible {
  var description: String { "the cart is gone" }
}

// MARK: - Swinject's cycles

struct PostInitializationTests {
  @Test func graphChildHookSeesTheParentOfTheSameResolution() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .graph, Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      }
    ).start()
    defer { app.close() }
    let parent = try app.resolve(Parent.self)
    #expect(parent.child?.parent === parent)
    let again = try app.resolve(Parent.self)
    #expect(again !== parent)
    #expect(again.child !== parent.child)
    #expect(again.child?.parent === again)
  }

  @Test func hooksRunWhenTheResolutionTraceIsOn() throws {
    let events = Mutex<[String]>([])
    var configuration = Registry.Configuration()
    configuration.trace = { event in events.withLock { $0.append(event.description) } }
    let app = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .graph, Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      }
    ).start(configuration)
    defer { app.close() }
    let parent = try app.resolve(Parent.self)
    #expect(parent.child?.parent === parent)
    #expect(events.withLock { $0.contains { $0.hasPrefix("resolved Child for Parent") } })
  }

  @Test func hooksOnBothSidesSetEachOther() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(
          Parent.self, lifetime: .graph,
          postInit: [.strong(Child.self) { parent, child in parent.child = child }],
          Parent.init as @Sendable () -> Parent)
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      }
    ).start()
    defer { app.close() }
    let parent = try app.resolve(Parent.self)
    #expect(parent.child != nil)
    #expect(parent.child?.parent === parent)
  }

  @Test func fourObjectCycleThroughInitializersAndHooks() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(NodeA.self, lifetime: .graph, NodeA.init(b:))
        r.register(NodeB.self, lifetime: .graph, NodeB.init(c:))
        r.register(
          NodeC.self, lifetime: .graph, postInit: [.weak(NodeA.self) { c, a in c.a = a }],
          NodeC.init(d:))
        r.register(
          NodeD.self, lifetime: .graph,
          postInit: [.weak(NodeB.self) { d, b in d.b = b }, .weak(NodeC.self) { d, c in d.c = c }],
          NodeD.init)
      }
    ).start()
    defer { app.close() }
    let a = try app.resolve(NodeA.self)
    let b = try #require(a.b)
    let c = try #require(b.c)
    let d = try #require(c.d)
    #expect(c.a === a)
    #expect(d.b === b)
    #expect(d.c === c)
  }

  @Test func fourObjectCycleThroughHooksOnly() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(
          NodeA.self, lifetime: .graph, postInit: [.strong(NodeB.self) { a, b in a.b = b }],
          NodeA.init as @Sendable () -> NodeA)
        r.register(
          NodeB.self, lifetime: .graph, postInit: [.strong(NodeC.self) { b, c in b.c = c }],
          NodeB.init as @Sendable () -> NodeB)
        r.register(
          NodeC.self, lifetime: .graph,
          postInit: [
            .weak(NodeA.self) { c, a in c.a = a }, .strong(NodeD.self) { c, d in c.d = d },
          ],
          NodeC.init as @Sendable () -> NodeC)
        r.register(
          NodeD.self, lifetime: .graph,
          postInit: [.weak(NodeB.self) { d, b in d.b = b }, .weak(NodeC.self) { d, c in d.c = c }],
          NodeD.init)
      }
    ).start()
    defer { app.close() }
    let a = try app.resolve(NodeA.self)
    let c = a.b?.c
    #expect(c != nil)
    #expect(c?.a === a)
    #expect(c?.d?.b === a.b)
    #expect(c?.d?.c === c)
  }

  // MARK: - When hooks run

  @Test func hooksRunOnceEachAfterEveryFactoryInBuildOrder() throws {
    let log = Log()
    let app = try Registry(
      AnyAssembly { r in
        r.register(Twins.self, lifetime: .graph) { r in
          log.add("twins")
          return Twins(first: try r.resolve(Child.self), second: try r.resolve(Child.self))
        }
        r.register(Parent.self, lifetime: .graph) { r in
          log.add("parent")
          return Parent(child: try r.resolve(Twins.self).first)
        }
        r.register(
          Child.self, lifetime: .transient,
          postInit: [
            .weak(Parent.self) { child, _ in
              log.add("hook \(ObjectIdentifier(child).hashValue)")
            }
          ]
        ) { _ in
          log.add("child")
          return Child()
        }
      }
    ).start()
    defer { app.close() }
    let parent = try app.resolve(Parent.self)
    let twins = try app.resolve(Twins.self)
    #expect(twins.first !== twins.second)
    _ = parent
    let first = log.entries.prefix(6)
    #expect(Array(first.prefix(4)) == ["parent", "twins", "child", "child"])
    #expect(first.suffix(2).allSatisfy { $0.hasPrefix("hook") })
    #expect(Set(first.suffix(2)).count == 2)
  }

  @Test func transientHooksEachRunAndReuseTheGraphInstanceOfTheResolution() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Household.self, lifetime: .graph, Household.init(first:second:))
        r.register(
          Kid.self, lifetime: .transient,
          postInit: [.weak(Household.self) { kid, home in kid.home = home }], Kid.init)
      }
    ).start()
    defer { app.close() }
    let home = try app.resolve(Household.self)
    #expect(home.first !== home.second)
    #expect(home.first.home === home)
    #expect(home.second.home === home)
  }

  @Test func asyncResolutionRunsTheHooks() async throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .graph, Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      }
    ).start()
    defer { app.close() }
    let parent = try await app.resolveAsync(Parent.self)
    #expect(parent.child?.parent === parent)
  }

  @Test func hookResolvesFromTheStoryThatBuiltTheInstance() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(CartID.self, instance: CartID(value: 0))
        r.story(Checkout.self) { r in
          r.overriding.register(CartID.self, lifetime: .story(Checkout.self)) { _ in
            CartID(value: 7)
          }
          r.register(Parent.self, lifetime: .graph, Parent.init(child:))
        }
        r.register(
          Child.self, lifetime: .graph,
          postInit: [
            .weak(Parent.self) { child, parent in child.parent = parent },
            .strong(CartID.self) { child, cart in
              if cart.value != 7 { throw HookFailed() }
            },
          ], Child.init)
      }
    ).start()
    defer { app.close() }
    let checkout = try app.open(Checkout.self)
    defer { checkout.close() }
    let parent = try checkout.resolve(Parent.self)
    #expect(parent.child?.parent === parent)
  }

  // MARK: - Failures

  @Test func hookResolvingTheSingletonBeingBuiltIsACycle() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .story(Checkout.self), Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      }
    ).start()
    defer { app.close() }
    let checkout = try app.open(Checkout.self)
    defer { checkout.close() }
    // Hooks run before the singleton is stored, so the singleton is still under construction.
    let cycle = #expect(throws: ViperNestError.self) { try checkout.resolve(Parent.self) }
    #expect(cycle?.code == .circularDependency)
    #expect(cycle?.resolutionPath.first == "Parent")
  }

  @Test func throwingHookReportsThePathTheStoryAndWhatItThrew() throws {
    let failures = Mutex(1)
    let app = try Registry(
      AnyAssembly { r in
        r.register(Twins.self, lifetime: .story(Checkout.self), Twins.init(first:second:))
        r.register(
          Parent.self, lifetime: .story(Checkout.self), Parent.init as @Sendable () -> Parent)
        r.register(
          Child.self, lifetime: .graph,
          postInit: [
            .weak(Parent.self) { child, parent in
              let fail = failures.withLock { count in
                defer { count -= 1 }
                return count > 0
              }
              if fail { throw HookFailed() }
              child.parent = parent
            }
          ], Child.init)
      }
    ).start()
    defer { app.close() }
    let checkout = try app.open(Checkout.self)
    defer { checkout.close() }
    let error = #expect(throws: ViperNestError.self) { try checkout.resolve(Twins.self) }
    #expect(error?.code == .factoryFailed)
    #expect(error?.underlyingError is HookFailed)
    #expect(error?.resolutionPath == ["Twins", "Child"])
    #expect(error?.storyChain.last == "Checkout")
    #expect(error?.description.contains("post-initialisation hook of Child") == true)
    #expect(error?.description.contains("the cart is gone") == true)
    // Nothing half-built was cached: the next resolve builds the singleton and runs the hook.
    let twins = try checkout.resolve(Twins.self)
    #expect(twins.first === twins.second)
    #expect(twins.first.parent != nil)
  }

  @Test func hookWhoseTargetIsMissingReportsTheMissingRegistration() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      }
    )
    #expect(registry.validate().problems.map(\.code) == [.missingRegistration])
    let app = try registry.start()
    defer { app.close() }
    let error = #expect(throws: ViperNestError.self) { try app.resolve(Child.self) }
    #expect(error?.code == .missingRegistration)
  }

  @Test func cachedLifetimesCannotTakeHooks() throws {
    let error = #expect(throws: ViperNestError.self) {
      try Registry(
        AnyAssembly { r in
          r.register(Parent.self, lifetime: .graph, Parent.init as @Sendable () -> Parent)
          r.register(
            Child.self, lifetime: .app,
            postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
        })
    }
    #expect(error?.code == .invalidRegistration)
    #expect(error?.description.contains("post-initialisation hook") == true)
  }

  // MARK: - Validation

  @Test func validationAcceptsAHookCycleThatConstructionWouldRefuse() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .graph, Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      })
    let report = registry.validate()
    #expect(report.isValid, "\(report)")
  }

  @Test func validationReportsAHookTargetBuiltForASingletonAsACycle() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .app, Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      })
    #expect(registry.validate().problems.map(\.code) == [.circularDependency])
    let app = try registry.start()
    defer { app.close() }
    #expect(throws: ViperNestError.self) { try app.resolve(Parent.self) }
  }

  @Test func validationReportsACaptiveHookTarget() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(Twins.self, lifetime: .app, Twins.init(first:second:))
        r.register(
          Parent.self, lifetime: .story(Checkout.self), Parent.init as @Sendable () -> Parent)
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      })
    let codes = registry.validate().problems.map(\.code)
    #expect(codes.contains(.captiveDependency))
  }

  // MARK: - Ownership

  @Test func weakHookIntoAWeakPropertyPasses() throws {
    let detector = LeakDetector()
    try detector.withTracking {
      let app = try Registry(
        AnyAssembly { r in
          r.register(Parent.self, lifetime: .graph, Parent.init(child:))
          r.register(
            Child.self, lifetime: .graph,
            postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
        }
      ).start()
      defer { app.close() }
      _ = try app.resolve(Parent.self)
    }
    #expect(detector.checkNow()?.ownershipViolations ?? [] == [])
  }

  @Test func weakHookIntoAStrongPropertyIsReported() throws {
    let detector = LeakDetector()
    let holder = try detector.withTracking {
      let app = try Registry(
        AnyAssembly { r in
          r.register(Holder.self, lifetime: .graph, Holder.init(child:))
          r.register(
            ClingingChild.self, lifetime: .graph,
            postInit: [.weak(Holder.self) { child, holder in child.parent = holder }],
            ClingingChild.init)
        }
      ).start()
      defer { app.close() }
      return try app.resolve(Holder.self)
    }
    holder.child.parent = nil  // break the cycle the check reports
    let violations = detector.checkNow()?.ownershipViolations ?? []
    #expect(violations.map(\.property) == ["parent"])
    #expect(violations.first?.targetRole == OwnershipViolation.backReferenceRole)
    #expect(violations.first?.description.contains("must be weak") == true)
  }

  @Test func strongHookClosingACycleIsReported() throws {
    let detector = LeakDetector()
    let holder = try detector.withTracking {
      let app = try Registry(
        AnyAssembly { r in
          r.register(Holder.self, lifetime: .graph, Holder.init(child:))
          r.register(
            ClingingChild.self, lifetime: .graph,
            postInit: [.strong(Holder.self) { child, holder in child.parent = holder }],
            ClingingChild.init)
        }
      ).start()
      defer { app.close() }
      return try app.resolve(Holder.self)
    }
    holder.child.parent = nil
    let violations = detector.checkNow()?.ownershipViolations ?? []
    #expect(violations.map(\.typeName) == ["ClingingChild"])
  }

  @Test(.detectsLeaks) func weakBackReferenceCycleIsReleased() throws {
    let app = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .graph, Parent.init(child:))
        r.register(
          Child.self, lifetime: .graph,
          postInit: [.weak(Parent.self) { child, parent in child.parent = parent }], Child.init)
      }
    ).start()
    defer { app.close() }
    let parent = try app.resolve(Parent.self)
    let detector = try #require(LeakDetector.current)
    detector.track(parent)
    detector.track(try #require(parent.child))
    #expect(parent.child?.parent === parent)
  }

  @Test func strongBackReferenceCycleIsFoundByTheLeakCheck() throws {
    let detector = LeakDetector()
    let app = try Registry(
      AnyAssembly { r in
        r.register(Holder.self, lifetime: .graph, Holder.init(child:))
        r.register(
          ClingingChild.self, lifetime: .graph,
          postInit: [.strong(Holder.self) { child, holder in child.parent = holder }],
          ClingingChild.init)
      }
    ).start()
    defer { app.close() }
    weak var leaked: Holder?
    do {
      let holder = try app.resolve(Holder.self)
      detector.track(holder)
      leaked = holder
    }
    #expect(detector.checkNow()?.leaks.map(\.typeName) == ["Holder"])
    leaked?.child.parent = nil  // break it, for the sanitizers
  }
}
