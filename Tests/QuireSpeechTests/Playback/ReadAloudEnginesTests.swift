import Foundation
import QuireTestSupport
import Testing

@testable import QuireSpeech

@Suite("ReadAloudEngines", .serialized)
struct ReadAloudEnginesTests {
  /// speech-dispatcher's socket, where a running daemon listens.
  static var daemonSocket: String {
    let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
    return runtime + "/speech-dispatcher/speechd.sock"
  }

  @Test(
    "without a speech-dispatcher daemon, espeak-ng is chosen at once, and named",
    .enabled(
      if: !FileManager.default.fileExists(atPath: daemonSocket),
      "a speech-dispatcher daemon is running here"))
  func fallback() throws {
    let start = Date()
    let engine = try ReadAloudEngines.open(settings: SpeechSettings(), language: "en")
    #expect(engine.name == "espeak-ng")
    #expect(engine.reportsWords)
    #expect(Date().timeIntervalSince(start) < 1)
  }

  @Test("espeak-ng when the settings ask for it, whatever runs")
  func chosen() throws {
    var settings = SpeechSettings()
    settings.engine = .espeakNG
    #expect(try ReadAloudEngines.open(settings: settings, language: "de").name == "espeak-ng")
  }

  @Test("speech-dispatcher's rate scale: espeak-ng's default is its 0, the ends its ±100")
  func rates() {
    #expect(SpeechDispatcherPlayer.rateParameter(175) == 0)
    #expect(SpeechDispatcherPlayer.rateParameter(450) == 100)
    #expect(SpeechDispatcherPlayer.rateParameter(80) == -100)
    #expect(SpeechDispatcherPlayer.rateParameter(300) == 45)
  }

  @Test(
    "the SSML for speech-dispatcher marks each sentence and puts other languages in their voice")
  func ssml() {
    let english = SpokenSpan(text: "He said <", language: nil, pieces: [])
    let french = SpokenSpan(text: "je & toi", language: "fr", pieces: [])
    let utterances = [
      Utterance(chapterIndex: 0, range: 0..<9, spans: [english]),
      Utterance(chapterIndex: 0, range: 10..<18, spans: [french]),
    ]
    #expect(
      SpeechDispatcherPlayer.ssml(utterances, language: "en")
        == "<speak><s><mark name=\"0\"/>He said &lt;</s><s><mark name=\"1\"/>"
        + "<voice xml:lang=\"fr\">je &amp; toi</voice></s></speak>")
  }
}

/// A speech-dispatcher daemon of the test's own, on a socket in a temporary folder, whose
/// espeak-ng module plays into libao's null driver (no sound card needed): the real SSIP
/// conversation, index marks and all, at whatever pace the null driver takes.
final class SpeechDispatcherDaemon {
  static let program = "/usr/bin/speech-dispatcher"
  static var isInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: program)
      && FileManager.default.fileExists(atPath: "/usr/lib/speech-dispatcher-modules/sd_espeak-ng")
  }

  let folder: String
  let socket: String
  private let process = Process()

  init() throws {
    folder =
      try ScratchFolder.make("speechd")
    socket = folder + "/speechd.sock"
    try FileManager.default.createDirectory(
      atPath: folder + "/modules", withIntermediateDirectories: true)
    try """
    CommunicationMethod "unix_socket"
    SocketPath "\(socket)"
    AudioOutputMethod "libao"
    AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
    DefaultModule espeak-ng
    LogLevel 1
    """.write(toFile: folder + "/speechd.conf", atomically: true, encoding: .utf8)
    try "".write(toFile: folder + "/modules/espeak-ng.conf", atomically: true, encoding: .utf8)
    try "default_driver=null\n".write(toFile: folder + "/.libao", atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: Self.program)
    process.arguments = ["-C", folder, "-s", "-t", "15", "-L", folder]
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = folder
    environment["XDG_RUNTIME_DIR"] = folder
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(15)
    while !FileManager.default.fileExists(atPath: socket) {
      guard Date() < deadline else { throw DaemonError("speech-dispatcher made no socket in 15 s") }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: folder)
  }

  struct DaemonError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

@Suite("SpeechDispatcherPlayer", .serialized)
struct SpeechDispatcherPlayerTests {
  @Test(
    "with a daemon answering, auto chooses speech-dispatcher, and each sentence's mark comes back in order",
    .enabled(if: SpeechDispatcherDaemon.isInstalled, "speech-dispatcher is not installed"))
  func marks() throws {
    let daemon = try SpeechDispatcherDaemon()
    setenv("SPEECHD_ADDRESS", "unix_socket:\(daemon.socket)", 1)
    defer { unsetenv("SPEECHD_ADDRESS") }
    let engine = try ReadAloudEngines.open(settings: SpeechSettings(), language: "en")
    #expect(engine.name == "speech-dispatcher")
    #expect(!engine.reportsWords)
    let recorder = SpeechPlayerTests.Recorder()
    engine.play(SpeechPlayerTests.utterances()) { recorder.record($0) }
    guard
      SpeechPlayerTests.wait("the end of the message", { recorder.all.last?.event == .finished })
    else { return }
    let sentences = recorder.all.compactMap {
      if case .sentence(let mark) = $0.event { mark.range } else { nil }
    }
    #expect(sentences == SpeechPlayerTests.utterances().map(\.range))
  }
}
