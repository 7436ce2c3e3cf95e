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
@inline(__always)
func digest(_ object: AnyObject) -> UInt {
  UInt(bitPattern: ObjectIdentifier(object).hashValue) >> 4
}
