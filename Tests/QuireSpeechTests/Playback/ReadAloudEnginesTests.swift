import Foundation
import Testing

@testable import QuireSpeech

@Suite("ReadAloudEngines")
struct ReadAloudEnginesTests {
  /// speech-dispatcher's socket, where a running daemon listens.
  static var daemonSocket: String {
    let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
    return runtime + "/speech-dispatcher/speechd.sock"
  }

  @Test("without a speech-dispatcher daemon, espeak-ng is chosen at once, and named")
  func fallback() throws {
    try #require(
      !FileManager.default.fileExists(atPath: Self.daemonSocket),
      "a speech-dispatcher daemon is running here")
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
        == "<speak><mark name=\"0\"/>He said &lt; <mark name=\"1\"/>"
        + "<voice xml:lang=\"fr\">je &amp; toi</voice> </speak>")
  }
}
