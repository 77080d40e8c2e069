import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireUI
import Testing

/// The controller driven as a reader drives it: commands in, screens out, on real books.
@Suite struct ReaderControllerTests {
  static let pride = Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt")
  static let sherlock = Corpus.path("epub/se-the-adventures-of-sherlock-holmes.epub")

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func fiftyTurnsForwardAndBackReturnToTheSamePage() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(Self.pride, folder: folder)
    for _ in 0..<3 { _ = await controller.perform(.turnForward) }
    let start = await controller.screen()
    var screen = start
    for _ in 0..<50 { screen = await controller.perform(.turnForward) }
    #expect(screen.pageText != start.pageText)
    #expect(screen.status.page == start.status.page + 50)
    for _ in 0..<50 { screen = await controller.perform(.turnBackward) }
    #expect(screen.pageText == start.pageText)
    #expect(screen.firstCharacter! == start.firstCharacter!)
    await controller.close()
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aContentsJumpLandsOnTheChaptersTitle() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(Self.sherlock, folder: folder)
    var screen = await controller.perform(.contents)
    let panel = try #require(screen.panel)
    #expect(panel.kind == .contents)
    let target = try #require(panel.rows.firstIndex { $0.text == "The Five Orange Pips" })
    for character in "Orange" { screen = await controller.perform(.type(String(character))) }
    #expect(screen.panel?.rows.map(\.text) == ["The Five Orange Pips"])
    screen = await controller.perform(.choose)
    #expect(screen.panel == nil)
    #expect(screen.chapterTitle == "The Five Orange Pips")
    let firstLine = screen.pageText.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
    #expect(firstLine?.trimmingCharacters(in: .whitespaces) == "The Five Orange Pips")
    #expect(target > 0)
    // Back returns to where the reader was.
    screen = await controller.perform(.back)
    #expect(screen.firstCharacter?.chapter == 0)
    await controller.close()
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func searchFindsCurlyApostrophesAndMarksTheMatch() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(Self.pride, folder: folder)
    _ = await controller.perform(.runSearch("Elizabeth's"))
    await controller.waitForSearch()
    var screen = await controller.screen()
    let panel = try #require(screen.panel)
    #expect(panel.rows.count > 20)
    #expect(panel.rows.allSatisfy { $0.text.contains("Elizabeth’s") })
    screen = await controller.perform(.choose)
    let side = try #require(screen.sides.first)
    let current = side.marks.filter { $0.kind == .currentMatch }
    #expect(current.count == 1)
    #expect(side.text.substring(current[0].range) == "Elizabeth’s")
    // n moves to the next match, on this page or a later one.
    let before = current[0].range.lowerBound
    screen = await controller.perform(.searchNext)
    let next = try #require(screen.sides.first?.marks.first { $0.kind == .currentMatch })
    #expect(
      (screen.sides[0].chapterIndex, next.range.lowerBound) > (side.chapterIndex, before))
    await controller.close()
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aFontSizeRoundTripShowsTheSameFirstCharacter() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.pride, folder: folder, viewport: .pixels(width: 600, height: 800, scale: 1))
    _ = await controller.perform(.goToProgression(0.3))
    for _ in 0..<2 { _ = await controller.perform(.turnForward) }
    let start = await controller.screen()
    let first = try #require(start.firstCharacter)
    let larger = await controller.perform(.fontLarger)
    #expect(larger.sides[0].page.range.contains(first.offset))
    #expect(larger.sides[0].page.range != start.sides[0].page.range)
    let back = await controller.perform(.fontSmaller)
    #expect(back.firstCharacter! == first)
    #expect(back.sides[0].page.range == start.sides[0].page.range)
    await controller.close()
  }

  @Test func aFootnotePopupHoldsTheNotesText() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(UIFixtures.handbook, folder: folder)
    // The handbook's "Reading with Quire" chapter has a note reference.
    var screen = await controller.nextFile()
    var found: (chapter: Int, offset: Int)?
    for _ in 0..<20 {
      for side in screen.sides {
        for link in side.text.links(in: side.page.range)
        where side.text.attributes(at: link.range.lowerBound).isNoteReference {
          found = (side.chapterIndex, link.range.lowerBound)
        }
      }
      if found != nil { break }
      screen = await controller.perform(.turnForward)
    }
    let noteref = try #require(found, "a page of the handbook shows its note reference")
    screen = await controller.perform(.activate(chapter: noteref.chapter, offset: noteref.offset))
    let panel = try #require(screen.panel)
    #expect(panel.kind == .footnote)
    let text = panel.rows.map(\.text).joined(separator: " ")
    #expect(text.contains("UTF-16"), "the note explains offsets: \(text)")
    // The popup does not move the reader.
    #expect(screen.firstCharacter?.chapter == noteref.chapter)
    screen = await controller.perform(.dismiss)
    #expect(screen.panel == nil)
    await controller.close()
  }

  @Test func aLookAheadWritesNothingToTheLibrary() async throws {
    let folder = ScratchFolder()
    let (controller, library) = try await UIFixtures.controller(UIFixtures.handbook, folder: folder)
    _ = await controller.perform(.turnForward)
    let session = await controller.session
    let bookID = try #require(await session.bookID)
    let saved = try library.currentPosition(ofBook: bookID)
    let shown = await session.current
    // A turn in progress looks at the next page; released early, it is cancelled.
    let next = try #require(await session.peekNext())
    #expect(
      next.page.range.lowerBound >= shown!.page.range.upperBound
        || next.chapterIndex > shown!.chapterIndex)
    _ = await session.peekPrevious()
    #expect(try library.currentPosition(ofBook: bookID) == saved)
    let after = await session.current
    #expect(after?.page == shown?.page)
    #expect(after?.locator == shown?.locator)
    await controller.close()
  }

  /// A bookmark marks the page; a note on the page goes on its first sentence, a
  /// highlight with the note, saved with snippets that find it again in a changed book.
  @Test func bookmarksToggleAndNotesGoOnThePagesFirstSentence() async throws {
    let folder = ScratchFolder()
    let (controller, library) = try await UIFixtures.controller(UIFixtures.handbook, folder: folder)
    var screen = await controller.perform(.toggleBookmark)
    #expect(screen.status.isBookmarked)
    #expect(screen.sides.first?.isBookmarked == true)
    screen = await controller.perform(.addNote)
    #expect(screen.panel?.kind == .note)
    for character in "Read again" { screen = await controller.perform(.type(String(character))) }
    screen = await controller.perform(.choose)
    #expect(screen.message?.text == "Note saved.")
    let bookID = try #require(await controller.session.bookID)
    #expect(try library.bookmarks(inBook: bookID).map(\.note) == [nil])
    let highlight = try #require(try library.highlights(inBook: bookID).first)
    #expect(highlight.note == "Read again")
    #expect(highlight.start.textAfter?.isEmpty == false && highlight.end.textBefore != nil)
    #expect(screen.sides.first?.notes == [highlight.start.offset])
    screen = await controller.perform(.bookmarks)
    let rows = try #require(screen.panel?.rows)
    #expect(rows.count == 3, "the chapter's name, the bookmark, the noted highlight")
    #expect(rows.contains { $0.detail.contains("note: Read again") })
    screen = await controller.perform(.deleteSelected)
    #expect(screen.panel?.rows.count == 2)
    #expect(try library.bookmarks(inBook: bookID).isEmpty)
    screen = await controller.perform(.undo)
    #expect(screen.panel?.rows.count == 3)
    #expect(try library.bookmarks(inBook: bookID).count == 1)
    // Exported to a new file; a file that is there already is left alone.
    let file = folder.file("notes.md")
    screen = await controller.perform(.exportAnnotations)
    for _ in 0..<80 { screen = await controller.perform(.erase) }
    screen = await controller.perform(.type(file))
    screen = await controller.perform(.choose)
    #expect(screen.message?.text == "Exported 2 annotations to \(file).")
    let markdown = try String(contentsOfFile: file, encoding: .utf8)
    #expect(markdown.contains("Read again"))
    screen = await controller.perform(.exportAnnotations)
    for _ in 0..<80 { screen = await controller.perform(.erase) }
    screen = await controller.perform(.type(file))
    screen = await controller.perform(.choose)
    #expect(screen.message?.isError == true)
    #expect(screen.message?.text.hasSuffix("there is a file of that name already") == true)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == markdown)
    await controller.close()
  }

  /// A word looked up from the page: its definitions in the popup, a link followed inside
  /// it, and both in the look-up history with the book; the first with where it was read.
  @Test func aLookUpShowsTheDefinitionsAndGoesInTheHistory() async throws {
    let folder = ScratchFolder()
    let (controller, library) = try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, dictionaries: try WordList.folder(in: folder))
    _ = await controller.nextFile()
    _ = await controller.perform(.select)
    var screen = await controller.perform(.lookUpSelection)
    let panel = try #require(screen.panel)
    #expect(panel.kind == .lookUp)
    #expect(panel.rows.contains { $0.text.contains("the act of one who reads a book") })
    screen = await controller.perform(.adjust(1))
    screen = await controller.perform(.choose)
    #expect(screen.panel?.title == "“Reading” → “book”")
    let history = try library.lookupHistory()
    #expect(history.map(\.word).sorted() == ["Reading", "book"])
    let first = try #require(history.first { $0.word == "Reading" })
    let bookID = try #require(await controller.session.bookID)
    #expect(first.bookID == bookID)
    #expect(first.form?.lowercased() == "reading", "as found, in its case")
    #expect(first.dictionaries == ["quire-test"])
    #expect(first.context == "Reading with Quire")
    #expect(first.locator?.chapterIndex == 1 && first.locator?.textAfter?.isEmpty == false)
    let followed = try #require(history.first { $0.word == "book" })
    #expect(followed.locator == nil && followed.bookID == bookID)
    // Back returns to the first word without writing it again.
    screen = await controller.perform(.back)
    #expect(screen.panel?.title == "“Reading”")
    #expect(try library.lookupHistory().count == 2)
    await controller.close()
  }

  @Test func aResizeKeepsTheFirstCharacterAndGrowingBackRestoresThePage() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(UIFixtures.handbook, folder: folder)
    _ = await controller.nextFile()
    let start = await controller.perform(.turnForward)
    let first = try #require(start.firstCharacter)
    let small = await controller.resize(to: .cells(columns: 60, rows: 20))
    #expect(small.sides[0].page.range.contains(first.offset))
    #expect(small.sides[0].frame.width == 58)
    let back = await controller.resize(to: .cells(columns: 100, rows: 40))
    #expect(back.pageText == start.pageText)
    // The page number is back; the book's total is an estimate that other sizes refined.
    let number = { (text: String?) in text?.split(separator: " ").first }
    #expect(number(back.status.pageText) == number(start.status.pageText))
    await controller.close()
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aWideTerminalShowsTwoFacingPagesAndTurnsBothAtOnce() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.pride, folder: folder, viewport: .cells(columns: 160, rows: 40))
    _ = await controller.perform(.nextChapter)
    let screen = await controller.perform(.turnForward)
    #expect(screen.sides.count == 2)
    /// Whether `right` is the page after `left`: later in the chapter, or the next one's first.
    func follows(_ right: PageSide, _ left: PageSide) -> Bool {
      right.chapterIndex == left.chapterIndex
        ? right.page.range.lowerBound == left.page.range.upperBound
        : right.chapterIndex > left.chapterIndex && right.page.range.lowerBound == 0
    }
    #expect(follows(screen.sides[1], screen.sides[0]))
    let turned = await controller.perform(.turnForward)
    #expect(follows(turned.sides[0], screen.sides[1]))
    #expect(follows(turned.sides[1], turned.sides[0]))
    let single = await controller.perform(.toggleSpread)
    #expect(single.sides.count == 1)
    #expect(single.firstCharacter! == turned.firstCharacter!)
    await controller.close()
  }
}

