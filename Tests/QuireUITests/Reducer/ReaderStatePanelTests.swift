import Foundation
import QuireBook
import QuireReading
import QuireRendering
import QuireTestSupport
import QuireUI
import Testing

/// Panels, settings and the library through the reducer: what each key shows, and what
/// it asks to be written or read.
@Suite struct ReaderStatePanelTests {
  static let window = Viewport.pixels(width: 600, height: 800, scale: 1)

  @Test func aLargerTextIsSavedAndLaidOutAndSaidButNotOnATerminal() throws {
    var state = try ReducerFixtures.state(viewport: Self.window)
    let effects = state.reduce(.command(.fontLarger))
    var larger = Preferences()
    larger.fontSize = 19
    #expect(effects.first == .savePreferences(larger))
    guard effects.count == 2, case .navigate(.layOut(let settings)) = effects[1] else {
      Issue.record("the page is laid out again: \(effects)")
      return
    }
    #expect(settings.fontSize == 19)
    #expect(state.screen.message?.text == "Text size 19 px")
    // A file that cannot be written is said, and the size stays.
    _ = state.reduce(.preferencesNotSaved(path: "/ro/preferences.json", reason: "read-only"))
    #expect(state.screen.message?.isError == true)
    #expect(state.preferences.fontSize == 19)

    var cells = try ReducerFixtures.state()
    #expect(cells.reduce(.command(.fontLarger)).isEmpty)
    #expect(cells.screen.message?.text.contains("column width") == true)
  }

  @Test func aThemeFileIsReadOncePerChangeNotAtEveryScreen() throws {
    var preferences = Preferences()
    preferences.theme = "/themes/paper.json"
    var state = try ReducerFixtures.state(preferences: preferences)
    let opened = try state.view(chapter: 0, page: 0)
    let effects = state.reduce(.bookOpened(state.book, bookID: 1, opened))
    #expect(effects.contains(.readTheme(path: "/themes/paper.json")))
    var paper = Theme.sepia
    paper.name = "paper"
    _ = state.reduce(.themeRead(source: "/themes/paper.json", paper))
    #expect(state.screen.theme == paper)
    // Other settings change, screens are drawn: the file is not read again.
    func readsATheme(_ effects: [ReaderEffect]) -> Bool {
      effects.contains { if case .readTheme = $0 { true } else { false } }
    }
    let more = state.reduce(.command(.toggleJustification)) + state.reduce(.command(.columnWider))
    #expect(!readsATheme(more))
    #expect(state.screen.theme == paper)
    // A built-in theme needs no file.
    #expect(!readsATheme(state.reduce(.command(.nextTheme))))
    #expect(state.screen.theme == Theme.sepia)
  }

  @Test func theSettingsPanelStepsTheRowChosen() throws {
    var state = try ReducerFixtures.state(viewport: Self.window)
    _ = state.reduce(.command(.settings))
    for _ in 0..<4 { _ = state.reduce(.command(.moveDown)) }
    let row = try #require(state.screen.panel?.rows.first { $0.isCurrent })
    #expect(row.text == "Justified")
    #expect(row.detail == "true")
    let effects = state.reduce(.command(.adjust(1)))
    #expect(effects.contains { if case .navigate(.layOut) = $0 { true } else { false } })
    #expect(state.screen.panel?.rows.first { $0.isCurrent }?.detail == "false")
    // The key that opened the panel closes it.
    _ = state.reduce(.command(.settings))
    #expect(state.screen.panel == nil)
  }

  @Test func theLibraryIsReadWhenItOpensAndAgainInEachNewOrder() throws {
    var state = try ReducerFixtures.state()
    #expect(state.reduce(.command(.library)) == [.readLibrary(.recent)])
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    _ = state.reduce(.libraryRead(.init(books: [], sort: .recent, readAt: now)))
    let panel = try #require(state.screen.panel)
    #expect(panel.kind == .library)
    #expect(panel.title == "Library (recent)")
    let next = LibrarySort.allCases[1]
    #expect(state.reduce(.command(.nextSort)) == [.readLibrary(next)])
    // A library that cannot be read keeps the rows it showed, in the order asked for.
    _ = state.reduce(.libraryUnreadable(reason: "locked", sort: next))
    #expect(state.screen.panel?.title == "Library (\(next.rawValue))")
    _ = state.reduce(.command(.dismiss))
    _ = state.reduce(.command(.library))
    _ = state.reduce(.libraryUnreadable(reason: "locked", sort: .recent))
    #expect(state.screen.panel == nil)
    #expect(
      state.screen.message == .init(text: "The library could not be read: locked", isError: true))

