public import Foundation
import QuireBook

#if canImport(Glibc)
  import Glibc
#endif

/// A tool the harnesses run (tmux, xdotool, xwd), run to its end with a deadline: one
/// that hangs is killed and the test fails naming it, rather than waiting for ever.
///
/// Through `posix_spawn`, `poll` and `waitpid`, not Foundation's `Process`: a tmux server
/// that `new-session` forks keeps every descriptor its client had, and `Process` waits for
/// one of its own to close before it says the client ended.
public enum ChildProcess {
  /// Runs `tool` with `arguments` and returns what it printed; its input and errors are
  /// `/dev/null`. `environment` nil passes the test's own on.
  ///
  /// - Parameters:
  ///   - seconds: how long the tool may take (times `Deadline.patience`).
  ///   - capturesOutput: false sends its output to `/dev/null` too (a tmux client that
  ///     starts a server, which would hold the pipe open).
  /// - Throws: `DeadlineError` when it outlasts the deadline (it is killed),
  ///   `ChildProcessError` when it cannot start or fails.
  @discardableResult
  public static func run(
    _ tool: String, _ arguments: [String], environment: [String: String]? = nil,
    seconds: Double = 20, capturesOutput: Bool = true
  ) throws -> Data {
    let name = ([(tool as NSString).lastPathComponent] + arguments).joined(separator: " ")
    var descriptors: [Int32] = [-1, -1]
    if capturesOutput {
      guard pipe(&descriptors) == 0 else { throw ChildProcessError("no pipe for \(name)") }
      // Close-on-exec: a process another test starts meanwhile must not keep the write
      // end open (the read below would wait for it); the dup2 to the tool's output clears
      // the flag there.
      for end in descriptors { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }
    defer { if capturesOutput { close(descriptors[0]) } }
    let pid = try spawn(tool, arguments, environment: environment, output: descriptors[1])
    if capturesOutput { close(descriptors[1]) }
    let deadline = Deadline("\(name) to finish", seconds: seconds)
    let output = capturesOutput ? try read(descriptors[0], from: pid, until: deadline) : Data()
    let status = try reap(pid, until: deadline)
    guard status == 0 else { throw ChildProcessError("\(name) failed (\(describe(status)))") }
    return output
  }

  private static func spawn(
    _ tool: String, _ arguments: [String], environment: [String: String]?, output: Int32
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if output >= 0 {
      posix_spawn_file_actions_adddup2(&actions, output, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer {
      argv.forEach { free($0) }
      envp?.forEach { free($0) }
    }
    // A clean signal state: a tmux server spawned with the test threads' blocked signals
    // never saw the SIGTERM of `kill-server` (it lived on with its reader after the test).
    var pid: pid_t = 0
    let result = ChildSignals.withDefaults { attributes in
      if var envp {
        posix_spawn(&pid, tool, &actions, attributes, argv, &envp)
      } else {
        posix_spawn(&pid, tool, &actions, attributes, argv, environ)
      }
    }
    guard result == 0 else { throw ChildProcessError("cannot start \(tool): error \(result)") }
    return pid
  }

  /// Reads a pipe to its end, polling so that the deadline is kept.
  private static func read(_ descriptor: Int32, from pid: pid_t, until deadline: Deadline) throws
    -> Data
  {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      if poll(&ready, 1, 50) > 0 {
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno != EINTR) { return data }
        if count > 0 { data.append(contentsOf: buffer[0..<count]) }
      }
      if deadline.hasPassed {
        kill(pid, SIGKILL)
        _ = try? reap(pid, until: nil)
        throw deadline.timeout(String(decoding: data, as: UTF8.self))
      }
    }
  }

  /// Waits for the process to end; its wait status. Killed at the deadline.
  private static func reap(_ pid: pid_t, until deadline: Deadline?) throws -> Int32 {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
      if result == pid { return status }
      if result < 0, errno != EINTR { throw ChildProcessError("lost process \(pid)") }
      if let deadline, deadline.hasPassed {
        kill(pid, SIGKILL)
        _ = try? reap(pid, until: nil)
        throw deadline.timeout()
      }
      usleep(5_000)
    }
  }

  /// "status 1" or "signal 9" for a wait status.
  private static func describe(_ status: Int32) -> String {
    status & 0x7F == 0 ? "status \((status >> 8) & 0xFF)" : "signal \(status & 0x7F)"
  }
}

/// A tool that could not be started, or that failed.
public struct ChildProcessError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
