import Foundation
import QuireBook
import QuireTypesetting

extension ReadingSession {
  /// Makes `page` of chapter `index` the one shown: records how the reader left the last
  /// page, keeps only the neighbouring chapters' layouts, saves the position and starts
  /// the work ahead.
  ///
  /// - Parameters:
  ///   - anchor: the position to keep; nil keeps the page's first character.
  ///   - records: whether the page left is a view of its own (not while a spread turns:
  ///     `turn(forward:pages:)` records the spread as one).
  func display(
    chapter index: Int, page: Page, exit: PageViewRecord.Exit, anchor: Locator? = nil,
    records: Bool = true
  ) -> ShownPage {
    let now = clock()
    if let previous = currentPage, records {
      recordView(
        PageViewRecord(
          start: takeViewStart(at: now), end: now, characters: previous.range.count, exit: exit),
        turned: exit == .forward || exit == .backward, at: now)
    }
    viewStart = now
    chapter = index
    currentPage = page
    self.anchor = anchor ?? makeLocator(chapter: index, offset: page.range.lowerBound)
    trimLayouts()
    save(at: now)
    let shown = shownPage(page)
    publishFigures()
    eventSink.yield(.shown(shown))
    scheduleBackground()
    return shown
  }

  /// The shown-page value of `page` in the current chapter.
  func shownPage(_ page: Page) -> ShownPage {
    ShownPage(chapterIndex: chapter, page: page, locator: anchor, progress: progress(of: page))
  }

  /// A locator with the progression and the snippets that let it be re-found later.
  func makeLocator(chapter index: Int, offset: Int) -> Locator {
    let text = (try? book.text(ofChapter: index)) ?? .empty
    lengths[index] = text.length
    let before = text.substring(max(0, offset - 32)..<offset)
    let after = text.substring(offset..<(offset + 32))
    return Locator(
      chapterIndex: index, offset: offset,
      totalProgression: fraction(chapter: index, offset: offset),
      textBefore: before.isEmpty ? nil : before, textAfter: after.isEmpty ? nil : after)
  }

  /// Keeps the layouts of the previous, current and next chapters and drops the rest,
  /// with their texts, so memory stays bounded on long books.
  func trimLayouts() {
    var keep: Set<Int> = [chapter]
    if let next = chapter(after: chapter) { keep.insert(next) }
    if let previous = chapter(before: chapter) { keep.insert(previous) }
    for (index, layout) in layouts where !keep.contains(index) {
      noteBreaks(of: layout)
      layouts[index] = nil
    }
    if let pending, pending.chapter != chapter { self.pending = nil }
    if let counting { keep.insert(counting.chapter) }
    book.evictChapterTexts(keeping: keep)
  }

  /// Records a finished layout's page breaks as known.
  func noteBreaks(of layout: ChapterLayout) {
    guard knownBreaks[layout.chapter] == nil, let breaks = layout.pageBreaks else { return }
    knownBreaks[layout.chapter] = breaks
  }

  /// Saves the position: one upsert, so a kill loses at most this update.
  func save(at date: Date) {
    guard options.records, let library, let bookID else { return }
    do {
      try library.savePosition(anchor, forBook: bookID, at: date, bookCharacters: totalLength)
    } catch {
      lastSaveError = error
    }
  }
}
