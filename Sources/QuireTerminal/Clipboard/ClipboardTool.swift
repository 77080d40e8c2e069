import Foundation
import Glibc
import QuireBook

/// A desktop's clipboard program, given the text on its standard input: `wl-copy` under
/// Wayland, `xclip` or `xsel` under X. What the terminal reader falls back to (and adds
/// to OSC 52, which many terminals ignore) where one is installed and a display is there.
public struct ClipboardTool: Hashable, Sendable {
  /// The program's name, as a message names it.
  public var name: String
  /// Its full path.
  public var path: String
  /// Its arguments for "set the clipboard from standard input".
  public var arguments: [String]

  /// The programs tried, in order, with the display each needs.
  static let candidates: [(name: String, display: String, arguments: [String])] = [
    ("wl-copy", "WAYLAND_DISPLAY", []),
    ("xclip", "DISPLAY", ["-selection", "clipboard", "-in"]),
    ("xsel", "DISPLAY", ["--clipboard", "--input"]),
  ]

  /// The first program that is installed on `PATH` and whose display is set; nil when
  /// none (a console, SSH without forwarding, a machine without them).
  public static func find(environment: [String: String]) -> ClipboardTool? {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for candidate in candidates {
      guard let display = environment[candidate.display], !display.isEmpty else { continue }
      for folder in folders where !folder.isEmpty {
        let path = "\(folder)/\(candidate.name)"
        if FileManager.default.isExecutableFile(atPath: path) {
          return ClipboardTool(name: candidate.name, path: path, arguments: candidate.arguments)
        }
      }
    }
    return nil
  }

  /// How long the program may take to read the text and go to the background.
  static let timeout: TimeInterval = 2

  /// Gives `text` to the program; true when it took it (exit status 0 within the
  /// timeout). It never reads the terminal: its input is the text and its output goes
  /// nowhere.
  ///
  /// Started with `posix_spawn` and waited for with `waitpid`, not Foundation's `Process`:
  /// xclip and wl-copy stay in the background to serve the clipboard, and `Process` would
  /// wait for that background copy, which keeps its descriptors, not for the program.
  ///
  /// - Parameter environment: the program's environment (its display).
  public func copy(_ text: String, environment: [String: String]) -> Bool {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { return false }
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    // Close-on-exec: the program must not hold the write end (it would never see the
    // text end); the dup2 to its standard input clears the flag on that copy.
    for end in descriptors { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    let words = [path] + arguments
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // Not with the reader's signal state (it ignores the signals its dispatch sources take).
    var pid: pid_t = 0
    let spawned = ChildSignals.withDefaults {
      posix_spawn(&pid, path, &actions, $0, &argv, &envp)
    }
    close(readEnd)
    guard spawned == 0 else {
      close(writeEnd)
      return false
    }
    // Written on its own thread, so that a program that stops reading cannot stop the
    // reader, with SIGPIPE blocked there: a program that exits before reading it all
    // gives EPIPE, not a signal that would end Quire (a signal a write raises goes to the
    // thread that wrote, and is dropped with it).
    let bytes = Array(text.utf8)
    let writer = Thread {
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &signals, nil)
      Self.writeAll(bytes, to: writeEnd)
      close(writeEnd)
    }
    writer.start()
    let deadline = Stopwatch.now() + Self.timeout
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result < 0 && errno != EINTR { return false }
      guard Stopwatch.now() < deadline else {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return false
      }
      usleep(10_000)
    }
    // WIFEXITED and WEXITSTATUS: a normal exit with status 0.
    return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
  }

  /// Writes `bytes` to `descriptor` until done or an error (a closed pipe) stops it.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}
