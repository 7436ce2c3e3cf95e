// `swift run bank`: the ViperNest Bank sample (seed 001) on the headless host.
import BankSample
import Foundation

let options: BankDemo.Options
do {
  options = try BankDemo.Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch let error as BankDemo.UsageError {
  print(error.message)
  exit(error.isHelp ? 0 : 64)
}
exit(await BankDemo.run(options))
