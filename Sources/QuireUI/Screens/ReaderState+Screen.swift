package import QuireBook
import QuireReading
import QuireRendering

extension ReaderState {
  /// What to draw: a pure function of the state.
  package var screen: ReaderScreen {
    let status = statusLine
    let author = book.metadata.authors.first.map { " — \($0)" } ?? ""
    var screen = ReaderScreen(
      book: book, bookTitle: book.metadata.title + author, chapterTitle: status.chapter,
      sides: sides, status: status, showsStatus: preferences.statusLine,
      panel: panel.map(makePanel), message: message ?? selectionHint, theme: theme,
      turnMode: TurnMode(rawValue: preferences.turnMode) ?? .curl, isFinished: isFinished,
      tooSmall: layout.tooSmall, ambiguousWide: preferences.ambiguousWide, copy: selecting.copy,
      readAloud: listening.readAloud.phase, turnsOnItsOwn: listening.turnsOnItsOwn,
      hasSelection: selecting.selection != nil, chosenHighlight: chosenHighlight)
    screen.terminalBidi = preferences.terminalBidi
    return screen
  }

  /// While text is selected and nothing else is said: what the keys do with it.
  var selectionHint: ScreenMessage? {
    guard selecting.selection != nil, panel == nil else { return nil }
    return ScreenMessage(
      text: "Selecting: w b ( ) { } j k move · y copy · H highlight · a note · d look up · Esc",
      isError: false)
  }

  /// The status line for the page shown: its chapter is the contents entry the reading
  /// position (the first character shown) is in, as bookmarks and `quire progress` name
  /// a position; the running heads name what each page reaches.
  var statusLine: StatusLine {
    let pageCount = max(1, progress?.pagesInBook ?? 1)
    return StatusLine(
      chapter: chapterTitle(
        at: sides.first.map {
          Locator(chapterIndex: $0.chapterIndex, offset: $0.page.range.lowerBound)
        } ?? anchor),
      page: showsLastPage ? pageCount : max(1, progress?.pageInBook ?? 1), pageCount: pageCount,
      isExact: progress?.isExact ?? false,
      fraction: showsLastPage ? 1 : progress?.fraction ?? 0,
      chapterTimeLeft: timeEstimate?.chapterTimeLeft, bookTimeLeft: timeEstimate?.bookTimeLeft,
      isBookmarked: !bookmarksShown().isEmpty, items: preferences.hudItems,
      isCountPending: progress?.isPageCountPending ?? false, listening: listeningText)
  }

  /// Whether the book's last page is shown (on the right of a spread too): the status
  /// line then says "N of N · 100%".
  var showsLastPage: Bool {
    guard let last = sides.last else { return false }
    let order = book.readingOrder.isEmpty ? Array(book.chapters.indices) : book.readingOrder
    return last.chapterIndex == order.last && last.page.range.upperBound >= last.text.length
  }

  /// The name of the contents entry the position is in: the deepest at or before it
  /// (`ContentsNames`), "Front matter" before the first.
  package func chapterTitle(at locator: Locator) -> String {
    names.name(at: locator)
  }
}
