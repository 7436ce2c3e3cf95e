import Testing
import ViperNest

struct LifetimeTests {
  @Test func transientIsNewEachTime() throws {
    let app = try start { r in r.register(Leaf.self, Leaf.init) }
    #expect(try app.resolve(Leaf.self) !== app.resolve(Leaf.self))
  }

  @Test func appIsOnePerAppStoryAndSharedByNestedStories() throws {
    let registry = try Registry(
      AnyAssembly { r in r.register(Leaf.self, lifetime: .app, Leaf.init) })
    let app = try registry.start()
    let contacts = try app.open(ContactsStory.self)
    let first = try app.resolve(Leaf.self)
    #expect(try contacts.resolve(Leaf.self) === first)
    #expect(try app.resolve(Leaf.self) === first)
    // Another start of the same registry is an independent app story.
    let otherApp = try registry.start()
    #expect(try otherApp.resolve(Leaf.self) !== first)
    contacts.close()
    otherApp.close()
    app.close()
  }

  @Test func storyLifetimeIsOnePerOpenStoryAndSharedWithNestedStories() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
    }
    let first = try app.open(ContactsStory.self)
    let second = try app.open(ContactsStory.self)
    let nested = try first.open(AddContactStory.self)
    let draft = try first.resolve(Draft.self)
    #expect(try first.resolve(Draft.self) === draft)
    #expect(try nested.resolve(Draft.self) === draft)
    #expect(try second.resolve(Draft.self) !== draft)
    first.close()
    second.close()
  }

  @Test func storyLifetimeBindsToTheNearestEnclosingStory() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
    }
    let outer = try app.open(ContactsStory.self)
    let middle = try outer.open(AddContactStory.self)
    let inner = try middle.open(ContactsStory.self)
    let innermost = try inner.open(AddContactStory.self)
    let outerDraft = try middle.resolve(Draft.self)
    let innerDraft = try innermost.resolve(Draft.self)
    #expect(outerDraft === (try outer.resolve(Draft.self)))
    #expect(innerDraft === (try inner.resolve(Draft.self)))
    #expect(innerDraft !== outerDraft)
    outer.close()
  }

  @Test func storyLifetimeIsReleasedWhenItsStoryCloses() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .story(ContactsStory.self), Draft.init)
    }
    let contacts = try app.open(ContactsStory.self)
    weak var draft: Draft?
    do {
      draft = try contacts.resolve(Draft.self)
      #expect(draft != nil)
    }
    #expect(draft != nil)
    contacts.close()
    #expect(draft == nil)
  }

  @Test func weakIsSharedWhileHeldAndRecreatedAfterRelease() throws {
    let app = try start { r in r.register(Leaf.self, lifetime: .weak, Leaf.init) }
    var held: Leaf? = try app.resolve(Leaf.self)
    #expect(try app.resolve(Leaf.self) === held)
    weak let old = held
    held = nil
    #expect(old == nil)
    let fresh = try app.resolve(Leaf.self)
    #expect(try app.resolve(Leaf.self) === fresh)
  }

  @Test func weakLifetimeOfAValueTypeIsAClearError() throws {
    let app = try start { r in r.register(Int.self, lifetime: .weak) { _ in 1 } }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(Int.self) }
    #expect(error.code == .invalidRegistration)
    #expect(error.description.contains("a `weak` lifetime needs a class instance"))
  }

  final class Pair {
    let a: Draft
    let b: Draft
    init(a: Draft, b: Draft) {
      self.a = a
      self.b = b
    }
  }

  final class Holder {
    let pair: Pair
    let draft: Draft
    init(pair: Pair, draft: Draft) {
      self.pair = pair
      self.draft = draft
    }
  }

  @Test func graphIsSharedWithinOneResolutionOnly() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .graph, Draft.init)
      r.register(Pair.self, Pair.init(a:b:))
      r.register(Holder.self, Holder.init(pair:draft:))
    }
    let holder = try app.resolve(Holder.self)
    #expect(holder.pair.a === holder.pair.b)
    #expect(holder.draft === holder.pair.a)
    let other = try app.resolve(Holder.self)
    #expect(other.draft !== holder.draft)
  }

  @Test func graphLifetimeRetainsNothingAfterTheResolution() throws {
    let app = try start { r in
      r.register(Draft.self, lifetime: .graph, Draft.init)
      r.register(Pair.self, Pair.init(a:b:))
    }
    weak var draft: Draft?
    do {
      let pair = try app.resolve(Pair.self)
      draft = pair.a
    }
    #expect(draft == nil)
  }

  @Test func resolvingACachedInstanceDoesNotGrowTheStory() throws {
    let app = try start { r in r.register(Leaf.self, lifetime: .app, Leaf.init) }
    _ = try app.resolve(Leaf.self)
    for _ in 0..<1_000 { _ = try app.resolve(Leaf.self) }
    #expect(app.tree.instances == ["Leaf (app)"])
  }

  @Test func failingFactoryLeavesNoHalfCreatedSingletonAndTheNextResolveRetries() throws {
    let failures = CreationCounter()
    let app = try start { r in
      r.register(Leaf.self, lifetime: .app) { _ in
        failures.increment()
        if failures.count == 1 { throw Boom() }
        return Leaf()
      }
    }
    let error = try #require(throws: ViperNestError.self) { try app.resolve(Leaf.self) }
    #expect(error.code == .factoryFailed)
    #expect(error.underlyingError is Boom)
    #expect(app.tree.instances.isEmpty)
    let leaf = try app.resolve(Leaf.self)
    #expect(try app.resolve(Leaf.self) === leaf)
    #expect(failures.count == 2)
  }
}
