// `swift run contacts`: the ViperNest Contacts sample on the headless host; `--swiftui` runs the
// same app with SwiftUI screens on native navigation.
import ContactsSample
import ContactsSwiftUISample
import Foundation
import SampleSupport

/// The flavour the arguments select, with its options.
enum Flavour {
  case uiKit(ContactsDemo.Options)
  case swiftUI(ContactsSwiftUIDemo.Options)
}

guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else {
  print("The Contacts sample needs macOS 14 or later (Observation, for its SwiftUI flavour).")
  exit(1)
}

try await runSample(
  parse: { arguments -> Flavour in
    arguments.contains("--swiftui")
      ? .swiftUI(try ContactsSwiftUIDemo.Options(arguments: arguments.filter { $0 != "--swiftui" }))
      : .uiKit(try ContactsDemo.Options(arguments: arguments))
  },
  run: { flavour in
    switch flavour {
    case .uiKit(let options): await ContactsDemo.run(options)
    case .swiftUI(let options): await ContactsSwiftUIDemo.run(options)
    }
  })
