// `swift run contacts`: the ViperNest Contacts sample on the headless host.
import ContactsSample
import SampleSupport

try await runSample(parse: ContactsDemo.Options.init(arguments:)) { await ContactsDemo.run($0) }
