public import ViperNest
import ViperNestHeadless

extension OpenedLink {
  /// The route a link matched and what each step did, on one line:
  /// `route /payments/transfer/:to: PaymentsView kept, TransferView shown`.
  public var summary: String {
    let steps = steps.map { step in
      let name = (step.controller as? HeadlessViewController)?.description ?? step.module
      return "\(name) \(step.wasReused ? "kept" : "shown")"
    }
    return "route \(route): \(steps.joined(separator: ", "))"
  }
}
