import Foundation
import Testing

@testable import ViperNest

// Factory's `FactoryInjectionTests` and Swinject's property injection, ported: classes whose
// dependencies are wrapped properties, built by ViperNest from the story that owns them.

private final class InjectedService: @unchecked Sendable {
  // Invariant: immutable after init.
  let id = UUID()
}

private protocol Greeting: AnyObject { var text: String { get } }
private final class EnglishGreeting: Greeting { let text = "Hello" }
private final class FrenchGreeting: Greeting { let text = "Bonjour" }

private enum Tone: Hashable, Sendable { case formal }

private final class EagerConsumer {
  @Injected var service: InjectedService
  @Injected var greeting: any Greeting
  @Injected(name: Tone.formal) var formal: any Greeting
}

private final class LazyConsumer {
  @LazyInjected var service: InjectedService
  @LazyInjected(name: Tone.formal) var formal: any Greeting
}

/// Swinject's `initCompleted` back reference, the Factory way: the child reaches its parent lazily
/// and weakly.
private final class Parent {
  @LazyInjected var child: Child
  let name = "Parent"
}

private final class Child {
  @WeakLazyInjected var parent: Parent?
  let name = "Child"
}

@MainActor private final class MainActorConsumer {
  @Injected var service: InjectedService
}

private final class UndeclaredConsumer {
  @Injected var service: InjectedService
}

private final class NestedPlain {
  @Injected var service: InjectedService
}

private final class OuterConsumer {
  let nested: NestedPlain
  @Injected var service: InjectedService
  init(nested: NestedPlain) { self.nested = nested }
}

private final class CycleA {
  @Injected var b: CycleB
}

private final class CycleB {
  @Injected var a: CycleA
}

struct PropertyInjectionTests {
  private static func registerGreetings(_ r: Registrar) {
    r.register((any Greeting).self, EnglishGreeting.init)
    r.register((any Greeting).self, name: Tone.formal, FrenchGreeting.init)
  }

  // MARK: - @Injected

  @Test func injectedPropertiesAreResolvedWhenTheObjectIsBuilt() throws {
    let app = try start { r in
      r.register(InjectedService.self, lifetime: .app, InjectedService.init)
      Self.registerGreetings(r)
      r.register(
        EagerConsumer.self,
        injecting: [
          .eager(InjectedService.self), .eager((any Greeting).self),
          .eager((any Greeting).self, name: Tone.formal),
        ], EagerConsumer.init)
    }
    let consumer = try app.resolve(EagerConsumer.self)
    #expect(consumer.service === (try app.resolve(InjectedService.self)))
    #expect(consumer.greeting.text == "Hello")
    #expect(consumer.formal.text == "Bonjour")
    #expect(try consumer.$service.get() === consumer.service)
  }

  @Test func assigningAnInjectedPropertyReplacesIt() throws {
    let app = try start { r in
      r.register(InjectedService.self, InjectedService.init)
      Self.registerGreetings(r)
      r.register(
        EagerConsumer.self,
        injecting: [
          .eager(InjectedService.self), .eager((any Greeting).self),
          .eager((any Greeting).self, name: Tone.formal),
        ], EagerConsumer.init)
    }
    let consumer = try app.resolve(EagerConsumer.self)
    let replacement = InjectedService()
    consumer.service = replacement
    #expect(consumer.service === replacement)
  }

  @Test func injectedPropertyResolvesFromTheStoryThatBuiltTheObject() throws {
    let app = try start { r in
      r.register(
        InjectedService.self, lifetime: .story(ContactsStory.self), InjectedService.init)
      r.register(
        UndeclaredConsumer.self, injecting: [.eager(InjectedService.self)],
        UndeclaredConsumer.init)
    }
    let first = try app.open(ContactsStory.self)
    let second = try app.open(ContactsStory.self)
    let a = try first.resolve(UndeclaredConsumer.self)
    let b = try second.resolve(UndeclaredConsumer.self)
    #expect(a.service === (try first.resolve(InjectedService.self)))
    #expect(b.service === (try second.resolve(InjectedService.self)))
    #expect(a.service !== b.service)
    first.close()
    second.close()
  }

