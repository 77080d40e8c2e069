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

  /// Preferences in `folder` that choose espeak-ng, whatever the machine's daemon.
  static func speakWithEspeak(in folder: String) throws {
    try FileManager.default.createDirectory(
      atPath: folder + "/config/quire", withIntermediateDirectories: true)
    try #"{"speechEngine": "espeak-ng"}"#.write(
      toFile: folder + "/config/quire/preferences.json", atomically: true, encoding: .utf8)
  }

  /// The reader on the handbook's "Reading with Quire" chapter, speaking with espeak-ng
  /// into `folder/audio.raw`.
  func reader(folder: String) throws -> TmuxReader {
    try Self.speakWithEspeak(in: folder)
    let reader = try TmuxReader(
      [UIHandbook.path], folder: folder,
      environment: [
        "COLORTERM": "truecolor", "TERM": "xterm-256color", "SDL_AUDIODRIVER": "disk",
        "SDL_DISKAUDIOFILE": folder + "/audio.raw",
      ])
    try reader.wait("the handbook") { $0.contains("Quire") }
    // `]` goes to the next entry of the contents (sections of a chapter too), until the
    // chapter's heading is on the page.
    for _ in 0..<12 {
      let screen = try reader.screen()
      if Self.hasHeading(screen) { return reader }
      try reader.send("]")
      try reader.wait("the next entry of the contents") { $0 != screen }
    }
    try reader.wait("the chapter “Reading with Quire”") { Self.hasHeading($0) }
    return reader
  }

  /// Whether the chapter's heading is on the screen, on a line of its own (the running
  /// head that names it has the book's title beside it).
  static func hasHeading(_ screen: String) -> Bool {
    screen.split(separator: "\n").contains {
      $0.trimmingCharacters(in: .whitespaces) == "Reading with Quire"
    }
  }

  static func audioBytes(_ folder: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: folder + "/audio.raw"))?[.size] as? Int)
      ?? 0
  }

  /// A line of a `capture-pane -e` screen as it reads: its escape sequences taken out and
  /// each run of blanks (a justified line widens them) made one space.
  static func plain(_ line: Substring) -> String {
    let text = line.replacing(/\u{1B}\[[0-9;]*[A-Za-z]/, with: "")
    return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  /// Whether the sentence's and the word's colours on a `capture-pane -e` line run
  /// unbroken from the first to the last (the blanks beside the word are the sentence's).
  static func markIsUnbroken(_ line: Substring) -> Bool {
    let backgrounds = line.matches(of: /48;2;[0-9]+;[0-9]+;[0-9]+/).map { String($0.output) }
    let spoken = backgrounds.indices.filter {
      backgrounds[$0] == sentenceBackground || backgrounds[$0] == wordBackground
    }
    guard let first = spoken.first, let last = spoken.last else { return true }
    return backgrounds[first...last].allSatisfy {
      $0 == sentenceBackground || $0 == wordBackground
    }
  }

  /// The lines of a `capture-pane -e` screen that read `text` (the colours change between
  /// words, so the escapes fall inside it).
  static func lines(_ screen: String, holding text: String) -> [Substring] {
    screen.split(separator: "\n").filter { plain($0).contains(text) }
  }

  @Test func rReadsTheFirstSentenceHighlightedAndRPauses() throws {
    let folder = try ScratchFolder.make("tmux")
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
    // The first capture with the sentence's colour: the heading, the chapter's first
    // sentence, is read (and the running head, which says the chapter's name too, is not).
    var escaped = ""
    try reader.wait(timeout: 20, "the first sentence highlighted") { _ in
      escaped = (try? reader.screen(escapes: true)) ?? ""
      return escaped.contains(Self.sentenceBackground)
    }
    let heading = Self.lines(escaped, holding: "Reading with Quire").filter {
      Self.plain($0) == "Reading with Quire"
    }
    #expect(heading.count == 1, "the heading is on the page alone on its line")
    #expect(
      heading.contains { $0.contains(Self.sentenceBackground) || $0.contains(Self.wordBackground) },
      "the heading is not highlighted:\n\(escaped)")
    let next = Self.lines(escaped, holding: "You read a book")
    #expect(
      !next.contains { $0.contains(Self.sentenceBackground) },
      "only the sentence being read is highlighted")
    // The voice is heard: the audio file grows, and the highlight moves on by itself.
    let first = Self.audioBytes(folder)
    var second = ""
    try reader.wait(timeout: 30, "the second sentence highlighted, a word of it on") { _ in
      second = (try? reader.screen(escapes: true)) ?? ""
      return Self.lines(second, holding: "You read a book").contains {
        $0.contains(Self.wordBackground)
      }
    }
    // 22 050 bytes are a quarter of a second of espeak-ng's 16-bit samples at 22 050 Hz.
    #expect(Self.audioBytes(folder) > first + 22_050, "less than a quarter of a second was heard")
    for line in second.split(separator: "\n") {
      #expect(
        Self.markIsUnbroken(line), "the sentence's colour breaks off around the word:\n\(line)")
    }

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
    let folder = try ScratchFolder.make("tmux")
    try Self.speakWithEspeak(in: folder)
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
