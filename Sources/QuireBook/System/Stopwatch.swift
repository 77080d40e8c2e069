import Glibc

/// The one clock Quire times things with: the pagination time split
/// (`quire paginate --stats`), the window's frame and gesture times, the terminal's
/// answer deadlines and every figure `quire bench` prints.
///
/// Monotonic (never jumps with the wall clock) and `clock_gettime` directly: it costs tens
/// of nanoseconds, so timing every paragraph does not change what is measured. Dates that
/// are stored or shown (when a bookmark was made) are `Date`, not this.
public enum Stopwatch {
  /// Seconds since an arbitrary fixed point.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  /// Seconds since `start`, a value of `now()`.
  public static func seconds(since start: Double) -> Double {
    now() - start
  }

  /// Milliseconds since `start`, a value of `now()`.
  public static func milliseconds(since start: Double) -> Double {
    (now() - start) * 1000
  }
}
