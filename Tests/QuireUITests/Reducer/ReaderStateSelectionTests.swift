import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import Testing

@testable import QuireUI

/// Selecting with keys and the pointer, and what a selection is used for — copy,
/// highlight, note — as command sequences on the reducer (look-up: `ReaderStateLookUpTests`).
@Suite struct ReaderStateSelectionTests {
  /// The handbook's "Reading with Quire" chapter, first page, on a terminal.
  func reading() throws -> ReaderState {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 1, page: 0)
    return state
  }

  func selected(_ state: ReaderState) -> String? {
    state.selecting.selection.map { $0.text(in: state.boundaries) }
  }

  func selectionMarks(_ state: ReaderState) -> [Range<Int>] {
    state.screen.sides.flatMap { $0.marks.filter { $0.kind == .selection }.map(\.range) }
  }

  @Test func vSelectsTheFirstWordAndTheKeysMoveItsEnd() throws {
    var state = try reading()
    #expect(state.press("v").isEmpty)
    #expect(selected(state) == "Reading")
    #expect(selectionMarks(state).count == 1)
    _ = state.press("w")
    #expect(selected(state) == "Reading with")
    _ = state.press(")")
    #expect(selected(state) == "Reading with Quire", "the heading is a sentence of its own")
    _ = state.press(")")
    #expect(selected(state)?.hasSuffix("from the command line.") == true)
    _ = state.press("(")
    #expect(selected(state) == "Reading with Quire")
    // j is a turn when nothing is selected, a line down while selecting.
    #expect(state.press("j").isEmpty)
    #expect(selected(state)?.hasPrefix("Reading with Quire\n\nYou read") == true)
    _ = state.reduce(.key(KeyChord(.escape)))
    #expect(state.selecting.selection == nil)
    #expect(selectionMarks(state).isEmpty)
    #expect(state.press("j") == [.navigate(.turn(forward: true, pages: 1))])
  }

  @Test func movingPastThePageTurnsToWhereTheEndWent() throws {
    var state = try reading()
    _ = state.press("v")
    var effects: [ReaderEffect] = []
    for _ in 0..<40 where effects.isEmpty { effects = state.press("}") }
    guard case .navigate(.reveal(let place))? = effects.first else {
      Issue.record("no turn to where the selection went: \(effects)")
      return
    }
    let page = try #require(state.sides.first?.page.range)
    #expect(place.chapterIndex > 1 || place.offset >= page.upperBound)
  }

  @Test func yCopiesOnceAndTheFrontEndSaysWhere() throws {
    var state = try reading()
    _ = state.press("v")
    _ = state.press("w")
    _ = state.press("y")
    let copy = try #require(state.screen.copy)
    #expect(copy.text == "Reading with")
    #expect(state.selecting.selection == nil, "copying ends the selection, as in vim")
    _ = state.reduce(
      .copied(message: "Copied 12 characters to the clipboard through tmux.", failed: false))
    #expect(state.screen.message?.text == "Copied 12 characters to the clipboard through tmux.")
    #expect(state.screen.copy == copy, "the same request: the front end copies it once")
    _ = state.press("v")
    _ = state.press("y")
    #expect(state.screen.copy?.id == copy.id + 1)
  }

  @Test func hAndANumberHighlightInThatColour() throws {
    var state = try reading()
    _ = state.press("v")
    let selection = try #require(state.selecting.selection)
    _ = state.press("U")
    #expect(state.screen.message?.text.hasPrefix("Underline in: 1 yellow") == true)
    let effects = state.press("3")
    #expect(
      effects == [
        .write(
          .addHighlight(from: selection.start, to: selection.end, colour: .blue, style: .underline))
      ])
    #expect(state.selecting.selection == nil)
    _ = state.reduce(
      .libraryWritten(
        .addHighlight(from: selection.start, to: selection.end, colour: .blue, style: .underline),
        failure: nil))
    #expect(state.screen.message?.text == "Underlined in blue.")
    // A number straight away highlights in the background style; Esc gives up a colour.
    _ = state.press("v")
    _ = state.press("H")
    _ = state.reduce(.key(KeyChord(.escape)))
    #expect(state.screen.message?.text == "Not highlighted.")
    #expect(state.selecting.selection != nil)
    #expect(
      state.press("4")
        == [
          .write(
            .addHighlight(
              from: selection.start, to: selection.end, colour: .pink, style: .background))
        ])
  }

  @Test func highlightsAreMarkedInTheirColoursAndStack() throws {
    var state = try reading()
    let page = try #require(state.sides.first?.page.range)
    let start = page.lowerBound
    func highlight(
      _ id: Int, _ range: Range<Int>, _ colour: Highlight.Colour, _ style: Highlight.Style,
      note: String? = nil
    ) -> Highlight {
      Highlight(
        id: id, bookID: 1, start: Locator(chapterIndex: 1, offset: range.lowerBound),
        end: Locator(chapterIndex: 1, offset: range.upperBound), colour: colour, style: style,
        note: note, createdAt: Date())
    }
    _ = state.reduce(
      .annotationsRead(
        AnnotationState(
          bookmarks: [],
          highlights: [
            highlight(2, (start + 5)..<(start + 12), .pink, .background, note: "on top"),
            highlight(1, start..<(start + 10), .green, .background),
            highlight(3, start..<(start + 4), .blue, .underline),
          ]), forPanel: false))
    let side = try #require(state.screen.sides.first)
    // In the order they were made: the later on top.
    #expect(
      side.marks.map(\.kind) == [
        .highlight(.green, .background), .highlight(.pink, .background),
        .highlight(.blue, .underline),
      ])
    #expect(side.notes == [start + 5])
    let cells = side.cells
    let styles = cells.lines.flatMap { $0 }.filter { $0.range.lowerBound < start + 12 }
    func style(at offset: Int) -> CellPage.Style? {
      styles.first { $0.range.contains(offset) }?.style
    }
    #expect(style(at: start + 1)?.mark == .highlight(.green, .background))
    #expect(style(at: start + 1)?.underlineMark == .blue)
    #expect(style(at: start + 9)?.mark == .highlight(.pink, .background))
  }

  @Test func aNoteOnTheSelection() throws {
    var state = try reading()
    _ = state.press("v")
    let selection = try #require(state.selecting.selection)
    _ = state.press("a")
    #expect(state.screen.panel?.kind == .note)
    #expect(state.screen.panel?.rows.first?.text == "Reading")
    state.type("a gerund")
    #expect(
      state.reduce(.key(KeyChord(.enter)))
        == [.write(.saveNote("a gerund", .passage(from: selection.start, to: selection.end)))])
  }

  @Test func aDragAndADoubleClickSelect() throws {
    var state = try reading()
    let side = try #require(state.sides.first)
    let lines = side.page.lines.filter { !$0.runs.isEmpty }
    let y = side.frame.y + lines[2].frame.y + 0.5
    let x = side.frame.x + 1.5
    _ = state.reduce(.selectAt(x: x, y: y, unit: .word))
    let word = try #require(selected(state))
    #expect(!word.isEmpty && !word.contains(" "))
    _ = state.reduce(.extendSelectionTo(x: side.frame.x + 20.5, y: y + 1))
    let grown = try #require(selected(state))
    #expect(grown.hasPrefix(word) && grown.count > word.count + 10)
    #expect(!grown.hasSuffix(" "), "a drag after a double-click takes whole words")
    // A click ends the selection and does nothing else.
    #expect(state.reduce(.click(x: x, y: y)).isEmpty)
    #expect(state.selecting.selection == nil)
  }

  @Test("a right-click on a highlight chooses it: a colour recolours it, and it can go")
  func aChosenHighlightIsRecolouredOrRemoved() throws {
    var state = try reading()
    let side = try #require(state.sides.first)
    let start = side.page.range.lowerBound
    let line = try #require(side.page.lines.first { !$0.runs.isEmpty })
    let highlight = Highlight(
      id: 7, bookID: 1, start: Locator(chapterIndex: 1, offset: start),
      end: Locator(chapterIndex: 1, offset: start + 7), colour: .green, style: .background,
      note: nil, createdAt: Date())
    _ = state.reduce(
      .annotationsRead(AnnotationState(bookmarks: [], highlights: [highlight]), forPanel: false))
    let y = side.frame.y + line.frame.y + 0.5
    // Off the highlight nothing is chosen.
    #expect(state.reduce(.chooseHighlightAt(x: side.frame.x + 30.5, y: y)).isEmpty)
    #expect(state.screen.chosenHighlight == nil && !state.screen.hasSelection)
    _ = state.reduce(.chooseHighlightAt(x: side.frame.x + 1.5, y: y))
    #expect(state.screen.chosenHighlight?.id == 7)
    #expect(state.screen.hasSelection)
    #expect(selected(state) == "Reading")
    #expect(state.press("4") == [.write(.recolour(highlightID: 7, .pink))])
    #expect(!state.screen.hasSelection && state.screen.chosenHighlight == nil)
    _ = state.reduce(.chooseHighlightAt(x: side.frame.x + 1.5, y: y))
    #expect(
      state.reduce(.command(.removeChosenHighlight)) == [.write(.remove(.highlight(highlight)))])
    _ = state.reduce(.libraryWritten(.remove(.highlight(highlight)), failure: nil))
    #expect(state.screen.message?.text == "Highlight removed.")
    // A selection made otherwise is no chosen highlight: a colour adds a highlight.
    _ = state.press("v")
    #expect(state.reduce(.command(.removeChosenHighlight)).isEmpty)
    #expect(state.screen.message?.text == "No highlight is chosen: right-click one to remove it.")
  }

  @Test("search for it: the selected words become the search's query")
  func searchForTheSelection() throws {
    var state = try reading()
    _ = state.press("v")
    _ = state.press("w")
    let effects = state.reduce(.command(.searchSelection))
    #expect(effects.contains(.search(query: "Reading with", generation: state.search.generation)))
    #expect(state.screen.panel?.kind == .search)
    #expect(!state.screen.hasSelection)
  }

  @Test func goToTakesAPagePercentOrChapter() throws {
    var state = try reading()
    _ = state.press(":")
    #expect(state.screen.panel?.kind == .goTo)
    state.type("45%")
    #expect(state.reduce(.key(KeyChord(.enter))) == [.navigate(.progression(0.45))])
    _ = state.reduce(.key(KeyChord(.character("g"), control: true)))
    state.type("Reading in the term")
    let chapter = try #require(state.contents.first { $0.title == "Reading in the terminal" })
    #expect(state.reduce(.key(KeyChord(.enter))) == [.navigate(.to(chapter.locator))])
    _ = state.press(":")
    state.type("0")
    #expect(state.reduce(.key(KeyChord(.enter))).isEmpty)
    #expect(state.screen.panel?.rows.first?.text == "Pages are numbered from 1.")
  }
}
