import Foundation
import QuireBook
import QuireRendering
import QuireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `quire open --window` running on an X server of its own (Xvfb), driven as a person
/// drives it — real X input through `xdotool` (XTEST: pointer moves, buttons, keys) — and
/// seen as they see it: screenshots of the window through `xwd`.
///
/// The reader writes what it shows after every frame to the file named by
/// `QUIRE_DESKTOP_STATE` (pages, panel, links with their rectangles, the last pointer
/// event it handled, frame times); the harness waits on that file rather than on time,
/// and every wait and every tool it runs has a deadline (`Deadline`, `ChildProcess`) and
/// says what it was waiting for when it runs out.
final class WindowReader {
  let folder: String
  let display: String
  private var server: pid_t = 0
  private var reader: pid_t = 0
  let width: Int
  let height: Int

  /// The `quire` executable beside the running test bundle.
  static var quire: String {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return (me as NSString).deletingLastPathComponent + "/quire"
  }

  static let tools = ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/xwd"]

  /// Whether Xvfb, xdotool and xwd are installed (scripts/setup installs them).
  static var isAvailable: Bool {
    (tools + [quire]).allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static let skipMessage: Comment =
    "Xvfb, xdotool, xwd or the quire executable is missing (run scripts/setup)"

  /// What the reader reported last.
  struct State: Decodable {
    struct Side: Decodable, Equatable {
      var chapter: Int
      var start: Int
      var end: Int
      var text: String
      var x: Double
      var width: Double
    }
    struct Link: Decodable {
      var text: String
      var target: String
      var x: Double
      var y: Double
      var width: Double
      var height: Double
    }
    var pid: Int32
    var frames: Int
    var firstFrameMilliseconds: Double?
    var title: String
    var sides: [Side]
    /// The lines of text shown, each with the box of its characters in the window.
    var lines: [Link]
    var links: [Link]
    var controls: [Link]
    /// The last pointer event the window handled.
    struct Pointer: Decodable {
      var x: Double
      var y: Double
      var isPressed: Bool
      var events: Int
    }
    var overlay: Bool
    /// The selection's menu (a colour's name for each swatch), the text selected on the
    /// pages shown, and the colour of a highlight chosen with a right-click.
    var menu: [Link]
    var selection: String?
    var chosenHighlight: String?
    var pointer: Pointer?
    var panel: String?
    var panelTitle: String?
    var panelRows: [String]
    var panelScroll: Int
    var message: String?
    var turning: Bool
    var turnsCompleted: Int
    var turnsCancelled: Int
    var width: Int
    var height: Int
    var renderer: String
    var frameTimes: [Double]
    var turnFrameTimes: [Double]
    var answerTimes: [Double]
    var selectionTimes: [Double]
    /// What the HUD says of reading aloud and auto turn.
    var listening: String?
    /// The sentence and word read aloud (`target` "sentence" or "word"), where they are.
    var spoken: [Link]?
  }

  /// Starts an X server and the reader on `arguments` (after `quire open --window`) in a
  /// window `width`×`height`, with its own config and data folders (shared by a reader
  /// started later on the same `folder`).
  init(
    _ arguments: [String], width: Int = 1200, height: Int = 900, folder: String? = nil,
    preferences: [String: String] = [:], environment: [String: String] = [:]
  ) throws {
    self.width = width
    self.height = height
    self.folder = try folder ?? ScratchFolder.make("window")
    display = ":\(Int.random(in: 200...3000))"
    try FileManager.default.createDirectory(
      atPath: self.folder + "/config/quire", withIntermediateDirectories: true)
    var settings = [
      "windowWidth": "\(width)", "windowHeight": "\(height)", "windowX": "0",
      "windowY": "0",
    ]
    settings.merge(preferences) { $1 }
    let json =
      "{"
      + settings.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
      .joined(separator: ", ") + "}"
    try json.write(
      toFile: self.folder + "/config/quire/preferences.json", atomically: true, encoding: .utf8)
    server = try Self.spawn(
      "/usr/bin/Xvfb",
      [display, "-screen", "0", "\(width + 200)x\(height + 200)x24", "-nolisten", "tcp"],
      environment: [:], output: self.folder + "/xvfb.log")
    try waitUntil(timeout: 20, "the X server on \(display) to start") {
      (try? run("/usr/bin/xdotool", ["getdisplaygeometry"])) != nil
    }
    try start(arguments, environment: environment)
  }

  deinit {
    var status: Int32 = 0
    if reader > 0 {
      kill(reader, SIGKILL)
      waitpid(reader, &status, 0)
    }
    if server > 0 {
      kill(server, SIGKILL)
      waitpid(server, &status, 0)
    }
  }

  /// Removes the folders the reader used.
  func removeFolder() { try? FileManager.default.removeItem(atPath: folder) }

  var statePath: String { folder + "/state.json" }

  /// Starts the reader (again) on the same X server and folders.
  func start(_ arguments: [String], environment: [String: String] = [:]) throws {
    try? FileManager.default.removeItem(atPath: statePath)
    var variables = [
      "DISPLAY": display, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
      "XDG_DATA_HOME": folder + "/data", "XDG_CACHE_HOME": folder + "/cache",
      "QUIRE_DESKTOP_STATE": statePath,
      "PATH": folder + "/bin:/usr/bin:/bin",
    ]
    variables.merge(environment) { $1 }
    reader = try Self.spawn(
      Self.quire, ["open", "--window"] + arguments, environment: variables,
      output: folder + "/reader.log")
    try waitUntil(timeout: 60, "the window's first frame") { (try? state())?.frames ?? 0 > 0 }
    try waitUntil(timeout: 20, "the window to be mapped") { windowID != nil }
    _ = try? xdotool(["windowfocus", "--sync", windowID!])
  }

  /// The reader's window, found by its class.
  var windowID: String? {
    guard let found = try? run("/usr/bin/xdotool", ["search", "--class", "quire"]) else {
      return nil
    }
    return found.split(separator: "\n").last.map(String.init)
  }

  /// The reader's latest report.
  func state() throws -> State {
    let data = try Data(contentsOf: URL(fileURLWithPath: statePath))
    return try JSONDecoder().decode(State.self, from: data)
  }

  /// Waits for the report to satisfy `condition`, then for the screen to settle.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 30, _ condition: (State) -> Bool
  ) throws -> State {
    var last: State?
    try waitUntil(timeout: timeout, what) {
      last = try? state()
      return last.map(condition) ?? false
    }
    usleep(150_000)
    return try state()
  }