    var without = try ReducerFixtures.state(hasLibrary: false)
    #expect(without.reduce(.command(.library)).isEmpty)
    #expect(without.screen.message?.text == "There is no library: books open from files.")
  }

  @Test func aBookmarkIsWrittenAtThePositionAndShownOnItsPage() throws {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 2, page: 1)
    let anchor = try #require(state.position)
    #expect(state.reduce(.command(.toggleBookmark)) == [.write(.addBookmark(anchor))])
    #expect(
      state.reduce(.libraryWritten(.addBookmark(anchor), failure: nil))
        == [.readAnnotations(forPanel: false)])
    #expect(state.screen.message?.text == "Bookmarked.")
    let bookmark = Bookmark(id: 7, bookID: 1, locator: anchor, note: nil, createdAt: Date())
    _ = state.reduce(
      .annotationsRead(.init(bookmarks: [bookmark], highlights: []), forPanel: false))
    #expect(state.screen.status.isBookmarked)
    #expect(state.reduce(.command(.toggleBookmark)) == [.write(.removeBookmarks([7]))])

    var without = try ReducerFixtures.state(hasLibrary: false)
    #expect(without.reduce(.command(.toggleBookmark)).isEmpty)
    #expect(without.screen.message?.isError == true)
  }

  /// A note on a page is a note on its first sentence: saving it highlights the sentence
  /// with the note.
  @Test func aNoteTypedInItsPanelIsSavedOnThePagesFirstSentence() throws {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 2, page: 0)
    _ = state.reduce(.command(.addNote))
    #expect(state.screen.panel?.title == "New note")
    state.type(" Read again ")
    let effects = state.reduce(.key(KeyChord(.enter)))
    let side = try #require(state.sides.first)
    let sentence = try #require(
      Selection.firstSentence(
        ofPage: side.page.range, chapter: side.chapterIndex, in: state.boundaries))
    let target = PanelState.NoteTarget.passage(from: sentence.start, to: sentence.end)
    #expect(effects == [.write(.saveNote("Read again", target))])
    #expect(state.screen.panel == nil)
    _ = state.reduce(.libraryWritten(.saveNote("Read again", target), failure: "disk full"))
    #expect(state.screen.message == .init(text: "The note was not saved: disk full", isError: true))
  }

  @Test func aNoteReferenceOpensItsNoteAndAnExternalLinkAsksFirst() throws {
    var state = try ReducerFixtures.state()
    let reading = 1
    let text = try state.book.text(ofChapter: reading)
    let noteref = try #require(
      text.links(in: 0..<text.length).first {
        text.attributes(at: $0.range.lowerBound).isNoteReference
      }, "the handbook's reading chapter has a note reference")
    _ = try state.shows(chapter: reading, page: 0)
    let page = state.screen.sides.map(\.page)
    let effects = state.reduce(
      .command(.activate(chapter: reading, offset: noteref.range.lowerBound)))
    #expect(effects.isEmpty, "the popup does not move the reader")
    let popup = try #require(state.screen.panel)
    #expect(popup.kind == .footnote)
    #expect(popup.rows.map(\.text).joined().contains("UTF-16"))
    #expect(state.screen.sides.map(\.page) == page)
    _ = state.reduce(.command(.dismiss))

    let external = try #require(
      (0..<state.book.chapters.count).lazy.compactMap { chapter -> (Int, Int)? in
        guard let text = try? state.book.text(ofChapter: chapter),
          let link = text.links(in: 0..<text.length).first(where: {
            if case .external = $0.value { true } else { false }
          })
        else { return nil }
        return (chapter, link.range.lowerBound)
      }.first)
    #expect(state.reduce(.command(.activate(chapter: external.0, offset: external.1))).isEmpty)
    let asking = try #require(state.screen.panel)
    #expect(asking.kind == .confirmLink)
    let url = try #require(asking.rows.first?.text)
    #expect(state.reduce(.command(.choose)) == [.openURL(url)])
    _ = state.reduce(.urlOpened(url, failure: nil))
    #expect(state.screen.message?.text == "Opening \(url)")
    // With no opener installed the reader is told so, never "Opening".
    _ = state.reduce(.urlOpened(url, failure: ReaderController.noLinkOpener))
    let message = try #require(state.screen.message)
    #expect(message.isError && message.text.contains("xdg-open"), "\(message.text)")
    #expect(!message.text.contains("Opening"))
  }

  @Test func theLinkOpenerIsLookedForOnThePath() throws {
    let folder = try ScratchFolder.make("opener")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(ReaderController.linkOpener(path: folder + ":/nonexistent") == nil)
    let opener = folder + "/xdg-open"
    try "#!/bin/sh\n".write(toFile: opener, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)
    #expect(ReaderController.linkOpener(path: "/nonexistent:" + folder) == opener)
  }
}
