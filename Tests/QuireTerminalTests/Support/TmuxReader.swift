import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `quire read` running in a real terminal: a tmux server of its own, driven as a person
/// drives it (`send-keys`), read back as they see it (`capture-pane`).
///
/// The pane runs a small shell script: it saves `stty -g`, runs the reader, then saves the
/// exit status and `stty -g` again, so a test can check that the terminal was restored.
final class TmuxReader {
  let socket = "quire-test-" + UUID().uuidString.prefix(8)
  let folder: String
  let columns: Int
  let rows: Int

  /// The `quire` executable beside the running test bundle.
  static var quire: String {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return (me as NSString).deletingLastPathComponent + "/quire"
  }

  /// Whether tmux is installed (scripts/setup installs it).
  static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
      && FileManager.default.isExecutableFile(atPath: quire)
  }

  static let skipMessage: Comment = "tmux or the quire executable is missing (run scripts/setup)"

  /// Starts the reader on `arguments` (after `quire read`) in a `columns × rows` terminal,
  /// with its own config and data folders (shared by `reopen` in the same folder).
  init(
    _ arguments: [String], columns: Int = 100, rows: Int = 40, folder: String? = nil,
    environment: [String: String] = ["COLORTERM": "truecolor", "TERM": "xterm-256color"]
  ) throws {
    self.columns = columns
    self.rows = rows
    self.folder = folder ?? (NSTemporaryDirectory() + "quire-tmux-" + UUID().uuidString)
    try FileManager.default.createDirectory(
      atPath: self.folder, withIntermediateDirectories: true)
    try start(arguments, environment: environment)
  }

  deinit {
    _ = try? Self.tmux(socket, ["kill-server"])
  }

  /// Removes the folders (config, data) the reader used.
  func removeFolder() { try? FileManager.default.removeItem(atPath: folder) }

  private func start(_ arguments: [String], environment: [String: String]) throws {
    for name in ["before", "after", "status", "pid"] {
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
    let variables =
      [
        "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
        "XDG_CACHE_HOME": folder + "/cache",
      ].merging(environment) { $1 }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    // The reader honours NO_COLOR, which CI may set: the terminal here is the test's, so
    // it is removed unless the test sets it.
    let unset = environment["NO_COLOR"] == nil ? ["-u", "NO_COLOR"] : []
    let words = ["env"] + unset + assignments + [Self.quire, "read"] + arguments
    // `sh -c 'echo $$ > pid; exec "$@"'` records the reader's pid, then becomes it.
    let script = """
      cd \(Self.quoted(folder))
      stty -g > before
      sh -c 'echo $$ > pid; exec "$@"' reader \(words.map(Self.quoted).joined(separator: " ")) 2> stderr
      echo $? > status
      stty -g > after
      sleep 600

      """
    try script.write(toFile: folder + "/run.sh", atomically: true, encoding: .utf8)
    try Self.tmux(
      socket,
      [
        "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "reader", "sh",
        folder + "/run.sh",
      ])
  }

  /// Types keys as tmux names them (`j`, `Enter`, `Escape`, `C-c`, `PPage`).
  func send(_ keys: String...) throws {
    try Self.tmux(socket, ["send-keys", "-t", "reader"] + keys)
  }

  /// Types text literally.
  func type(_ text: String) throws {
    try Self.tmux(socket, ["send-keys", "-t", "reader", "-l", text])
  }

  /// The screen as text (with SGR escapes when `escapes` is true).
  func screen(escapes: Bool = false) throws -> String {
    try Self.tmux(socket, ["capture-pane", "-p", "-t", "reader"] + (escapes ? ["-e"] : []))
  }

  /// The screen's lines.
  func lines() throws -> [String] {
    try screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Waits until `condition` holds for the screen; fails the test after `timeout` seconds.
  @discardableResult
  func wait(
    timeout: Double = 10, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record(
      "timed out waiting for \(what); the screen was:\n\(last)", sourceLocation: sourceLocation)
    throw TmuxError("timed out waiting for \(what)")
  }

  /// Waits until the screen stops changing (a frame written after a key).
  @discardableResult
  func settle(_ quiet: Double = 0.25) throws -> String {
    var last = try screen()
    var stableSince = Date()
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      let now = try screen()
      if now != last {
        last = now
        stableSince = Date()
      } else if Date().timeIntervalSince(stableSince) >= quiet {
        return now
      }
    }
    return last
  }

  /// Resizes the terminal.
  func resize(columns: Int, rows: Int) throws {
    try Self.tmux(socket, ["resize-window", "-t", "reader", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The reader's process id.
  func pid() throws -> Int32 {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if let text = try? String(contentsOfFile: folder + "/pid", encoding: .utf8),
        let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TmuxError("the reader did not start")
  }

  /// The reader's exit status once it ended, waiting up to `timeout` seconds.
  func exitStatus(timeout: Double = 10) throws -> Int? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let text = try? String(contentsOfFile: folder + "/after", encoding: .utf8), !text.isEmpty,
        let status = try? String(contentsOfFile: folder + "/status", encoding: .utf8)
      {
        return Int(status.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }

  /// The terminal settings before the reader started and after it ended.
  func terminalSettings() throws -> (before: String, after: String) {
    (
      try String(contentsOfFile: folder + "/before", encoding: .utf8),
      try String(contentsOfFile: folder + "/after", encoding: .utf8)
    )
  }

  /// Whether the pane is in the alternate screen now.
  func isInAlternateScreen() throws -> Bool {
    try Self.tmux(socket, ["display-message", "-p", "-t", "reader", "#{alternate_on}"])
      .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
  }

  /// What the reader wrote to standard error.
  var standardError: String {
    (try? String(contentsOfFile: folder + "/stderr", encoding: .utf8)) ?? ""
  }

  /// Runs tmux and returns what it printed.
  ///
  /// Through `posix_spawn` and `waitpid`, not Foundation's `Process`: the server that
  /// `new-session` forks keeps every descriptor its client had, and `Process` waits for
  /// one of its own to close before it says the client ended.
  @discardableResult
  static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
    let startsServer = arguments.first == "new-session"
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { throw TmuxError("no pipe") }
    // Close-on-exec: a process another test starts meanwhile must not keep the write end
    // open (the read below would wait for it); the dup2 to tmux's output clears the flag.
    for end in descriptors { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if startsServer {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, descriptors[0])
    posix_spawn_file_actions_addclose(&actions, descriptors[1])
    let words = ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, &argv, environ)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    guard spawned == 0 else { throw TmuxError("tmux could not be started (\(spawned))") }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !startsServer {
      let count = read(descriptors[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      data.append(contentsOf: buffer[0..<count])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    guard status == 0 else {
      throw TmuxError("tmux \(arguments.first ?? "") failed (status \(status))")
    }
    return String(decoding: data, as: UTF8.self)
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}

struct TmuxError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
