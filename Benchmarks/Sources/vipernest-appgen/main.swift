// vipernest-appgen: writes the app of N VIPER modules in its three variants (ViperNest,
// hand-written, Swinject 2.10), each its own SwiftPM package, into a scratch folder.
//
//   swift run --package-path Benchmarks vipernest-appgen [--modules N] [--output DIR]
//
// `vipernest-bench --only launch-300,launch-1000,size-300,memory-300,build-300` generates and
// builds it itself; CI builds the variants with N = 10 so the generator cannot rot.

import AppScaleGenerator
import Foundation

let usage = """
  usage: vipernest-appgen [--modules N] [--output DIR] [--root DIR]
    --modules N   modules in the app (default 300)
    --output DIR  where the three packages go (default /tmp/vipernest-app-scale)
    --root DIR    the ViperNest package the variants depend on (default: the parent of the
                  Benchmarks package, found from the current directory)
  """

var modules = 300
var output = "/tmp/vipernest-app-scale"
var root: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--modules":
    guard let value = arguments.next().flatMap(Int.init), value >= 1 else {
      FileHandle.standardError.write(Data("--modules needs a positive number\n\(usage)\n".utf8))
      exit(1)
    }
    modules = value
  case "--output": output = arguments.next() ?? output
  case "--root": root = arguments.next()
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    FileHandle.standardError.write(Data("unknown argument \(argument)\n\(usage)\n".utf8))
    exit(1)
  }
}

do {
  let rootURL = try AppScaleLocation.rootPackage(root)
  let packages = try AppScaleWriter.write(
    AppPlan(modules: modules), to: URL(fileURLWithPath: output), rootPackage: rootURL)
  for variant in AppVariant.allCases {
    print("\(variant.label): \(packages[variant]!.path)")
  }
} catch {
  FileHandle.standardError.write(Data("vipernest-appgen: \(error)\n".utf8))
  exit(1)
}
