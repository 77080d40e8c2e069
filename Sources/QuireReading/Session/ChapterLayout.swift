import QuireBook
import QuireTypesetting

/// One chapter's pages under one setting, laid out lazily.
///
/// Either a paginator from the chapter's start or, when the library's cache knows the
/// chapter's page breaks, a paginator resumed at a cached break that starts a paragraph:
/// page k is then laid out without laying out pages 0..<k (a page that starts a paragraph
/// starts fresh at the top, so the pages from there on are the same as a full pass's).
/// Pages are handed out in chapter coordinates whichever way it was built.
final class ChapterLayout {
  let chapter: Int
  /// Length of the chapter's text in UTF-16 units.
  let length: Int
  /// The chapter's page starts from the pagination cache, when it had them.
  let cachedBreaks: [Int]?
  /// The chapter page index of the paginator's first page.
  private(set) var basePage: Int
  /// The chapter offset where the paginator's text starts.
  private(set) var baseOffset: Int
  private var paginator: Paginator
  private let meter: LayoutMeter
  private let text: StyledText
  private let settings: ReadingSettings
  private let source: any GlyphSource
  /// The book's language, for the typesetter's settings.
  private let language: String?

  /// Lays out `text` (chapter `chapter`), resumed at the latest cached break at or before
  /// page `resumePage` that starts a paragraph, or from the start without a cache.
  init(
    chapter: Int, text: StyledText, settings: ReadingSettings, language: String?,
    source: any GlyphSource, cachedBreaks: [Int]?, resumePage: Int = 0,
    meter: LayoutMeter
  ) {
    self.chapter = chapter
    self.language = language
    self.meter = meter
    self.text = text
    self.settings = settings
    self.source = source
    length = text.length
    let breaks = cachedBreaks.flatMap { Self.validated($0, length: text.length) }
    self.cachedBreaks = breaks
    let base = breaks.map { Self.resumePoint($0, before: resumePage, in: text) } ?? 0
    basePage = base
    baseOffset = breaks?[base] ?? 0
    paginator = settings.paginator(
      text: text.suffix(from: baseOffset), language: language, source: source)
  }

  /// Whether the layout can hand out chapter page `index` (it starts at `basePage`).
  func covers(page index: Int) -> Bool { index >= basePage }

  /// Whether the layout can find the page holding chapter offset `offset`.
  func covers(offset: Int) -> Bool { offset >= baseOffset }

  /// Whether page `index` can be handed out without laying anything out.
  func isReady(page index: Int) -> Bool {
    covers(page: index)
      && (index - basePage < paginator.laidOutPages.count || paginator.isComplete)
  }

  /// Chapter page `index`, laying out as far as needed; nil past the end or before `basePage`.
  func page(at index: Int) -> Page? {
    guard covers(page: index) else { return nil }
    let page = metered { paginator.page(at: index - basePage) }?.shifted(
      pages: basePage, offset: baseOffset)
    if basePage > 0, let breaks = cachedBreaks, index < breaks.count,
      page?.range.lowerBound != breaks[index]
    {
      // The resumed layout does not reproduce the cached pages (a break the full pass
      // made for a reason that started before the resume point): lay out from the start.
      restartFromChapterStart()
      return self.page(at: index)
    }
    return page
  }

  /// Replaces a resumed paginator by one from the chapter's start.
  private func restartFromChapterStart() {
    basePage = 0
    baseOffset = 0
    paginator = settings.paginator(text: text, language: language, source: source)
  }

  /// The page showing chapter offset `offset` (the last page past the end).
  func page(containing offset: Int) -> Page? {
    if let breaks = cachedBreaks {
      // The cache says which page it is: lay out only up to it.
      return page(at: Self.index(of: offset, in: breaks))
    }
    guard covers(offset: offset) else { return nil }
    return metered { paginator.page(containing: max(0, offset - baseOffset)) }?.shifted(
      pages: basePage, offset: baseOffset)
  }

  /// The chapter's last page, laying out the rest of the chapter if the cache cannot say.
  func lastPage() -> Page? {
    if let breaks = cachedBreaks { return page(at: breaks.count - 1) }
    _ = metered { paginator.paginateAll() }
    return paginator.laidOutPages.last?.shifted(pages: basePage, offset: baseOffset)
  }

  /// Lays out one more page; false when the chapter is complete.
  @discardableResult
  func layoutNextPage() -> Bool {
    guard !paginator.isComplete else { return false }
    _ = page(at: basePage + paginator.laidOutPages.count)
    return true
  }

  var isComplete: Bool { paginator.isComplete }

  /// The exact page count, when the cache or a finished layout knows it.
  var pageCount: Int? {
    cachedBreaks?.count ?? (paginator.isComplete ? basePage + paginator.laidOutPages.count : nil)
  }

  /// Every page start of the chapter, when known exactly.
  var pageBreaks: [Int]? {
    if let cachedBreaks { return cachedBreaks }
    guard paginator.isComplete, basePage == 0 else { return nil }
    return paginator.laidOutPages.map(\.range.lowerBound)
  }

  /// The starts of the pages laid out so far and the end of the last, when laid out from
  /// the chapter's start: what `PageDensity` learns from.
  var laidOutStarts: (starts: [Int], end: Int)? {
    guard basePage == 0 else { return nil }
    let pages = paginator.laidOutPages
    return (pages.map(\.range.lowerBound), pages.last.map { $0.range.upperBound } ?? 0)
  }

  /// Pages laid out so far (from `basePage` on) and the offset where they end.
  var laidOutEnd: (pages: Int, offset: Int) {
    let pages = paginator.laidOutPages
    return (
      basePage + pages.count, pages.last.map { baseOffset + $0.range.upperBound } ?? baseOffset
    )
  }

  /// Runs paginator work and counts the pages it laid out.
  private func metered<T>(_ work: () -> T) -> T {
    let before = paginator.laidOutPages.count
    let result = work()
    meter.record(paginator.laidOutPages.count - before)
    return result
  }

  /// The index of the page whose range holds `offset`, given the page starts.
  static func index(of offset: Int, in breaks: [Int]) -> Int {
    var low = 0
    var high = breaks.count
    while low < high {
      let middle = (low + high) / 2
      if breaks[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    return max(0, low - 1)
  }

  /// The latest page at or before `page` whose start is a paragraph start not kept with
  /// the paragraph before it: where a fresh paginator reproduces a full pass.
  private static func resumePoint(_ breaks: [Int], before page: Int, in text: StyledText) -> Int {
    let paragraphs = text.paragraphs
    var candidate = min(page, breaks.count - 1)
    while candidate > 0 {
      let offset = breaks[candidate]
      var low = 0
      var high = paragraphs.count
      while low < high {
        let middle = (low + high) / 2
        if paragraphs[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
      }
      if low < paragraphs.count, paragraphs[low].range.lowerBound == offset, low > 0,
        !paragraphs[low - 1].value.keepWithNext
      {
        return candidate
      }
      candidate -= 1
    }
    return 0
  }

  /// Cached breaks that fit the text (start at 0, increase, stay inside); nil otherwise.
  private static func validated(_ breaks: [Int], length: Int) -> [Int]? {
    guard breaks.first == 0 else { return nil }
    for index in breaks.indices.dropFirst()
    where breaks[index] <= breaks[index - 1] || breaks[index] >= max(length, 1) {
      return nil
    }
    return breaks
  }
}
