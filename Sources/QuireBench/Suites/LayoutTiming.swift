import Glibc

/// Wall and CPU time of a measurement: on a shared machine the wall clock also counts
/// the time other processes hold the cores, the thread's CPU time does not.
struct LayoutTiming {
  /// Median wall time of the runs, in milliseconds.
  var wallMilliseconds: Double
  /// Median CPU time of the calling thread over the runs, in milliseconds.
  var cpuMilliseconds: Double

  /// Runs `body` once untimed (warm-up) and then `runs` times; returns both medians. The
  /// CPU time is the calling thread's, or with `allThreads` the whole process's (work on
  /// several cores).
  static func measure(runs: Int, allThreads: Bool = false, _ body: () throws -> Void) rethrows
    -> LayoutTiming
  {
    try body()
    var walls: [Double] = []
    var cpus: [Double] = []
    let cpuClock = allThreads ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID
    for _ in 0..<max(1, runs) {
      let wall = clock(CLOCK_MONOTONIC)
      let cpu = clock(cpuClock)
      try body()
      cpus.append((clock(cpuClock) - cpu) * 1000)
      walls.append((clock(CLOCK_MONOTONIC) - wall) * 1000)
    }
    return LayoutTiming(wallMilliseconds: median(walls), cpuMilliseconds: median(cpus))
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  private static func clock(_ id: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(id, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
