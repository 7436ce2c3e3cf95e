/// One way of doing a scenario's work (ViperNest, hand-written, Swinject, or a variant), measured
/// in batches.
struct Contender {
  /// Who it is: `ours`, `handwired`, `swinject`, or a scenario-specific label.
  let label: String
  /// Runs the work `n` times and returns a digest of what it built (folded into the printed
  /// checksum, so no work can be optimized away). Timed.
  let batch: (Int) throws -> UInt
  /// Units of work one iteration does (10,000 for "register 10,000 services"): figures are per unit.
  var unitsPerIteration: Double = 1
  /// Runs after each timed batch, untimed (releases what the batch kept alive).
  var afterBatch: () -> Void = {}
  /// Runs before each timed batch of `n`, untimed (prepares what the batch works on).
  var beforeBatch: (Int) throws -> Void = { _ in }

  init(
    _ label: String, unitsPerIteration: Double = 1,
    beforeBatch: @escaping (Int) throws -> Void = { _ in },
    afterBatch: @escaping () -> Void = {}, batch: @escaping (Int) throws -> UInt
  ) {
    self.label = label
    self.batch = batch
    self.unitsPerIteration = unitsPerIteration
    self.beforeBatch = beforeBatch
    self.afterBatch = afterBatch
  }
}
