import QuireBook
import QuireTypesetting

extension ReadingSession {
  /// Where the reader is in the book.
  public var progress: ReadingProgress? {
    currentPage.map { progress(of: $0) }
  }

  /// Progress of `page` of the current chapter: exact page figures where chapters are
  /// paginated, otherwise estimated from what the pages laid out so far hold.
  func progress(of page: Page) -> ReadingProgress {
    let estimator = pageEstimator()
    var before = 0
    var after = 0
    var exact = true
    for index in readingOrder where index != chapter {
      let count = pageCount(of: index, estimator)
      exact = exact && count.exact
      if index < chapter { before += count.pages } else { after += count.pages }
    }
    let this = pageCount(of: chapter, estimator)
    let pagesInChapter = max(this.pages, page.index + 1)
    let number =
      readingOrder.firstIndex(of: chapter).map { $0 + 1 }
      ?? max(1, readingOrder.filter { $0 < chapter }.count)
    // The book's last page is all of it: "N of N · 100 %", whatever the estimates of the
    // chapters before say.
    let isLast = chapter == readingOrder.last && page.range.upperBound >= length(of: chapter)
    let pagesInBook = before + pagesInChapter + after
    var progress = ReadingProgress(
      chapterNumber: number, chapterCount: readingOrder.count,
      pageInChapter: isLast ? pagesInChapter : page.index + 1, pagesInChapter: pagesInChapter,
      pageInBook: isLast ? pagesInBook : before + page.index + 1, pagesInBook: pagesInBook,
      isExact: exact && this.exact,
      fraction: isLast ? 1 : fraction(chapter: chapter, offset: page.range.lowerBound))
    progress.isPageCountPending = openingSamplesGoal != nil
    return progress
  }

  /// Page numbers for any position, with the figures known now (exact chapters from the
  /// cache and finished layouts, the rest estimated).
  public var pageNumbering: PageNumbering {
    let estimator = pageEstimator()
    var breaks = knownBreaks
    var counts: [Int: Int] = [:]
    for (index, layout) in layouts where breaks[index] == nil {
      if let finished = layout.pageBreaks { breaks[index] = finished }
    }
    for index in readingOrder {
      counts[index] = breaks[index]?.count ?? pageCount(of: index, estimator).pages
    }
    return PageNumbering(
      readingOrder: readingOrder, breaks: breaks, pageCounts: counts,
      density: estimator.density)
  }

  /// Full pages among the samples above which the pages around the reader are left out
  /// of estimates.
  static let fullPagesEnoughToEstimate = 4

  /// What estimates are made from: the density of the pages laid out so far, and how the
  /// lengths of chapters whose text was loaded compare with their estimates (an EPUB's
  /// are guessed from the size of its XHTML).
  struct PageEstimator {
    var density: PageDensity
    var lengthRatio: Double
  }

  func pageEstimator() -> PageEstimator {
    // The samples are taken across the whole book, so they speak for the chapters not
    // laid out; the chapters around the reader (front matter, a contents list) do not,
    // and count only while the samples are too few (a book of one or two chapters).
    var density = PageDensity(guess: guessedCharactersPerPage)
    for sample in samples {
      density.add(
        pageStarts: sample.starts, end: sample.end, complete: sample.complete,
        opening: sample.opening)
    }
    if density.fullPages < Self.fullPagesEnoughToEstimate {
      let sampled = Set(samples.map(\.chapter))
      for (index, breaks) in knownBreaks where !sampled.contains(index) {
        density.add(pageStarts: breaks, end: length(of: index), complete: true)
      }
      for (index, layout) in layouts where knownBreaks[index] == nil && !sampled.contains(index) {
        if let laidOut = layout.laidOutStarts {
          density.add(pageStarts: laidOut.starts, end: laidOut.end, complete: layout.isComplete)
        }
      }
    }
    var loaded = 0
    var estimated = 0
    for (index, length) in lengths {
      loaded += length
      estimated += book.chapters[index].estimatedLength
    }
    let ratio = loaded > 0 && estimated > 0 ? Double(loaded) / Double(estimated) : 1
    return PageEstimator(density: density, lengthRatio: ratio)
  }

  /// A chapter's page count: exact when known; else the pages laid out or sampled so far
  /// and what its remaining text is expected to fill.
  private func pageCount(of index: Int, _ estimator: PageEstimator) -> (pages: Int, exact: Bool) {
    if let breaks = knownBreaks[index] { return (breaks.count, true) }
    if let layout = layouts[index], let count = layout.pageCount { return (count, true) }
    let length = estimatedLength(of: index, estimator)
    let density = estimator.density
    var laidOut: (pages: Int, offset: Int)? = layouts[index]?.laidOutEnd
    if laidOut == nil || laidOut?.pages == 0,
      let sample = samples.first(where: { $0.chapter == index && $0.opening })
    {
      laidOut = (sample.starts.count, sample.end)
    }
    guard let laidOut, laidOut.pages > 0 else {
      return (max(1, Int(density.pages(forLength: length))), false)
    }
    // In the chapter being read, stretches sampled further on count as the pages they
    // filled; only the text between them is estimated (a book of one chapter, such as a
    // long poem, is mostly sampled before its first page is shown).
    var rest = max(0, length - Double(laidOut.offset))
    var sampled = 0
    var covered = laidOut.offset
    // Looked for only in a chapter with a layout: this runs for every chapter at every turn.
    let further =
      layouts[index] == nil
      ? [] : samples.filter { $0.chapter == index && !$0.opening }.sorted { $0.start < $1.start }
    for sample in further where sample.start >= covered {
      sampled += sample.starts.count
      rest -= Double(sample.end)
      covered = sample.start + sample.end
    }
    // The sampled pages are full ones; the text around them is what a last page holds
    // only partly, so the estimate is rounded up once.
    let more = Int((Double(sampled) + max(0, rest) / density.charactersPerPage).rounded(.up))
    return (laidOut.pages + more, false)
  }

  /// A chapter's length: exact once its text was loaded, else its estimate corrected by
  /// how the loaded chapters' lengths compared with theirs.
  func estimatedLength(of index: Int, _ estimator: PageEstimator) -> Double {
    lengths[index].map(Double.init)
      ?? Double(book.chapters[index].estimatedLength) * estimator.lengthRatio
  }

  /// Characters a page holds by its text area and font size, before any page is laid
  /// out: Latin letters average half an em, ideographs a full em.
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
