// `swift run contacts`: the ViperNest Contacts sample on the headless host; `--swiftui` runs the
// same app with SwiftUI screens on native navigation.
import ContactsSample
import ContactsSwiftUISample
import SampleSupport

try await runSample(
  parse: { arguments -> @MainActor () async -> Int32 in
    guard arguments.contains("--swiftui") else {
      let options = try ContactsDemo.Options(arguments: arguments)
      return { await ContactsDemo.run(options) }
    }
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else {
      throw UsageError(
        "--swiftui needs macOS 14 or later (its screens use Observation); without it, the UIKit "
          + "flavour runs here.", usage: ContactsDemo.usage)
    }
    let options = try ContactsSwiftUIDemo.Options(arguments: arguments.filter { $0 != "--swiftui" })
    return { await ContactsSwiftUIDemo.run(options) }
  },
  run: { await $0() })
