import QuireBook
import QuireReading

extension ReaderController {
  /// The status line for the page shown.
  func statusLine() async -> StatusLine {
    let current = await session.current
    let estimate = await session.timeEstimate()
    let chapterIndex = current?.chapterIndex ?? 0
    let progress = current?.progress
    return StatusLine(
      chapter: chapterTitle(at: current?.locator ?? Locator(chapterIndex: chapterIndex)),
      page: max(1, progress?.pageInBook ?? 1),
      pageCount: max(1, progress?.pagesInBook ?? 1), isExact: progress?.isExact ?? false,
      fraction: progress?.fraction ?? 0, chapterTimeLeft: estimate?.chapterTimeLeft,
      bookTimeLeft: estimate?.bookTimeLeft, isBookmarked: !bookmarksShown().isEmpty,
      items: configuration.preferences.hudItems,
      isCountPending: progress?.isPageCountPending ?? false)
  }

  /// The title of the contents entry the position is in (a part inside a chapter
  /// included), else the chapter's.
  func chapterTitle(at locator: Locator) -> String {
    var best: PanelState.ContentsEntry?
    for entry in contents
    where entry.locator.chapterIndex == locator.chapterIndex
      && entry.locator.offset <= locator.offset
      && entry.locator.offset >= (best?.locator.offset ?? 0)
    {
      best = entry
    }
    return best?.title ?? Self.oneLine(book.chapters[locator.chapterIndex].title)
  }
}