  /// Waits until the reader has drawn no new frame for `quiet` seconds: every event sent
  /// so far has been handled and shown.
  @discardableResult
  func settle(quiet: Double = 0.4, timeout: Double = 30) throws -> State {
    var last = try state()
    var since = Date()
    try waitUntil(timeout: timeout, "the window to stop drawing for \(quiet) s") {
      let now = try state()
      if now.frames != last.frames || now.turning != last.turning {
        last = now
        since = Date()
      }
      return Date().timeIntervalSince(since) >= quiet
    }
    return last
  }

  // MARK: - Input

  /// Types keys as xdotool names them (`Right`, `ctrl+plus`, `Escape`, `q`).
  func key(_ keys: String...) throws {
    _ = try xdotool(["key", "--delay", "40"] + keys)
  }

  func move(to x: Int, _ y: Int) throws {
    _ = try xdotool(["mousemove", "--window", windowID ?? "", "\(x)", "\(y)"])
  }

  /// Runs one xdotool command line (`mousemove … mousedown 1 sleep 0.01 …`): input that
  /// must arrive as quickly as a hand gives it, as one process.
  func script(_ arguments: [String]) throws { _ = try xdotool(arguments) }

  func press(_ button: Int = 1) throws { _ = try xdotool(["mousedown", "\(button)"]) }
  func release(_ button: Int = 1) throws { _ = try xdotool(["mouseup", "\(button)"]) }

  func click(_ x: Int, _ y: Int, button: Int = 1) throws {
    try move(to: x, y)
    _ = try xdotool(["click", "\(button)"])
  }

  /// Presses at the first point and moves through the others, each step confirmed by the
  /// window's report (the pointer handled there, the button down) before the next, however
  /// slowly a busy machine lets it answer; the button stays down.
  func drag(_ points: [(Int, Int)]) throws {
    guard let first = points.first else { return }
    try move(to: first.0, first.1)
    try press()
    try waitForPointer(at: first, pressed: true)
    try moveHeld(Array(points.dropFirst()))
  }

  /// Moves the pointer, its button held, through `points`, each step confirmed as in
  /// `drag`.
  func moveHeld(_ points: [(Int, Int)]) throws {
    for point in points {
      try move(to: point.0, point.1)
      try waitForPointer(at: point, pressed: true)
    }
  }

  /// Waits until the window has handled a pointer event at `point` (window pixels).
  func waitForPointer(at point: (Int, Int), pressed: Bool) throws {
    try waitUntil(
      timeout: 20,
      "the window to take the pointer at (\(point.0), \(point.1))\(pressed ? " held down" : "")"
    ) {
      guard let pointer = try state().pointer else { return false }
      return abs(pointer.x - Double(point.0)) <= 1 && abs(pointer.y - Double(point.1)) <= 1
        && pointer.isPressed == pressed
    }
  }

