package import QuireBook
import QuireReading
import QuireRendering

extension ReaderState {
  /// What to draw: a pure function of the state.
  package var screen: ReaderScreen {
    let status = statusLine
    let author = book.metadata.authors.first.map { " — \($0)" } ?? ""
    return ReaderScreen(
      book: book, bookTitle: book.metadata.title + author, chapterTitle: status.chapter,
      sides: sides, status: status, showsStatus: preferences.statusLine,
      panel: panel.map(makePanel), message: message ?? selectionHint, theme: theme,
      turnMode: TurnMode(rawValue: preferences.turnMode) ?? .curl, isFinished: isFinished,
      tooSmall: layout.tooSmall, ambiguousWide: preferences.ambiguousWide, copy: selecting.copy,
      readAloud: listening.readAloud.phase, turnsOnItsOwn: listening.turnsOnItsOwn,
      hasSelection: selecting.selection != nil, chosenHighlight: chosenHighlight)
  }

  /// While text is selected and nothing else is said: what the keys do with it.
  var selectionHint: ScreenMessage? {
    guard selecting.selection != nil, panel == nil else { return nil }
    return ScreenMessage(
      text: "Selecting: w b ( ) { } j k move · y copy · H highlight · a note · d look up · Esc",
      isError: false)
  }

  /// The status line for the page shown.
  var statusLine: StatusLine {
    StatusLine(
      chapter: chapterTitle(at: anchor),
      page: max(1, progress?.pageInBook ?? 1), pageCount: max(1, progress?.pagesInBook ?? 1),
      isExact: progress?.isExact ?? false, fraction: progress?.fraction ?? 0,
      chapterTimeLeft: timeEstimate?.chapterTimeLeft, bookTimeLeft: timeEstimate?.bookTimeLeft,
      isBookmarked: !bookmarksShown().isEmpty, items: preferences.hudItems,
      isCountPending: progress?.isPageCountPending ?? false, listening: listeningText)
  }

  /// The title of the contents entry the position is in (a part inside a chapter
  /// included), else the chapter's.
  package func chapterTitle(at locator: Locator) -> String {
    var best: PanelState.ContentsEntry?
    for entry in contents
    where entry.locator.chapterIndex == locator.chapterIndex
      && entry.locator.offset <= locator.offset
      && entry.locator.offset >= (best?.locator.offset ?? 0)
    {
      best = entry
    }
    guard book.chapters.indices.contains(locator.chapterIndex) else { return "" }
    return best?.title ?? Self.oneLine(book.chapters[locator.chapterIndex].title)
  }
}
