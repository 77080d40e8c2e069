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
      items: configuration.preferences.hudItems)
  }

  /// The title of the contents entry the position is in (a part inside a chapter
  /// included), else the chapter's.
  func chapterTitle(at locator: Locator) -> String {
    var best: (title: String, offset: Int)?
    for (entry, _) in book.toc.flatMap({ $0.flattened() }) {
      guard let target = book.locator(for: entry), target.chapterIndex == locator.chapterIndex,
        target.offset <= locator.offset
      else { continue }
      if best == nil || target.offset >= best!.offset { best = (entry.title, target.offset) }
    }
    let title = best?.title ?? book.chapters[locator.chapterIndex].title
    return Self.oneLine(title)
  }
}
