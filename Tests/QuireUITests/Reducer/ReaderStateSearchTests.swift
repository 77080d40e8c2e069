import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireUI
import Testing

/// Search through the reducer: one generation per query, results streaming in, n and N.
@Suite struct ReaderStateSearchTests {
  /// The matches of `query` in the book, chapter by chapter, as the background search
  /// finds them.
  static func matches(of query: String, in book: Book) throws -> [[SearchMatch]] {
    var found: [[SearchMatch]] = []
    try BookSearch(book: book, query: query).forEachChapter { result in
      if !result.matches.isEmpty { found.append(result.matches) }
    }
    return found
  }

  @Test func resultsOfAnEarlierSearchAreLeftOut() throws {
    var state = try ReducerFixtures.state()
    #expect(state.reduce(.command(.runSearch("page"))) == [.search(query: "page", generation: 1)])
    var panel = try #require(state.screen.panel)
    #expect(panel.kind == .search && panel.isWorking)
    #expect(panel.field?.isEditing == false)
    let pages = try Self.matches(of: "page", in: state.book)
    #expect(state.reduce(.searchFound(pages[0], generation: 1)) == [.redraw])
    #expect(state.screen.panel?.rows.count == pages[0].count)
    // A new query: the old one's results and end are dropped.
    #expect(state.reduce(.command(.runSearch("Quire"))) == [.search(query: "Quire", generation: 2)])
    #expect(state.reduce(.searchFound(pages[1], generation: 1)).isEmpty)
    #expect(state.reduce(.searchFinished(generation: 1)).isEmpty)
    panel = try #require(state.screen.panel)
    #expect(panel.rows.isEmpty && panel.isWorking)
    let quire = try Self.matches(of: "Quire", in: state.book)
    for chapter in quire { _ = state.reduce(.searchFound(chapter, generation: 2)) }
    #expect(state.reduce(.searchFinished(generation: 2)) == [.redraw])
    panel = try #require(state.screen.panel)
    #expect(!panel.isWorking)
    #expect(panel.rows.count == quire.joined().count)
    #expect(panel.hint.hasPrefix("\(quire.joined().count) found"))
    #expect(
      panel.rows.allSatisfy { row in
        row.emphasis.map { Array(row.text)[$0].map(String.init).joined().lowercased() == "quire" }
          ?? false
      })
  }

  @Test func aQueryOfNothingLeavesTheFieldOpenAndStopsTheSearch() throws {
    var state = try ReducerFixtures.state()
    _ = state.press("/")
    #expect(state.screen.panel?.field?.isEditing == true)
    #expect(state.reduce(.key(KeyChord(.enter))) == [.cancelSearch])
    #expect(state.screen.panel?.field?.isEditing == true)
  }

  @Test func nAndNMoveFromThePageShownAndMarkTheMatch() throws {
    var state = try ReducerFixtures.state()
    #expect(state.reduce(.command(.searchNext)).isEmpty)
    #expect(state.screen.message?.text == "Search first: press /.")
    _ = state.reduce(.command(.runSearch("Quire")))
    let all = Array(try Self.matches(of: "Quire", in: state.book).joined())
    _ = state.reduce(.searchFound(all, generation: 1))
    _ = state.reduce(.searchFinished(generation: 1))
    _ = state.reduce(.command(.dismiss))
    // From a page in chapter 2, the next match is the first one at or after its start.
    _ = try state.shows(chapter: 2, page: 0)
    let expected = try #require(all.first { $0.chapterIndex >= 2 })
    let effects = state.reduce(.command(.searchNext))
    let index = try #require(all.firstIndex(of: expected))
    #expect(state.screen.message?.text == "Match \(index + 1) of \(all.count)")
    let side = try #require(state.screen.sides.first)
    if side.page.range.contains(expected.range.lowerBound) && side.chapterIndex == 2 {
      #expect(effects.isEmpty, "a match on the page shown moves nothing")
      #expect(side.marks.contains { $0.kind == .currentMatch && $0.range == expected.range })
    } else {
      #expect(effects == [.navigate(.to(expected.locator))])
    }
    // Nothing comes before the book's first page.
    _ = try state.shows(chapter: 0, page: 0)
    #expect(state.reduce(.command(.searchPrevious)).isEmpty)
    #expect(state.screen.message?.text == "No matches before this one.")
  }

  @Test func anotherBookOpenedLeavesTheOldSearchBehind() throws {
    var state = try ReducerFixtures.state()
    _ = state.reduce(.command(.runSearch("Quire")))
    #expect(
      state.reduce(.dropBook(path: "/books/other.epub"))
        == [.openBook(path: "/books/other.epub", settings: state.readingSettings)])
    let other = try ReducerFixtures.state(Corpus.fixtures + "/epub/ruby")
    let effects = state.reduce(
      .bookOpened(other.book, bookID: 2, try other.view(chapter: 0, page: 0)))
    #expect(effects.contains(.cancelSearch))
    #expect(effects.contains(.readAnnotations(forPanel: false)))
    #expect(state.screen.book.path == other.book.path)
    #expect(state.screen.panel == nil)
    // The old search's results, still on their way, are dropped.
    let late = try Self.matches(of: "Quire", in: try ReducerFixtures.state().book)
    #expect(state.reduce(.searchFound(late[0], generation: 1)).isEmpty)
    _ = state.reduce(.command(.search))
    #expect(state.screen.panel?.rows.isEmpty == true)
  }
}

/// Results in Chinese and Japanese show their match: the context before it is cut in
/// characters to a few cells, whatever the script.
@Suite struct SearchRowLeadTests {
  @Test func theMatchStartsWithinTheFirstCellsOfEveryRow() throws {
    var state = try ReducerFixtures.state()
    _ = state.reduce(.command(.runSearch("的")))
    let all = Array(try ReaderStateSearchTests.matches(of: "的", in: state.book).joined())
    #expect(all.count > 3, "the handbook's Chinese chapter")
    _ = state.reduce(.searchFound(all, generation: 1))
    _ = state.reduce(.searchFinished(generation: 1))
    let panel = try #require(state.screen.panel)
    for row in panel.rows {
      let emphasis = try #require(row.emphasis)
      let characters = Array(row.text)
      #expect(String(characters[emphasis]) == "的")
      let lead = CellWidth.of(String(characters[..<emphasis.lowerBound]))
      #expect(lead <= 21, "\(row.text)")
    }
  }

  @Test func aLongLeadIsCutInCharactersWithAnEllipsis() {
    #expect(ReaderState.lead("短") == "短")
    let chinese = ReaderState.lead(String(repeating: "满纸荒唐言", count: 8))
    #expect(chinese.hasPrefix("…") && CellWidth.of(chinese) == 21)
    let english = ReaderState.lead("the quick brown fox jumps over the lazy dog and on")
    #expect(english == "…the lazy dog and on")
  }
}
