import Foundation
import QuireTestSupport
import Testing

/// Looking a word of the page up in the terminal reader, as a person does in tmux: the
/// installed GCIDE and WordNet in the popup, a link between entries followed inside it, the
/// look-up in `quire lookup --history`; and without a dictionary, what to install.
@Suite(
  .serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd),
  .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalLookUpTests {
  static let dictd = "/usr/share/dictd"
  static let hasDictionaries = ["gcide", "wn"].allSatisfy {
    FileManager.default.fileExists(atPath: "\(dictd)/\($0).index")
  }

  /// The reader on the handbook's "Reading with Quire" chapter, with dictionaries from
  /// `dictionaries` only.
  func readingChapter(dictionaries: String) throws -> TmuxReader {
    let reader = try TmuxReader(
      [UIHandbook.path],
      environment: [
        "COLORTERM": "truecolor", "TERM": "xterm-256color", "QUIRE_DICTIONARIES": dictionaries,
      ])
    try reader.wait("the handbook") { $0.contains("Quire") }
    // `]` steps through the contents' entries: the welcome's sections come first.
    for _ in 0..<8 where !(try reader.screen()).contains("Reading with Quire") {
      try reader.send("]")
      _ = try reader.settle()
    }
    try reader.wait("the chapter “Reading with Quire”") { $0.contains("Reading with Quire") }
    return reader
  }

  @Test(.enabled(if: hasDictionaries, "GCIDE and WordNet are not installed (scripts/setup)"))
  func aSelectedWordIsDefinedAndItsLinksFollowedInThePopup() throws {
    let reader = try readingChapter(dictionaries: Self.dictd)
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.send("v")
    try reader.wait("the selection's hint") { $0.contains("Selecting:") }
    try reader.send("d")
    let popup = try reader.wait("the definitions") { $0.contains("╭─ “Reading”") }
    #expect(popup.contains("Collaborative International Dictionary"), "GCIDE's under its name")
    #expect(popup.contains("Esc closes"))
    // WordNet's follows GCIDE's long entry: page down to it, then back to the top.
    var shown = popup
    for _ in 0..<8 where !shown.contains("WordNet") {
      try reader.send("NPage")
      try reader.settle()
      shown = try reader.screen()
    }
    #expect(shown.contains("WordNet"), "and WordNet's further down")
    for _ in 0..<8 { try reader.send("PPage") }
    try reader.settle()
    // → chooses a link, shown in the match colour; Enter looks its word up in the popup.
    try reader.send("l")
    try reader.settle()
    let chosen = try reader.screen(escapes: true)
    #expect(chosen.contains("48;2;"), "the chosen link has a background")
    try reader.send("Enter")
    // The linked entry, whole: the way there in the title, the way back in the hint.
    try reader.wait("the linked entry") {
      $0.contains("“Reading” → “") && $0.contains("Backspace: “Reading”")
    }
    try reader.send("BSpace")
    try reader.wait("back to the word") {
      $0.contains("╭─ “Reading”") && !$0.contains("“Reading” → “")
    }
    try reader.send("Escape")
    try reader.wait("the page again") { !$0.contains("╭─") }
    // Esc then q apart: sent together they read as Alt+q.
    try reader.send("Escape")
    try reader.wait("the selection ended") { !$0.contains("Selecting:") }
    try reader.send("q")
    #expect(try reader.waitForExit() == 0)
    // Both look-ups are in the history with the book; Back wrote nothing more.
    let history = String(
      decoding: try ChildProcess.run(
        TmuxReader.quire,
        ["lookup", "--history", "--library", reader.folder + "/data/quire/library.sqlite"]),
      as: UTF8.self)
    #expect(history.contains("Reading"))
    #expect(history.contains("Quire Handbook"))
    #expect(
      history.components(separatedBy: "\n").filter { $0.contains("  Reading  —") }.count == 1,
      "\(history)")
  }

  @Test func withoutADictionaryThePopupSaysWhatToInstall() throws {
    let empty = try ScratchFolder.make("no-dictionaries")
    defer { try? FileManager.default.removeItem(atPath: empty) }
    let reader = try readingChapter(dictionaries: empty)
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.send("v", "w", "d")
    let popup = try reader.wait("the install message") { $0.contains("dict-gcide") }
    #expect(popup.contains("No dictionary to look “Reading with” up in."))
    #expect(popup.contains("dict-wn"))
  }

  @Test func slashSearchesTheBookForTheSelection() throws {
    let reader = try readingChapter(dictionaries: "/nonexistent")
    defer {
      try? reader.send("q")
      reader.removeFolder()
    }
    try reader.send("v", "w", "/")
    let results = try reader.wait("the search results") {
      $0.contains("Search") && $0.contains("of ")
    }
    #expect(results.contains("Reading with"))
  }
}
