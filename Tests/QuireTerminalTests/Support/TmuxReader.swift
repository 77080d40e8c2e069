import Foundation
import QuireTestSupport
import Testing

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
    self.folder = try folder ?? ScratchFolder.make("tmux")
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

  /// Waits until `condition` holds for the screen; fails the test, with the screen seen
  /// last, after `timeout` seconds (times `Deadline.patience`).
  @discardableResult
  func wait(
    timeout: Double = 30, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    until condition: (String) -> Bool
  ) throws -> String {
    var last = ""
    do {
      try Deadline.wait(for: what, seconds: timeout, seen: { last }) {
        last = try screen()
        return condition(last)
      }
    } catch let error as DeadlineError {
      Issue.record("\(error)", sourceLocation: sourceLocation)
      throw error
    }
    return last
  }

  /// Waits until the status line says the reader is on page `number` of the book: every
  /// key sent before has been handled and its page drawn.
  @discardableResult
  func waitForPage(
    _ number: Int, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let what = "page \(number) in the status line"
    return try wait(timeout: timeout, what, sourceLocation: sourceLocation) {
      Self.page(in: $0) == number
    }
  }

  /// Waits for the reader's first frame: `text` on the page (any, when empty) and the
  /// status line under it (a capture can catch a frame half written); the page number it
  /// shows.
  func firstPage(
    showing text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    let screen = try wait("the first page, showing “\(text)”", sourceLocation: sourceLocation) {
      (text.isEmpty || $0.contains(text)) && Self.page(in: $0) != nil
    }
    return Self.page(in: screen)!
  }

  /// The page number the status line shows ("12 of 362", "12 of about 494"), if any.
  static func page(in screen: String) -> Int? {
    let status = screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) } ?? ""
    guard !status.contains("Match "),
      let match = status.firstMatch(of: #/(\d+) of (?:about )?\d+/#)
    else { return nil }
    return Int(match.output.1)
  }

  /// Waits until the screen stops changing for `quiet` seconds, for screens whose content
  /// a test cannot name beforehand. Prefer `wait` or `waitForPage`, which know when the
  /// reader has answered: a busy reader can be quiet for a while before it draws.
  @discardableResult
  func settle(_ quiet: Double = 0.25, timeout: Double = 30) throws -> String {
    var last = try screen()
    var stableSince = Date()
    try Deadline.wait(for: "the screen to stay still for \(quiet) s", seconds: timeout) {
      let now = try screen()
      if now != last {
        last = now
        stableSince = Date()
      }
      return Date().timeIntervalSince(stableSince) >= quiet
    }
    return last
  }

  /// Resizes the terminal.
  func resize(columns: Int, rows: Int) throws {
    try Self.tmux(socket, ["resize-window", "-t", "reader", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The reader's process id, once it has started.
  func pid() throws -> Int32 {
    var pid: Int32?
    try Deadline.wait(for: "the reader to start", seconds: 10) {
      let text = try? String(contentsOfFile: folder + "/pid", encoding: .utf8)
      pid = text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      return pid != nil
    }
    return pid!
  }

  /// The reader's exit status once it ended; nil while it still runs after `timeout`
  /// seconds (times `Deadline.patience`), for a test that checks it did not exit. A test
  /// that expects it to exit uses `waitForExit`, which says what it waited for.
  func exitStatus(timeout: Double = 20) throws -> Int? {
    let deadline = Deadline("the reader to exit", seconds: timeout)
    while !deadline.hasPassed {
      if let status = finishedStatus { return status }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return finishedStatus
  }

  /// The reader's exit status, waiting for it to end; throws, with the screen, when it has
  /// not within `timeout` seconds (times `Deadline.patience`).
  func waitForExit(timeout: Double = 20) throws -> Int {
    var status: Int?
    try Deadline.wait(for: "the reader to exit", seconds: timeout, seen: { self.lastScreen }) {
      status = finishedStatus
      return status != nil
    }
    return status!
  }

  /// The status the pane's script saved once the reader ended, if it has.
  private var finishedStatus: Int? {
    guard let after = try? String(contentsOfFile: folder + "/after", encoding: .utf8),
      !after.isEmpty,
      let text = try? String(contentsOfFile: folder + "/status", encoding: .utf8)
    else { return nil }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// The screen now, or why it could not be read (for failure messages).
  private var lastScreen: String {
    (try? screen()) ?? "(the pane could not be read)"
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

  /// Runs tmux and returns what it printed; a tmux that does not answer within 20 s (times
  /// `Deadline.patience`) is killed and named in the error.
  @discardableResult
  static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
    let output = try ChildProcess.run(
      "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments,
      capturesOutput: arguments.first != "new-session")
    return String(decoding: output, as: UTF8.self)
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
