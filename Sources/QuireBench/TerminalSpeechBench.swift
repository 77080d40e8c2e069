import Foundation
import QuireBook

#if canImport(Glibc)
  import Glibc
#endif

/// The CPU the terminal reader takes while it reads aloud, measured on the real program:
/// `quire read` in a tmux server of its own (100×40), `r` typed into it, and the reader
/// process's user and system time read from `/proc` over ten seconds of speech. tmux's own
/// time (the terminal drawing the frames) is not counted: it is the terminal's.
enum TerminalSpeechBench {
  static let seconds = 10.0

  static func cpuWhileReading(_ book: String) throws -> BenchResult {
    let tmux = "/usr/bin/tmux"
    guard FileManager.default.isExecutableFile(atPath: tmux) else {
      throw BenchError("the terminal speech bench needs tmux (scripts/setup installs it)")
    }
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let quire = (me as NSString).deletingLastPathComponent + "/quire"
    let folder = NSTemporaryDirectory() + "quire-speech-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: folder + "/config/quire", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #"{"speechEngine": "espeak-ng"}"#.write(
      toFile: folder + "/config/quire/preferences.json", atomically: true, encoding: .utf8)
    let audio = folder + "/audio.raw"
    let driver = ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"] ?? "disk"
    let variables = [
      "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
      "XDG_CACHE_HOME": folder + "/cache", "TERM": "xterm-256color", "COLORTERM": "truecolor",
      // A file of its own (not the one the bench's own voice wrote): what it heard is
      // what the reader played.
      "SDL_AUDIODRIVER": driver, "SDL_DISKAUDIOFILE": audio,
    ]
    let words =
      ["env"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [
        quire, "read", book,
      ]
    let script =
      "echo $$ > \(quoted(folder + "/pid")); exec "
      + words.map(quoted).joined(separator: " ") + " 2> " + quoted(folder + "/stderr")
    let socket = "quire-speech-bench-" + UUID().uuidString.prefix(8)
    try run(
      tmux,
      [
        "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "40", "sh", "-c",
        script,
      ])
    defer { _ = try? run(tmux, ["-L", socket, "kill-server"]) }
    var pid: Int32 = 0
    try DesktopBench.wait(30, "the terminal reader to start") {
      let text = try String(contentsOfFile: folder + "/pid", encoding: .utf8)
      pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
      return pid > 0
    }
    // The first page drawn, then `r`, then a moment for the voice to start.
    try DesktopBench.wait(30, "the first page") {
      try run(tmux, ["-L", socket, "capture-pane", "-p"]).contains(" of ")
    }
    try run(tmux, ["-L", socket, "send-keys", "r"])
    try DesktopBench.wait(30, "the voice") {
      let said = try run(tmux, ["-L", socket, "capture-pane", "-p"])
      if said.contains("No audio device") { throw BenchError("speech: \(said)") }
      return said.contains("Reading aloud")
    }
    sleep(2)
    let (before, startBytes) = (try cpuSeconds(pid), size(audio))
    let start = Stopwatch.now()
    Thread.sleep(forTimeInterval: seconds)
    let wall = Stopwatch.seconds(since: start)
    let cpu = try cpuSeconds(pid) - before
    let heard = Double(size(audio) - startBytes) / 2 / 22_050
    let screen = try run(tmux, ["-L", socket, "capture-pane", "-p"])
    guard screen.contains("Reading aloud") else {
      throw BenchError("speech: the reader stopped reading aloud:\n\(screen)")
    }
    return BenchResult(
      name: "CPU while reading aloud in the terminal (quire read, 100×40)",
      medianMilliseconds: wall * 1000, runs: 1,
      note: String(
        format: "%.1f %% of one core (target ≤ 15 %%); SDL %@ driver, %.1f s heard",
        cpu / wall * 100,
        driver, heard))
  }

  /// User and system time of process `pid`, in seconds.
  static func cpuSeconds(_ pid: Int32) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The fields after the command's closing parenthesis: utime and stime are 12th and 13th.
    guard let close = stat.lastIndex(of: ")") else { throw BenchError("/proc/\(pid)/stat") }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
      throw BenchError("/proc/\(pid)/stat has no CPU times")
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  /// Runs a tool and returns what it printed. Spawned and waited for with `waitpid`:
  /// Foundation's `Process.waitUntilExit` sometimes never saw tmux's client exit (the
  /// server it forks lives on), and the bench hung.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let output = NSTemporaryDirectory() + "quire-speech-bench-\(UUID().uuidString).out"
    defer { unlink(output) }
    let pid = try DesktopBench.spawn(tool, arguments, environment: [:], output: output)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }
}
