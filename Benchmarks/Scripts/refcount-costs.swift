// What one reference-count operation costs on this machine, uncontended, on objects with and
// without a side table (an object gets one when something first references it weakly, as a VIPER
// module's weak links do). The leak detector's tracking cost is mostly such operations.
//
//   swiftc -O Benchmarks/Scripts/refcount-costs.swift -o /tmp/refcount-costs && /tmp/refcount-costs
//
// The runtime entry points are called through pointers found with dlsym, so the optimizer cannot
// pair and remove them. Best of 9 runs of 2,000,000 operations over 64 objects, twice.
import Foundation

final class Object { var value = 0 }
final class WeakHolder { weak var object: Object? }

typealias Retaining = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
typealias Releasing = @convention(c) (UnsafeMutableRawPointer) -> Void
typealias Checking = @convention(c) (UnsafeMutableRawPointer) -> Bool
let runtime = dlopen(nil, RTLD_NOW)
func entry<T>(_ name: String, _: T.Type) -> T { unsafeBitCast(dlsym(runtime, name)!, to: T.self) }
let retain = entry("swift_retain", Retaining.self)
let release = entry("swift_release", Releasing.self)
let unownedRetain = entry("swift_unownedRetain", Retaining.self)
let unownedRelease = entry("swift_unownedRelease", Releasing.self)
let isDeallocating = entry("swift_isDeallocating", Checking.self)

@inline(never) func measure(_ label: String, _ count: Int, _ body: () -> Void) {
  let clock = ContinuousClock()
  var best = Duration.seconds(100)
  for _ in 0..<9 { best = min(best, clock.measure(body)) }
  let nanoseconds =
    Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
  print(
    label.padding(toLength: 44, withPad: " ", startingAt: 0),
    String(format: "%6.2f ns", nanoseconds / Double(count)))
}

let count = 2_000_000
let plain = (0..<64).map { _ in Unmanaged.passRetained(Object()).toOpaque() }
let weaklyReferenced = (0..<64).map { _ in Object() }
let holders = weaklyReferenced.map { object -> WeakHolder in
  let holder = WeakHolder()
  holder.object = object
  return holder
}
let sideTabled = weaklyReferenced.map { Unmanaged.passRetained($0).toOpaque() }
var sink = 0
for _ in 0..<2 {
  for (objects, kind) in [(plain, "no side table"), (sideTabled, "side table")] {
    measure("retain + release (\(kind))", count) {
      for index in 0..<count {
        let object = objects[index & 63]
        _ = retain(object)
        release(object)
      }
    }
    measure("unowned retain + release (\(kind))", count) {
      for index in 0..<count {
        let object = objects[index & 63]
        _ = unownedRetain(object)
        unownedRelease(object)
      }
    }
    measure("isDeallocating (\(kind))", count) {
      for index in 0..<count where isDeallocating(objects[index & 63]) { sink += 1 }
    }
  }
}
withExtendedLifetime(holders) { if sink == -1 { print(sink) } }
