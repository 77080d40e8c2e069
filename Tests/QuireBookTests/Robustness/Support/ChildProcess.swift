import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program as a child process and measures it: wall time, peak resident set size,
/// exit status, and output.
///
/// Memory is measured in a child because a test's own peak (the test runner's `VmHWM`)
/// also counts every other test that ran before it. The child's `ru_maxrss` from `wait4`
/// cannot be used either: `posix_spawn` starts the child on the parent's address space
/// (`CLONE_VM`), and `execve` folds that space's high-water mark into the child's
/// `maxrss`, so it reports the test runner's peak (~110 MB). The child's own address
/// space's `VmHWM` (`/proc/PID/status`) is exact, so it is sampled every millisecond
/// while the child runs; only growth in its last millisecond can be missed.
struct ChildProcess {
  /// What one run gave.
  struct Outcome: CustomStringConvertible {
    /// The exit code, or nil when a signal ended the process.
    var exitCode: Int32?
    /// The signal that ended the process (a crash: SIGSEGV, SIGILL, SIGABRT; or SIGKILL
    /// from the timeout).
    var signal: Int32?
    var elapsed: Duration
    /// Peak resident set size in bytes.
    var peakResidentBytes: Int
    var standardOutput: String
    var standardError: String
    /// True when the run was killed for taking longer than its timeout.
    var timedOut: Bool

    var description: String {
      let status = exitCode.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
      let milliseconds =
        elapsed.components.seconds * 1000
        + elapsed.components.attoseconds / 1_000_000_000_000_000
      return "\(status), \(milliseconds) ms, \(peakResidentBytes >> 20) MiB peak"
        + (timedOut ? " (timed out)" : "")
    }
  }

  /// The program's path.
  let executable: String

  /// Runs the program with `arguments` and the test's environment plus `environment`,
  /// killing it after `timeout`.
  func run(
    _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)
  ) throws -> Outcome {
    let folder = try ScratchFolder.make("child")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outPath = folder + "/stdout"
    let errPath = folder + "/stderr"

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
    }

    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    var peak = 0
    while true {
      peak = max(peak, highWaterMark(of: pid) ?? 0)
      let result = wait4(pid, &status, WNOHANG, &usage)
      if result == pid { break }
      if result < 0 && errno != EINTR { break }
      if !timedOut && clock.now - start > timeout {
        kill(pid, SIGKILL)
        timedOut = true
      }
      usleep(1_000)
    }
    let elapsed = clock.now - start
    // WIFEXITED / WTERMSIG are macros Swift does not import.
    let signal = status & 0x7F
    return Outcome(
      exitCode: signal == 0 ? (status >> 8) & 0xFF : nil,
      signal: signal == 0 ? nil : signal,
      elapsed: elapsed,
      peakResidentBytes: peak,
      standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
      timedOut: timedOut)
  }

  /// `VmHWM` of a running process, in bytes, once it runs `executable`: until then the
  /// pid may still share the test runner's memory (a `vfork`ed child), and its figure
  /// would be the runner's.
  private func highWaterMark(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    else { return nil }
    let lines = status.split(separator: "\n")
    // The kernel keeps the first 15 bytes of the program's name.
    let name = String((executable as NSString).lastPathComponent.utf8.prefix(15))!
    guard lines.contains(where: { $0 == "Name:\t" + name }),
      let line = lines.first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1024
  }
}
