import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import Testing

/// The terminal reader as a person uses it, where it used to trap them: a key map that
/// takes every quitting key away, and a library holding bookmarks the book cannot have.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalReaderSafetyTests {
  /// A keys.json that unbinds q, Q, Esc and Ctrl-C leaves Ctrl-C quitting, and the help
  /// screen says so.
  @Test func ctrlCQuitsWhateverKeysJSONSays() throws {
    let folder = try ScratchFolder.make("tmux")
    try FileManager.default.createDirectory(
      atPath: folder + "/config/quire", withIntermediateDirectories: true)
    try #"{"q": null, "Q": null, "Esc": null, "Ctrl+c": null, "panel": {"Esc": null, "q": null}}"#
      .write(toFile: folder + "/config/quire/keys.json", atomically: true, encoding: .utf8)
    let reader = try TmuxReader([UIHandbook.path], folder: folder)
    defer { reader.removeFolder() }
    try reader.wait("the handbook") { $0.contains("Quire") }
    try reader.send("?")
    let help = try reader.wait("the help screen") { $0.contains("Keys") }
    #expect(help.contains("Ctrl-C"), "\(help)")
    #expect(help.contains("Quit (always, whatever keys.json says)"), "\(help)")
    try reader.send("q")
    try reader.send("Escape")
    try reader.settle()
    #expect(try reader.exitStatus(timeout: 0.5) == nil, "q and Esc are unbound")
    try reader.send("C-c")
    #expect(try reader.exitStatus() == 0)
  }

  /// Bookmarks and highlights at places the book does not have, as older Quires imported
  /// them unchecked: the panel opens, lists them and jumps (it used to die of SIGILL on
  /// an array index every time).
  @Test func thePanelOpensOnBookmarksTheBookCannotHave() throws {
    let folder = try ScratchFolder.make("tmux")
    try FileManager.default.createDirectory(
      atPath: folder + "/data/quire", withIntermediateDirectories: true)
    do {
      let library = try Library(path: folder + "/data/quire/library.sqlite")
      let entry = try library.add(try Book.open(UIHandbook.path))
      for (chapter, offset) in [(-1, 0), (1_000_000, 0), (1, -5), (1, 9_999_999)] {
        try library.addBookmark(
          at: Locator(chapterIndex: chapter, offset: offset), inBook: entry.id,
          note: "odd place \(chapter)")
      }
    }
    let reader = try TmuxReader([UIHandbook.path], folder: folder)
    defer { reader.removeFolder() }
    try reader.wait("the handbook") { $0.contains("Quire") }
    try reader.send("B")
    let panel = try reader.wait("the annotations panel") {
      $0.contains("Bookmarks, highlights and notes") && $0.contains("odd place 1000000")
    }
    #expect(panel.contains("note: odd place -1 · no chapter 0 here"), "\(panel)")
    #expect(panel.contains("no chapter 1000001"), "\(panel)")
    try reader.send("Enter")
    try reader.wait("the page again") { !$0.contains("Bookmarks, highlights and notes") }
    try reader.send("q")
    #expect(try reader.exitStatus() == 0, "\(reader.standardError)")
  }
}
