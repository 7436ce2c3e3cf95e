#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nanoseconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`): never jumps, ~20 ns to
/// read, so it is read once per batch, never per iteration.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Folds an object's identity into a digest, so the optimizer must keep the object's creation.
///
/// The address bits themselves, not `hashValue`: hashing (SipHash, ~100 instructions) cost every
/// contender the same ~15 ns per iteration and drowned the cheapest scenarios' differences.
@inline(__always)
func digest(_ object: AnyObject) -> UInt {
  UInt(bitPattern: ObjectIdentifier(object)) >> 4
}
