// `swift run contacts`: the ViperNest Contacts sample on the headless host.
import ContactsSample
import Foundation

let options: ContactsDemo.Options
do {
  options = try ContactsDemo.Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch let error as ContactsDemo.UsageError {
  print(error.message)
  exit(error.isHelp ? 0 : 64)
}
exit(await ContactsDemo.run(options))