  /// Resizes the window to `width`×`height` points.
  func resize(_ width: Int, _ height: Int) throws {
    _ = try xdotool(["windowsize", windowID ?? "", "\(width)", "\(height)"])
  }

  /// The window as a person sees it now.
  func screenshot() throws -> RGBAImage {
    let data = try runData("/usr/bin/xwd", ["-id", windowID ?? "", "-silent"])
    return try Self.decodeXWD(data)
  }

  /// Quits with `q` and waits for the process to end; its exit status.
  @discardableResult
  func quit() throws -> Int32 {
    try key("q")
    return try waitForExit()
  }

  func waitForExit(timeout: Double = 30) throws -> Int32 {
    var status: Int32 = 0
    try Deadline.wait(for: "the reader to exit", seconds: timeout, seen: { self.log }) {
      waitpid(reader, &status, WNOHANG) == reader
    }
    reader = 0
    return (status >> 8) & 0xFF
  }

  /// What the reader wrote to standard error.
  var log: String { (try? String(contentsOfFile: folder + "/reader.log", encoding: .utf8)) ?? "" }

  // MARK: - Processes

  struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// What the X server's clipboard (`selection` "clipboard") or primary selection holds,
  /// read with xclip as another program would paste it.
  func clipboard(_ selection: String = "clipboard") throws -> String {
    try run("/usr/bin/xclip", ["-o", "-selection", selection])
  }

  private func xdotool(_ arguments: [String]) throws -> String {
    try run("/usr/bin/xdotool", arguments)
  }

  private func run(_ tool: String, _ arguments: [String]) throws -> String {
    String(decoding: try runData(tool, arguments), as: UTF8.self)
  }

  /// Runs an X tool on the display; one that does not finish within 20 s (times
  /// `Deadline.patience`) is killed and named in the error.
  private func runData(_ tool: String, _ arguments: [String]) throws -> Data {
    try ChildProcess.run(
      tool, arguments, environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"], seconds: 20)
  }

  private static func spawn(
    _ tool: String, _ arguments: [String], environment: [String: String], output: String
  ) throws -> pid_t {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    let base = ProcessInfo.processInfo.environment.filter {
      !["DISPLAY", "WAYLAND_DISPLAY", "NO_COLOR"].contains($0.key)
    }
    let envp = base.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // A clean signal state: the test runner's threads block some, and Xvfb would
    // otherwise ignore SIGTERM.
    var pid: pid_t = 0
    let result = ChildSignals.withDefaults { posix_spawn(&pid, tool, &actions, $0, argv, envp) }
    guard result == 0 else { throw HarnessError("cannot start \(tool): error \(result)") }
    return pid
  }

  /// Polls `condition` until it holds; throws, with the reader's log, when the time
  /// (times `Deadline.patience`) is up or the reader exits first.
  private func waitUntil(timeout: Double, _ what: String, _ condition: () throws -> Bool) throws {
    try Deadline.wait(for: what, seconds: timeout, interval: 0.04, seen: { self.log }) {
      if (try? condition()) == true { return true }
      if reader > 0 {
        var status: Int32 = 0
        if waitpid(reader, &status, WNOHANG) == reader {
          reader = 0
          throw HarnessError("the reader exited while waiting for \(what):\n\(log)")
        }
      }
      return false
    }
  }

  /// An XWD file (ZPixmap, 32 bits a pixel, as Xvfb at depth 24 gives) as an opaque image.
  static func decodeXWD(_ data: Data) throws -> RGBAImage {
    let bytes = [UInt8](data)
    func field(_ index: Int) -> Int {
      let o = index * 4
      guard o + 4 <= bytes.count else { return 0 }
      return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8
        | Int(bytes[o + 3])
    }
    let headerSize = field(0)
    let width = field(4)
    let height = field(5)
    let byteOrder = field(7)
    let bytesPerLine = field(12)
    let colours = field(19)
    let start = headerSize + colours * 12
    guard width > 0, height > 0, bytesPerLine >= width * 4,
      bytes.count >= start + bytesPerLine * height
    else { throw HarnessError("xwd wrote an image Quire's tests cannot read") }
    var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
    for y in 0..<height {
      for x in 0..<width {
        let s = start + y * bytesPerLine + x * 4
        let d = (y * width + x) * 4
        if byteOrder == 0 {
          image.pixels[d] = bytes[s + 2]
          image.pixels[d + 1] = bytes[s + 1]
          image.pixels[d + 2] = bytes[s]
        } else {
          image.pixels[d] = bytes[s + 1]
          image.pixels[d + 1] = bytes[s + 2]
          image.pixels[d + 2] = bytes[s + 3]
        }
      }
    }
    return image
  }
}
