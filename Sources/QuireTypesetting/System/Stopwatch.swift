import Glibc

/// A monotonic clock for the pagination time split (`quire paginate --stats`).
///
/// `clock_gettime` directly: it costs tens of nanoseconds, so timing every paragraph
/// does not change what is measured.
enum Stopwatch {
  /// Seconds since an arbitrary fixed point.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
