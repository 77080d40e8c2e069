import Foundation
import QuireTestSupport
import Testing

/// Marking a book in the terminal reader as a person does: keys in tmux, the copied text
/// read back from tmux's own buffer, highlights seen in the colours `capture-pane -e`
/// shows, and again after the book is reopened.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalSelectionTests {
  /// The SGR parameters of the selection and of a green highlight on the day theme
  /// (`HighlightPalette`).
  static let selectionBackground = "48;2;180;213;254"
  static let greenBackground = "48;2;198;236;176"

  /// The reader on the handbook's "Reading with Quire" chapter, with tmux taking copies
  /// into its buffers (`set-clipboard on`).
  func readingChapter(folder: String? = nil, environment: [String: String]? = nil) throws
    -> TmuxReader
  {
    let reader =
      try environment.map { try TmuxReader([UIHandbook.path], folder: folder, environment: $0) }
      ?? TmuxReader([UIHandbook.path], folder: folder)
    try TmuxReader.tmux(reader.socket, ["set-option", "-g", "set-clipboard", "on"])
    try reader.wait("the handbook") { $0.contains("Quire") }
    // `]` steps through the contents' entries: the welcome's sections come first.
    for _ in 0..<8 where !(try reader.screen()).contains("Reading with Quire") {
      try reader.send("]")
      _ = try reader.settle()
    }
    try reader.wait("the chapter “Reading with Quire”") { $0.contains("Reading with Quire") }
    return reader
  }

  @Test func aSentenceSelectedWithKeysIsCopiedIntoTmuxsBuffer() throws {
    let reader = try readingChapter()
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.send("v")
    try reader.wait("the selection's hint") { $0.contains("Selecting:") }
    let selected = try reader.screen(escapes: true)
    #expect(selected.contains(Self.selectionBackground), "the word is marked as selected")
    // To the end of the heading, then of the first sentence after it.
    try reader.send(")", ")")
    try reader.settle()
    try reader.send("y")
    let said = try reader.wait("the copy's message") { $0.contains("Copied ") }
    #expect(said.contains("to the clipboard through tmux."))
    let buffer = try TmuxReader.tmux(reader.socket, ["show-buffer"])
    #expect(buffer.hasPrefix("Reading with Quire\n\nYou read a book full screen"))
    #expect(buffer.hasSuffix("from the command line."))
    #expect(!buffer.contains("\u{AD}"))
  }

  @Test func aHighlightIsColouredAndComesBackWhenTheBookIsReopened() throws {
    let reader = try readingChapter()
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.send("v", "w", "w", "H")
    try reader.wait("the colour question") { $0.contains("Highlight in: 1 yellow") }
    try reader.send("2")
    try reader.wait("the highlight's message") { $0.contains("Highlighted in green.") }
    let capture = try reader.screen(escapes: true)
    #expect(
      TerminalReaderTests.backgrounds(before: "Reading", in: capture).contains(Self.greenBackground)
    )
    // One stretch of green, the spaces between the words too (the heading's bold is
    // turned off over them, its background never).
    let heading = try #require(capture.range(of: "Reading")).lowerBound
    let quire = try #require(capture[heading...].range(of: "Quire")).upperBound
    #expect(
      capture[heading..<quire].split(separator: "\u{1B}[").compactMap { escape in
        escape.range(of: "48;2;").map { escape[$0.upperBound...].prefix(11) }
      }.allSatisfy { "48;2;" + $0 == Self.greenBackground })
    try reader.send("q")
    #expect(try reader.exitStatus() == 0)

    let again = try readingChapter(folder: reader.folder)
    defer { try? again.send("q") }
    let reopened = try again.screen(escapes: true)
    #expect(
      TerminalReaderTests.backgrounds(before: "Reading", in: reopened).contains(
        Self.greenBackground))
    try again.send("q")
  }

  /// Without colours (`NO_COLOR`) a highlight is reverse video and a note has its mark.
  @Test func withoutColoursAHighlightIsReverseVideo() throws {
    let reader = try readingChapter(
      environment: ["NO_COLOR": "1", "TERM": "xterm-256color"])
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.send("v", "a")
    try reader.wait("the note field") { $0.contains("New note") }
    try reader.type("a gerund")
    try reader.send("Enter")
    try reader.wait("the note's message") { $0.contains("Note saved.") }
    let capture = try reader.screen(escapes: true)
    #expect(capture.contains("\u{1B}[7mReading") || capture.contains(";7mReading"))
    #expect(try reader.screen().contains("✎"))
  }

  @Test func aDragSelectsAndADoubleClickSelectsAWord() throws {
    let reader = try readingChapter()
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    let lines = try reader.lines()
    // A justified line may set more than one cell between the words.
    let row = try #require(lines.firstIndex { $0.contains(/You +read +a/) })
    let words = try #require(lines[row].firstMatch(of: /You +read/))
    let column = words.range.lowerBound.utf16Offset(in: lines[row])
    let last = words.range.upperBound.utf16Offset(in: lines[row]) - 1
    // SGR mouse reports: press, two moves with the button held, release (1-based cells).
    func mouse(_ button: Int, _ x: Int, _ y: Int, _ final: String) -> String {
      "\u{1B}[<\(button);\(x + 1);\(y + 1)\(final)"
    }
    try reader.type(
      mouse(0, column, row, "M") + mouse(32, column + 4, row, "M")
        + mouse(32, last, row, "M") + mouse(0, last, row, "m"))
    try reader.wait("the dragged selection") { $0.contains("Selecting:") }
    try reader.send("y")
    try reader.wait("the copy") { $0.contains("Copied ") }
    #expect(try TmuxReader.tmux(reader.socket, ["show-buffer"]) == "You read")
    // A double-click on "book" selects the word and turns no page.
    let book = try #require(lines[row].range(of: "book")).lowerBound.utf16Offset(in: lines[row])
    try reader.type(
      mouse(0, book + 1, row, "M") + mouse(0, book + 1, row, "m") + mouse(0, book + 1, row, "M")
        + mouse(0, book + 1, row, "m"))
    try reader.wait("the word selected") { $0.contains("Selecting:") }
    try reader.send("y")
    try reader.wait("the copy") { $0.contains("Copied 4 characters") }
    #expect(try TmuxReader.tmux(reader.socket, ["show-buffer"]) == "book")
    #expect(try reader.screen().contains(/You +read +a/), "the page stayed")
  }
}
