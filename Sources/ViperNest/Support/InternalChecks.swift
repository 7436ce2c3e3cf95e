/// Checks an invariant that a comment (or docs/Architecture.md) states, in builds compiled with
/// `VIPERNEST_INTERNAL_CHECKS` (`VIPERNEST_INTERNAL_CHECKS=1 swift test`, as CI builds); compiles
/// to nothing otherwise, so the fast paths pay nothing in an app.
///
/// Inlinable, so that inlinable fast paths can state their invariants too: its body is compiled
/// with the library's own conditions.
///
/// - Parameters:
///   - condition: The invariant.
///   - message: What broke, for the trap's message.
@inlinable @inline(__always)
func internalCheck(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  #if VIPERNEST_INTERNAL_CHECKS
    precondition(
      condition(), "ViperNest internal invariant broken: \(message())", file: file, line: line)
  #endif
}

/// Whether this build checks internal invariants (see ``internalCheck(_:_:file:line:)``).
var internalChecksEnabled: Bool {
  #if VIPERNEST_INTERNAL_CHECKS
    return true
  #else
    return false
  #endif
}
