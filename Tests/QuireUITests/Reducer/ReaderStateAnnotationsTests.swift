import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import Testing

@testable import QuireUI

/// The annotations panel: by chapter, filtered, and each entry jumped to, edited,
/// recoloured, deleted and put back, as command sequences on the reducer.
@Suite struct ReaderStateAnnotationsTests {
  func date(_ minutes: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + minutes * 60) }

  /// The handbook with a bookmark in chapter 2, a green highlight with a note there and a
  /// pink one in chapter 3, the panel open.
  func panel() throws -> (ReaderState, Highlight, Highlight) {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 1, page: 0)
    let green = Highlight(
      id: 4, bookID: 1, start: Locator(chapterIndex: 1, offset: 0),
      end: Locator(chapterIndex: 1, offset: 7), colour: .green, note: "the title",
      createdAt: date(1))
    let pink = Highlight(
      id: 5, bookID: 1, start: Locator(chapterIndex: 2, offset: 0),
      end: Locator(chapterIndex: 2, offset: 7), colour: .pink, note: nil, createdAt: date(2))
    let bookmark = Bookmark(
      id: 9, bookID: 1, locator: Locator(chapterIndex: 1, offset: 40), note: nil,
      createdAt: date(0))
    #expect(state.press("B") == [.readAnnotations(forPanel: true)])
    _ = state.reduce(
      .annotationsRead(
        AnnotationState(bookmarks: [bookmark], highlights: [green, pink]), forPanel: true))
    return (state, green, pink)
  }

  @Test func listsByChapterWithColoursAndNotes() throws {
    let (state, _, _) = try panel()
    let panel = try #require(state.screen.panel)
    #expect(panel.title == "Bookmarks, highlights and notes")
    #expect(
      panel.rows.map(\.depth) == [0, 1, 1, 0, 1], "a title row, then its entries, per chapter")
    #expect(panel.rows[0].text == "Reading with Quire")
    #expect(panel.rows[1].text == "▍ Reading")
    #expect(panel.rows[1].detail.hasPrefix("green · note: the title · "))
    #expect(panel.rows[2].text.hasPrefix("⚑ "))
    #expect(panel.rows[3].text == "Reading in the terminal")
  }

  @Test func filtersByColourAndByText() throws {
    var (state, _, _) = try panel()
    _ = state.press("4")
    #expect(state.screen.panel?.rows.map(\.text) == ["Reading in the terminal", "▍ Reading"])
    #expect(state.screen.panel?.title.hasSuffix("pink only") == true)
    _ = state.press("0")
    _ = state.press("/")
    state.type("TITLE")
    #expect(state.screen.panel?.field?.text == "TITLE")
    #expect(state.screen.panel?.rows.count == 2)
    _ = state.reduce(.key(KeyChord(.enter)))
    #expect(state.screen.panel?.field?.isEditing == false)
    // Not typing now: j moves instead of typing a j.
    _ = state.press("j")
    #expect(state.screen.panel?.selection == 1)
  }

  @Test func deleteIsUndoneAndColoursChange() throws {
    var (state, green, _) = try panel()
    _ = state.press("j")
    #expect(state.press("c") == [.write(.recolour(highlightID: 4, .blue))])
    #expect(state.press("d") == [.write(.remove(.highlight(green)))])
    _ = state.reduce(.libraryWritten(.remove(.highlight(green)), failure: nil))
    #expect(state.screen.message?.text == "Highlight removed; u puts it back.")
    #expect(state.press("u") == [.write(.restore(.highlight(green)))])
    _ = state.reduce(.libraryWritten(.restore(.highlight(green)), failure: nil))
    #expect(state.press("u").isEmpty)
    #expect(state.screen.message?.text == "Nothing to undo.")
  }

  @Test func enterJumpsAndENotesAndXExports() throws {
    var (state, green, _) = try panel()
    _ = state.press("j")
    _ = state.press("e")
    #expect(state.screen.panel?.kind == .note)
    #expect(state.screen.panel?.field?.text == "the title")
    _ = state.reduce(.key(KeyChord(.escape)))
    _ = state.press("B")
    _ = state.reduce(
      .annotationsRead(AnnotationState(bookmarks: [], highlights: [green]), forPanel: true))
    _ = state.press("x")
    #expect(state.screen.panel?.field?.text == "The Quire Handbook — annotations.md")
    for _ in 0..<"annotations.md".count { _ = state.reduce(.key(KeyChord(.backspace))) }
    state.type("notes.org")
    #expect(
      state.reduce(.key(KeyChord(.enter)))
        == [.exportAnnotations(path: "The Quire Handbook — notes.org")])
    _ = state.reduce(
      .annotationsExported(path: "/tmp/x.org", count: 1, failure: nil))
    #expect(state.screen.message?.text == "Exported 1 annotation to /tmp/x.org.")
    _ = state.press("j")
    #expect(state.reduce(.key(KeyChord(.enter))) == [.navigate(.to(green.start))])
    #expect(state.screen.panel == nil)
  }
}
