// vipernest-generate: writes a ViperNest module. The `generate-module` command plugin runs it;
// run it directly with `swift run vipernest-generate --help` inside a ViperNest checkout.
import Foundation
import ViperNestGenerator

let outcome = GeneratorCommand.run(
  Array(CommandLine.arguments.dropFirst()),
  currentDirectory: FileManager.default.currentDirectoryPath)
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
exit(outcome.status)
