// `swift run bank`: the ViperNest Bank sample (seed 001) on the headless host.
import BankSample
import SampleSupport

try await runSample(parse: BankDemo.Options.init(arguments:)) { await BankDemo.run($0) }
