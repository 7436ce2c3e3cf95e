// Must NOT compile with the client's settings: .ci/build-default-isolation.sh type-checks it and
// expects each `Registry(GreeterAssembly())` below to be rejected. In a target with default
// main-actor isolation, `GreeterAssembly`'s conformance to `Assembly` is isolated to the main
// actor (InferIsolatedConformances), so code that is not on the main actor cannot use it.
import ViperNest

final class Greeter {
  let name: String
  init(name: String) { self.name = name }
}

struct GreeterAssembly: Assembly {
  func assemble(_ r: Registrar) {
    r.register(String.self, instance: "Ada")
    r.register(Greeter.self, mainActor: Greeter.init(name:))
  }
}

nonisolated func makeRegistry() throws -> Registry {
  try Registry(GreeterAssembly())  // nonisolated context
}

@concurrent func makeRegistryOffTheMainActor() async throws -> Registry {
  try Registry(GreeterAssembly())  // nonisolated context
}

nonisolated func makeRegistryOnTheCallersActor() async throws -> Registry {
  try Registry(GreeterAssembly())  // caller isolation inheriting-isolated context
}

func makeRegistryInADetachedTask() {
  Task.detached { _ = try Registry(GreeterAssembly()) }  // nonisolated context
}
