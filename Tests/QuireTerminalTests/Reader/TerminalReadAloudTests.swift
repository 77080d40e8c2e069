import Foundation
import QuireTestSupport
import Testing

/// Reading aloud in the terminal reader as a person does it: `r` in tmux, the voice heard
/// through SDL's disk audio driver (a file written at a sound card's pace), the sentence
/// seen highlighted in the colours `capture-pane -e` shows.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalReadAloudTests {
  /// The SGR backgrounds of the sentence and the word read aloud on the day theme
  /// (`HighlightPalette.spokenSentence`, `spokenWord`).
  static let sentenceBackground = "48;2;204;238;224"
  static let wordBackground = "48;2;143;216;192"

  /// The reader on the handbook's "Reading with Quire" chapter, speaking with espeak-ng
  /// into `folder/audio.raw`.
  func reader(folder: String) throws -> TmuxReader {
    try FileManager.default.createDirectory(
      atPath: folder + "/config/quire", withIntermediateDirectories: true)
    try #"{"speechEngine": "espeak-ng"}"#.write(
      toFile: folder + "/config/quire/preferences.json", atomically: true, encoding: .utf8)
    let reader = try TmuxReader(
      [UIHandbook.path], folder: folder,
      environment: [
        "COLORTERM": "truecolor", "TERM": "xterm-256color", "SDL_AUDIODRIVER": "disk",
        "SDL_DISKAUDIOFILE": folder + "/audio.raw",
      ])
    try reader.wait("the handbook") { $0.contains("Quire") }
    try reader.send("]")
    try reader.wait("the chapter “Reading with Quire”") { $0.contains("Reading with Quire") }
    return reader
  }

  static func audioBytes(_ folder: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: folder + "/audio.raw"))?[.size] as? Int)
      ?? 0
  }

  /// The lines of a `capture-pane -e` screen that hold `text`.
  static func lines(_ screen: String, holding text: String) -> [Substring] {
    screen.split(separator: "\n").filter { $0.contains(text) }
  }

  @Test func rReadsTheFirstSentenceHighlightedAndRPauses() throws {
    let folder = NSTemporaryDirectory() + "quire-tmux-" + UUID().uuidString
    let reader = try reader(folder: folder)
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.send("r")
    let started = try reader.wait("the status line saying speech is on") {
      ($0.split(separator: "\n").last ?? "").contains("Reading aloud")
    }
    #expect(started.contains("r pauses, R stops"), "the keys are said")
    let coloured = try reader.wait(timeout: 20, "the first sentence highlighted") { _ in
      (try? reader.screen(escapes: true))?.contains(Self.sentenceBackground) == true
    }
    _ = coloured
    let escaped = try reader.screen(escapes: true)
    let heading = Self.lines(escaped, holding: "Reading with Quire")
    #expect(
      heading.contains { $0.contains(Self.sentenceBackground) || $0.contains(Self.wordBackground) })
    let next = Self.lines(escaped, holding: "You read a book")
    #expect(
      !next.contains { $0.contains(Self.sentenceBackground) },
      "only the sentence being read is highlighted")
    // The voice is heard: the audio file grows, and the highlight moves on by itself.
    let first = Self.audioBytes(folder)
    try reader.wait(timeout: 30, "the second sentence highlighted") { _ in
      let screen = (try? reader.screen(escapes: true)) ?? ""
      return Self.lines(screen, holding: "You read a book").contains {
        $0.contains(Self.sentenceBackground) || $0.contains(Self.wordBackground)
      }
    }
    #expect(Self.audioBytes(folder) > first + 22_050, "less than half a second was heard")

    try reader.send("r")
    let paused = try reader.wait("the pause said") { $0.contains("Reading aloud paused") }
    #expect(paused.contains("r goes on"))
    let held = try reader.screen(escapes: true)
    Thread.sleep(forTimeInterval: 1)
    #expect(try reader.screen(escapes: true) == held, "the highlight moved while paused")
    try reader.send("R")
    try reader.wait("speech stopped") { $0.contains("Reading aloud stopped.") }
    #expect(!(try reader.screen(escapes: true)).contains(Self.sentenceBackground))
  }

  @Test func withoutAnAudioDeviceTheReaderOffersAFile() throws {
    let folder = NSTemporaryDirectory() + "quire-tmux-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: folder + "/config/quire", withIntermediateDirectories: true)
    try #"{"speechEngine": "espeak-ng"}"#.write(
      toFile: folder + "/config/quire/preferences.json", atomically: true, encoding: .utf8)
    // An audio driver that does not exist: SDL opens no device.
    let reader = try TmuxReader(
      [UIHandbook.path], folder: folder,
      environment: [
        "COLORTERM": "truecolor", "TERM": "xterm-256color", "SDL_AUDIODRIVER": "nosuchdriver",
      ])
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.wait("the handbook") { $0.contains("Quire") }
    try reader.send("r")
    let said = try reader.wait("the message about the audio device") {
      $0.contains("No audio device")
    }
    #expect(said.contains("quire speak Handbook -o speech.wav"))
    try reader.send("j")
    try reader.wait("the reader going on") { !$0.contains("No audio device") }
  }
}
