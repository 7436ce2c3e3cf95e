import Testing

@testable import ViperNestGenerator

struct ModuleWriterTests {
  @Test func filesAreWrittenWithTheDirectoriesTheyNeed() throws {
    let root = try TemporaryDirectory()
    try ModuleWriter.write(
      [
        .init(path: root.path + "/Sources/App/Cart/CartView.swift", contents: "view\n"),
        .init(path: root.path + "/Tests/AppTests/CartModuleTests.swift", contents: "test\n"),
      ], root: root.path)
    #expect(
      root.files == ["Sources/App/Cart/CartView.swift", "Tests/AppTests/CartModuleTests.swift"])
    #expect(try root.read("Sources/App/Cart/CartView.swift") == "view\n")
  }

  @Test func aFailureHalfwayRemovesWhatWasWritten() throws {
    let root = try TemporaryDirectory()
    // A file where the second file's folder should be: creating that folder fails.
    try root.write("Blocked", "not a folder\n")
    let message = expectGeneratorError(.writeFailed) {
      try ModuleWriter.write(
        [
          .init(path: root.path + "/Sources/App/Cart/CartView.swift", contents: "view\n"),
          .init(path: root.path + "/Blocked/CartPresenter.swift", contents: "presenter\n"),
        ], root: root.path)
    }
    #expect(message.contains("the 1 file(s) written before the failure were removed"))
    #expect(root.files == ["Blocked"])
    #expect(!PathTools.isDirectory(root.path + "/Sources"))
  }

  @Test func existingFilesAreListedAndNothingIsWritten() throws {
    let root = try TemporaryDirectory()
    try root.write("Sources/App/Cart/CartRouter.swift", "mine\n")
    let message = expectGeneratorError(.filesExist) {
      try ModuleWriter.write(
        [
          .init(path: root.path + "/Sources/App/Cart/CartView.swift", contents: "view\n"),
          .init(path: root.path + "/Sources/App/Cart/CartRouter.swift", contents: "router\n"),
        ], root: root.path)
    }
    #expect(message.hasPrefix("Refusing to overwrite: 1 of the module's 2 files already exist:\n"))
    #expect(message.contains("\n  Sources/App/Cart/CartRouter.swift\n"))
    #expect(root.files == ["Sources/App/Cart/CartRouter.swift"])
    #expect(try root.read("Sources/App/Cart/CartRouter.swift") == "mine\n")
  }
}
