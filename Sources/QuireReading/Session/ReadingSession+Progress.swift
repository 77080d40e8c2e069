import QuireBook
import QuireTypesetting

extension ReadingSession {
  /// Where the reader is in the book.
  public var progress: ReadingProgress? {
    currentPage.map { progress(of: $0) }
  }

  /// Progress of `page` of the current chapter: exact page figures where chapters are
  /// paginated, otherwise characters ÷ the running average characters per page.
  func progress(of page: Page) -> ReadingProgress {
    let average = averageCharactersPerPage()
    var before = 0
    var after = 0
    var exact = true
    for index in readingOrder where index != chapter {
      let count = pageCount(of: index, average: average)
      exact = exact && count.exact
      if index < chapter { before += count.pages } else { after += count.pages }
    }
    let this = pageCount(of: chapter, average: average)
    let pagesInChapter = max(this.pages, page.index + 1)
    let number =
      readingOrder.firstIndex(of: chapter).map { $0 + 1 }
      ?? max(1, readingOrder.filter { $0 < chapter }.count)
    return ReadingProgress(
      chapterNumber: number, chapterCount: readingOrder.count,
      pageInChapter: page.index + 1, pagesInChapter: pagesInChapter,
      pageInBook: before + page.index + 1, pagesInBook: before + pagesInChapter + after,
      isExact: exact && this.exact,
      fraction: fraction(chapter: chapter, offset: page.range.lowerBound))
  }

  /// Page numbers for any position, with the figures known now (exact chapters from the
  /// cache and finished layouts, the rest from the running average).
  public var pageNumbering: PageNumbering {
    let average = averageCharactersPerPage()
    var breaks = knownBreaks
    var counts: [Int: Int] = [:]
    for (index, layout) in layouts where breaks[index] == nil {
      if let finished = layout.pageBreaks { breaks[index] = finished }
    }
    for index in readingOrder {
      counts[index] = breaks[index]?.count ?? pageCount(of: index, average: average).pages
    }
    return PageNumbering(
      readingOrder: readingOrder, breaks: breaks, pageCounts: counts,
      averageCharactersPerPage: average)
  }

  /// A chapter's page count: exact when known, else its length ÷ `average`.
  private func pageCount(of index: Int, average: Double) -> (pages: Int, exact: Bool) {
    if let breaks = knownBreaks[index] { return (breaks.count, true) }
    if let layout = layouts[index], let count = layout.pageCount { return (count, true) }
    var estimate = max(1, Int((Double(length(of: index)) / average).rounded(.up)))
    if let layout = layouts[index] {
      estimate = max(estimate, layout.basePage + layout.laidOutSample.pages)
    }
    return (estimate, false)
  }

  /// Characters per page over everything paginated so far (seed 002's running average),
  /// starting from a guess from the page and font size that counts as a few pages.
  ///
  /// The guess keeps the first figures sane: a reader who opens a book sees its title
  /// page or contents first, a short page that alone would halve the average and double
  /// every estimated page count. Once chapters are laid out, their pages outweigh it.
  func averageCharactersPerPage() -> Double {
    var characters = 0.0
    var pages = 0.0
    for (index, breaks) in knownBreaks {
      characters += Double(length(of: index))
      pages += Double(breaks.count)
    }
    for (index, layout) in layouts where knownBreaks[index] == nil && layout.basePage == 0 {
      let sample = layout.laidOutSample
      characters += Double(sample.characters)
      pages += Double(sample.pages)
    }
    let priorPages = 3.0
    return max(1, (characters + guessedCharactersPerPage * priorPages) / (pages + priorPages))
  }

  /// Characters a page holds by its text area and font size: Latin letters average half
  /// an em, ideographs a full em.
  var guessedCharactersPerPage: Double {
    let language = book.metadata.language?.lowercased() ?? ""
    let em = ["zh", "ja", "ko"].contains { language.hasPrefix($0) } ? 1.0 : 0.5
    let area = settings.container.contentRect
    let layout = settings.layoutSettings
    let perLine = area.width / (layout.fontSize * em)
    let lines = area.height / (layout.fontSize * layout.lineHeight)
    return max(1, perLine * lines)
  }

  /// A chapter's length: exact once its text was loaded, else the book's estimate.
  func length(of index: Int) -> Int {
    lengths[index] ?? book.chapters[index].estimatedLength
  }

  /// The reading order's length: exact once every chapter's text was loaded.
  var totalLength: Int {
    readingOrder.reduce(0) { $0 + length(of: $1) }
  }

  /// The fraction of the reading order's characters before `offset` of chapter `index`.
  func fraction(chapter index: Int, offset: Int) -> Double {
    var before = 0
    var total = 0
    for chapter in readingOrder {
      let length = length(of: chapter)
      if chapter < index { before += length }
      total += length
    }
    guard total > 0 else { return 0 }
    return min(1, max(0, Double(before + offset) / Double(total)))
  }

  /// The position of the character at `progression` (0…1) of the reading order's text.
  func locator(atProgression progression: Double) -> Locator {
    let total = readingOrder.reduce(0) { $0 + length(of: $1) }
    var target = Int((min(1, max(0, progression)) * Double(total)).rounded(.down))
    for index in readingOrder {
      let length = length(of: index)
      if target < length { return Locator(chapterIndex: index, offset: target) }
      target -= length
    }
    let last = readingOrder.last ?? 0
    return Locator(chapterIndex: last, offset: max(0, length(of: last) - 1))
  }
}
