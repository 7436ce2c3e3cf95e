// Thousands of distinct service types without thousands of source lines: nested generic
// instantiations (`Synthetic<D3, Synthetic<D7, SyntheticRoot>>`) each have their own type
// metadata, so each is a distinct registration key for ViperNest and for Swinject alike.
//
// Their metadata is instantiated when the list is made, before anything is measured: in an app,
// service types are ordinary (statically emitted) types, so their metadata is no part of the cost
// of registering them.

protocol Digit: SendableMetatype {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

let digitTypes: [any Digit.Type] = [
  D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
]

/// A service type with no dependencies, one of many.
protocol SyntheticService: AnyObject, SendableMetatype {
  init()
}

final class SyntheticRoot: SyntheticService {
  init() {}
}

final class Synthetic<D: Digit, Inner: SyntheticService>: SyntheticService {
  init() {}
}

/// `10^depth` distinct service types.
func syntheticServiceTypes(depth: Int) -> [any SyntheticService.Type] {
  var result: [any SyntheticService.Type] = []
  func expand<Inner: SyntheticService>(_ inner: Inner.Type, depth: Int) {
    for digit in digitTypes {
      func nest<D: Digit>(_ digit: D.Type) {
        let type = Synthetic<D, Inner>.self
        if depth == 1 { result.append(type) } else { expand(type, depth: depth - 1) }
      }
      nest(digit)
    }
  }
  expand(SyntheticRoot.self, depth: depth)
  return result
}

/// A service in the `validate-1k` graph: each depends on the one it nests and on a shared clock.
protocol ValidationNode: AnyObject, SendableMetatype {}

final class ValidationClock {
  init() {}
}

final class ValidationRoot: ValidationNode {
  init(clock: ValidationClock) {}
}

final class ValidationBranch<D: Digit, Inner: ValidationNode>: ValidationNode {
  let inner: Inner
  init(inner: Inner, clock: ValidationClock) { self.inner = inner }
}

/// The `validate-1k` types by level: level 1 nests the root, level 2 nests level 1, and so on.
func validationLevels(depth: Int) -> [[any ValidationNode.Type]] {
  var levels: [[any ValidationNode.Type]] = [[ValidationRoot.self]]
  for _ in 0..<depth {
    var next: [any ValidationNode.Type] = []
    for inner in levels.last! {
      func nestAll<Inner: ValidationNode>(_ inner: Inner.Type) {
        for digit in digitTypes {
          func nest<D: Digit>(_ digit: D.Type) { next.append(ValidationBranch<D, Inner>.self) }
          nest(digit)
        }
      }
      nestAll(inner)
    }
    levels.append(next)
  }
  return levels
}
