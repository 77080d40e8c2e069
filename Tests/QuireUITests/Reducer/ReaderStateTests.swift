import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireUI
import Testing

/// The reading view's reducer as a reader drives it: keys and commands in, the screen and
/// the effects asked for out, with what the session answers fed back by hand — no session,
/// no library, no controller.
@Suite struct ReaderStateTests {
  @Test func aTurnAsksTheSessionForOnePageOrASpreadAndShowsItsAnswer() throws {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 1, page: 0)
    #expect(state.reduce(.key(.character("j"))) == [.navigate(.turn(forward: true, pages: 1))])
    #expect(state.reduce(.command(.turnBackward)) == [.navigate(.turn(forward: false, pages: 1))])
    _ = try state.shows(chapter: 1, page: 1, after: .turn(forward: true, pages: 1))
    let screen = state.screen
    #expect(screen.sides.map(\.page) == [try state.pages(ofChapter: 1)[1]])
    #expect(screen.message == nil)

    var wide = try ReducerFixtures.state(viewport: .cells(columns: 160, rows: 40))
    #expect(wide.reduce(.command(.turnForward)) == [.navigate(.turn(forward: true, pages: 2))])
    _ = try wide.shows(chapter: 1, page: 0)
    let pages = try wide.pages(ofChapter: 1)
    #expect(wide.screen.sides.map(\.page) == Array(pages[0...1]), "two facing pages")
    #expect(wide.screen.sides[1].frame.x > wide.screen.sides[0].frame.maxX)
  }

  @Test func aTurnThatGoesNowhereSaysTheBookEndsThere() throws {
    var state = try ReducerFixtures.state()
    let chapter = try #require(state.book.readingOrder.last)
    let last = try state.pages(ofChapter: chapter).count - 1
    _ = try state.shows(chapter: chapter, page: last)
    let answer = try state.view(chapter: chapter, page: last)
    _ = state.reduce(.navigated(.turn(forward: true, pages: 1), moved: false, answer))
    #expect(state.screen.message?.text == "This is the end of the book.")
    #expect(state.screen.message?.isError == false)
    // The next key clears it.
    _ = state.press("k")
    #expect(state.screen.message == nil)
    _ = state.reduce(.navigated(.to(Locator(chapterIndex: 3)), moved: false, answer))
    #expect(
      state.screen.message == ScreenMessage(text: "That page could not be shown.", isError: true))
  }

  @Test func backGoesOnlyWhereTheSessionRemembersAPlace() throws {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 2, page: 0)
    #expect(state.reduce(.command(.back)).isEmpty)
    #expect(state.screen.message?.text == "Nothing to go back to.")
    _ = try state.shows(chapter: 4, page: 0, after: .to(Locator(chapterIndex: 4)), canGoBack: true)
    #expect(state.reduce(.command(.back)) == [.navigate(.back)])
  }

  @Test func chapterKeysStepThroughTheContentsEntriesAndStopAtTheEnds() throws {
    var state = try ReducerFixtures.state()
    let order = state.book.readingOrder
    func entry(_ title: String) throws -> Locator {
      try #require(state.contents.first { $0.title == title }).locator
    }
    // The page opens "Reading with Quire" and shows its first section: the next stop is
    // the first section past the page, further in the same file; the one before is the
    // welcome's last section.
    _ = try state.shows(chapter: order[1], page: 0)
    let commands = try entry("The commands")
    let welcomeEnd = try entry("Where Quire stands")
    let firstPage = try state.pages(ofChapter: order[1])[0].range
    #expect(firstPage.contains(commands.offset))
    let past = try #require(
      state.contents.map(\.locator).first {
        $0.chapterIndex == order[1] && $0.offset >= firstPage.upperBound
      })
    #expect(state.reduce(.command(.nextChapter)) == [.navigate(.to(past))])
    #expect(state.reduce(.command(.previousChapter)) == [.navigate(.to(welcomeEnd))])
    // Inside a section, back is to the section's start.
    let inside = try #require(
      try state.pages(ofChapter: order[1]).firstIndex {
        $0.range.lowerBound > commands.offset
      })
    _ = try state.shows(chapter: order[1], page: inside)
    let pageStart = try state.pages(ofChapter: order[1])[inside].range.lowerBound
    let reading = try #require(
      state.contents.map(\.locator).last {
        $0.chapterIndex == order[1] && $0.offset < pageStart
      })
    #expect(reading.offset >= commands.offset)
    #expect(state.reduce(.command(.previousChapter)) == [.navigate(.to(reading))])
    let last = try #require(order.last)
    _ = try state.shows(chapter: last, page: try state.pages(ofChapter: last).count - 1)
    #expect(state.reduce(.command(.nextChapter)).isEmpty)
    #expect(state.screen.message?.text == "This is the last chapter.")
  }

  @Test func theArrowToTheLeftTurnsForwardInARightToLeftBook() throws {
    var state = try ReducerFixtures.state(Corpus.fixtures + "/epub/botchan-vertical")
    #expect(state.reduce(.command(.turnLeft)) == [.navigate(.turn(forward: true, pages: 1))])
    #expect(state.reduce(.command(.turnRight)) == [.navigate(.turn(forward: false, pages: 1))])
  }

  @Test func aKeyThatDoesNothingSaysSoAndAKeyInAFieldIsText() throws {
    var state = try ReducerFixtures.state()
    #expect(state.press("Q").isEmpty)
    #expect(state.screen.message?.text == "Q does nothing here; ? lists the keys")
    _ = state.reduce(.command(.contents))
    state.type("jk")
    #expect(state.screen.panel?.field?.text == "jk", "j and k type into the filter")
    // Ctrl+C in a field quits, as everywhere.
    _ = state.reduce(.key(KeyChord(.character("c"), control: true)))
    #expect(state.screen.isFinished)
  }

  @Test func theContentsOpenOnTheChapterReadAndJumpToTheEntryChosen() throws {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 3, page: 0)
    _ = state.reduce(.command(.contents))
    let panel = try #require(state.screen.panel)
    #expect(panel.kind == .contents)
    let current = try #require(panel.rows.firstIndex { $0.isCurrent })
    #expect(panel.selection == current)
    let title = panel.rows[current].text
    state.type(title)
    let filtered = try #require(state.screen.panel)
    #expect(filtered.rows.first?.text == title)
    #expect(filtered.rows.count < panel.rows.count)
    let effects = state.reduce(.key(KeyChord(.enter)))
    #expect(state.screen.panel == nil)
    guard case .navigate(.to(let locator)) = effects.first else {
      Issue.record("Enter jumps: \(effects)")
      return
    }
    #expect(locator.chapterIndex == 3)
  }

  @Test func aClickTurnsByThirdsFollowsLinksAndClosesPanels() throws {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 1, page: 0)
    #expect(state.reduce(.click(x: 90, y: 20)) == [.navigate(.turn(forward: true, pages: 1))])
    #expect(state.reduce(.click(x: 5, y: 20)) == [.navigate(.turn(forward: false, pages: 1))])
    let shown = state.preferences.statusLine
    #expect(state.reduce(.click(x: 50, y: 0)).count == 1, "the middle saves the status line")
    #expect(state.screen.showsStatus != shown)
    _ = state.reduce(.command(.help))
    #expect(state.reduce(.click(x: 90, y: 20)).isEmpty)
    #expect(state.screen.panel == nil, "a click outside a panel closes it")
  }

  @Test func aResizeLaysThePageOutAgainOnlyWhenTheSizeChanged() throws {
    var state = try ReducerFixtures.state()
    #expect(state.reduce(.resize(.cells(columns: 100, rows: 40))).isEmpty)
    let effects = state.reduce(.resize(.cells(columns: 60, rows: 20)))
    guard case .navigate(.layOut(let settings)) = effects.first, effects.count == 1 else {
      Issue.record("a resize lays out again: \(effects)")
      return
    }
    #expect(settings.pageWidth == 58 && settings.pageHeight == 16)
    _ = state.reduce(.resize(.cells(columns: 10, rows: 3)))
    #expect(state.screen.tooSmall?.contains("too small") == true)
  }
}