  @Test func missingInjectedPropertyFailsTheResolutionWithItsPath() throws {
    let app = try start { r in
      r.register(
        UndeclaredConsumer.self, injecting: [.eager(InjectedService.self)],
        UndeclaredConsumer.init)
    }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve(UndeclaredConsumer.self)
    }
    #expect(error.code == .missingRegistration)
    #expect(error.resolutionPath == ["UndeclaredConsumer", "InjectedService"])
  }

  @Test func undeclaredInjectedPropertyFailsTheResolution() throws {
    let app = try start { r in
      r.register(InjectedService.self, InjectedService.init)
      r.register(UndeclaredConsumer.self, injecting: [], UndeclaredConsumer.init)
    }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve(UndeclaredConsumer.self)
    }
    #expect(error.code == .factoryFailed)
    let injection = try #require(error.underlyingError as? InjectionError)
    #expect(injection.code == .undeclaredProperty)
    #expect(injection.description.contains(".eager(InjectedService.self)"))
  }

  @Test func eagerUseOfAPropertyDeclaredLazyIsUndeclared() throws {
    let app = try start { r in
      r.register(InjectedService.self, InjectedService.init)
      r.register(
        UndeclaredConsumer.self, injecting: [.lazy(InjectedService.self)],
        UndeclaredConsumer.init)
    }
    let error = try #require(throws: ViperNestError.self) {
      try app.resolve(UndeclaredConsumer.self)
    }
    #expect((error.underlyingError as? InjectionError)?.code == .undeclaredProperty)
  }

  @Test func objectBuiltOutsideAResolutionHasTypedErrors() throws {
    let consumer = UndeclaredConsumer()
    let error = try #require(throws: InjectionError.self) { try consumer.$service.get() }
    #expect(error.code == .outsideResolution)
    #expect(error.description.contains("withPropertyInjection"))
    let lazy = LazyConsumer()
    #expect(throws: InjectionError.self) { try lazy.$service.get() }
  }

  @Test func withPropertyInjectionBuildsAnObjectFromAStory() throws {
    let app = try start { r in
      r.register(InjectedService.self, lifetime: .app, InjectedService.init)
    }
    let consumer = try app.withPropertyInjection { UndeclaredConsumer() }
    #expect(consumer.service === (try app.resolve(InjectedService.self)))
    let missing = try start { _ in }
    #expect(throws: ViperNestError.self) {
      try missing.withPropertyInjection { UndeclaredConsumer() }
    }
  }

  @Test func nestedRegistrationsDoNotSeeTheOuterObjectsStory() throws {
    // NestedPlain is registered without `injecting:`: its wrapper must not borrow the story of
    // the object being built around it.
    let app = try start { r in
      r.register(InjectedService.self, InjectedService.init)
      r.register(NestedPlain.self, NestedPlain.init)
      r.register(
        OuterConsumer.self, injecting: [.eager(InjectedService.self)],
        OuterConsumer.init(nested:))
    }
    let outer = try app.resolve(OuterConsumer.self)
    _ = outer.service
    let error = try #require(throws: InjectionError.self) { try outer.nested.$service.get() }
    #expect(error.code == .outsideResolution)
  }

  @Test @MainActor func mainActorClassesAreInjectedOnTheMainActor() throws {
    let app = try start { r in
      r.register(InjectedService.self, lifetime: .app, InjectedService.init)
      r.register(
        MainActorConsumer.self, injecting: [.eager(InjectedService.self)],
        mainActor: MainActorConsumer.init)
    }
    let consumer = try app.resolve(MainActorConsumer.self)
    #expect(consumer.service === (try app.resolve(InjectedService.self)))
  }

  // MARK: - @LazyInjected and @WeakLazyInjected

  @Test func lazyPropertyIsResolvedOnFirstReadOnly() throws {
    let counter = CreationCounter()
    let app = try start { r in
      r.register(InjectedService.self) { _ in
        counter.increment()
        return InjectedService()
      }
      Self.registerGreetings(r)
      r.register(
        LazyConsumer.self,
        injecting: [.lazy(InjectedService.self), .lazy((any Greeting).self, name: Tone.formal)],
        LazyConsumer.init)
    }
    let consumer = try app.resolve(LazyConsumer.self)
    #expect(consumer.$service.resolvedOrNil() == nil)
    #expect(counter.count == 0)
    let first = consumer.service
    #expect(consumer.service === first)
    #expect(consumer.$service.resolvedOrNil() === first)
    #expect(counter.count == 1)
    #expect(consumer.formal.text == "Bonjour")
  }

  @Test func lazyPropertyReadAfterItsStoryClosedThrows() throws {
    let app = try start { r in
      r.register(InjectedService.self, InjectedService.init)
      r.register(
        LazyConsumer.self, lifetime: .story(ContactsStory.self),
        injecting: [.lazy(InjectedService.self), .lazy((any Greeting).self, name: Tone.formal)],
        LazyConsumer.init)
    }
    let contacts = try app.open(ContactsStory.self)
    let consumer = try contacts.resolve(LazyConsumer.self)
    contacts.close()
    let error = try #require(throws: ViperNestError.self) { try consumer.$service.get() }
    #expect(error.code == .storyClosed)
  }

  @Test func weakLazyBackReferenceBreaksAParentChildCycle() throws {
    let app = try start { r in
      r.register(Parent.self, lifetime: .weak, injecting: [.lazy(Child.self)], Parent.init)
      r.register(Child.self, lifetime: .app, injecting: [.lazy(Parent.self)], Child.init)
    }
    var parent: Parent? = try app.resolve(Parent.self)
    weak var released: Parent?
    released = parent
    let child = try app.resolve(Child.self)
    #expect(child.$parent.resolvedOrNil() == nil)
    #expect(parent?.child === child)
    #expect(child.parent === parent)
    parent = nil
    #expect(released == nil)
    #expect(child.parent == nil)
    #expect(try child.$parent.get() == nil)
  }

  @Test func racingFirstReadsOfALazyPropertyKeepOneInstance() async throws {
    let app = try start { r in
      r.register(InjectedService.self, InjectedService.init)
      Self.registerGreetings(r)
      r.register(
        LazyConsumer.self,
        injecting: [.lazy(InjectedService.self), .lazy((any Greeting).self, name: Tone.formal)],
        LazyConsumer.init)
    }
    let consumer = try app.resolve(LazyConsumer.self)
    let box = LazyConsumerBox(consumer: consumer)
    let ids = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<8 { group.addTask { box.consumer.service.id } }
      var ids: Set<UUID> = []
      for await id in group { ids.insert(id) }
      return ids
    }
    #expect(ids.count == 1)
  }

  // MARK: - Validation

  @Test func validateChecksDeclaredProperties() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(
          UndeclaredConsumer.self, injecting: [.eager(InjectedService.self)],
          UndeclaredConsumer.init)
        r.register(CycleA.self, injecting: [.eager(CycleB.self)], CycleA.init)
        r.register(CycleB.self, injecting: [.eager(CycleA.self)], CycleB.init)
      })
    let codes = registry.validate().problems.map(\.code)
    #expect(codes.contains(.missingRegistration))
    #expect(codes.contains(.circularDependency))
  }

  @Test func lazyPropertiesAreNotCyclesButMustBeRegistered() throws {
    let valid = try Registry(
      AnyAssembly { r in
        r.register(Parent.self, lifetime: .weak, injecting: [.lazy(Child.self)], Parent.init)
        r.register(Child.self, lifetime: .app, injecting: [.lazy(Parent.self)], Child.init)
      })
    #expect(valid.validate().isValid, "\(valid.validate())")
    let missing = try Registry(
      AnyAssembly { r in
        r.register(Child.self, injecting: [.lazy(Parent.self)], Child.init)
      })
    #expect(missing.validate().problems.map(\.code) == [.missingRegistration])
  }

  @Test func declaredPropertiesTakePartInCaptiveChecks() throws {
    let registry = try Registry(
      AnyAssembly { r in
        r.register(
          InjectedService.self, lifetime: .story(ContactsStory.self), InjectedService.init)
        r.register(
          UndeclaredConsumer.self, lifetime: .app, injecting: [.eager(InjectedService.self)],
          UndeclaredConsumer.init)
      })
    #expect(registry.validate().problems.map(\.code).contains(.captiveDependency))
  }
}

/// Hands a consumer to concurrent tasks (the test reads only its lazy, lock-protected property).
private struct LazyConsumerBox: @unchecked Sendable {
  // Invariant: the tasks only read `consumer.service`, whose storage is lock-protected.
  let consumer: LazyConsumer
}