/// Ruby on terminal cells, chosen in the settings panel as a reader does.
@Suite struct TerminalRubySettingTests {
  static let book = Corpus.fixtures + "/epub/ruby"

  @Test func theSettingsPanelHidesAndShowsTheReadingsOnCells() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(Self.book, folder: folder)
    var screen = await controller.perform(.turnForward)
    screen = await controller.perform(.turnBackward)
    #expect(screen.pageText.contains("吾輩(わがはい)"), "\(screen.pageText)")
    /// Opens the settings panel and moves to the terminal's ruby row, as a reader does.
    func toRubyRow() async throws -> Panel.Row {
      screen = await controller.perform(.settings)
      for _ in 0..<30 {
        let rows = try #require(screen.panel).rows
        if let current = rows.first(where: \.isCurrent), current.text.contains("Ruby") {
          return current
        }
        screen = await controller.perform(.moveDown)
      }
      Issue.record("no ruby row in \(try #require(screen.panel).rows.map(\.text))")
      throw CancellationError()
    }
    #expect(try await toRubyRow().detail == "parentheses")
    screen = await controller.perform(.adjust(1))
    #expect(try #require(screen.panel).rows.first(where: \.isCurrent)?.detail == "hidden")
    screen = await controller.perform(.dismiss)
    #expect(screen.pageText.contains("吾輩は"), "\(screen.pageText)")
    #expect(!screen.pageText.contains("わがはい"))
    // The next step brings the readings back.
    _ = try await toRubyRow()
    screen = await controller.perform(.adjust(1))
    screen = await controller.perform(.dismiss)
    #expect(screen.pageText.contains("吾輩(わがはい)"))
    await controller.close()
  }
}
