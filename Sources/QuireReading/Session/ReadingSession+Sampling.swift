import QuireBook

/// A few pages of a chapter laid out only to learn how much a page holds.
struct PageSample: Hashable, Sendable {
  /// The chapter sampled, and where in it the sample starts.
  var chapter: Int
  var start: Int
  /// Where each page laid out starts, from the sample's start.
  var starts: [Int]
  /// Where the last page laid out ends, from the sample's start.
  var end: Int
  /// Whether the chapter ended within the sample.
  var complete: Bool
  /// Whether the sample starts at the chapter's start, so its first page is an opening.
  var opening: Bool
}

extension ReadingSession {
  /// Pages laid out for samples while the book opens, before its first progress is shown.
  static let pagesSampledAtOpening = 12
  /// Samples in all, taken in the background until the exact pass counts.
  static let samplesTaken = 24
  /// Pages laid out for each sample.
  static let pagesPerSample = 3

  /// Lays out samples until `pages` pages are sampled or nothing is left to sample; a
  /// book whose only chapters are the ones around the reader lays out pages ahead there.
  func sample(pages: Int) {
    guard !storedPagination else { return }
    let before = meter.counts.ahead
    while meter.counts.ahead - before < pages || sampling != nil, sampleStep() {}
    layOutAhead(pages: pages - (meter.counts.ahead - before))
  }

  /// Lays out up to `pages` pages after the one shown, in its chapter: what sampling
  /// does when a book has nothing else left to sample.
  private func layOutAhead(pages left: Int) {
    guard left > 0, let page = currentPage, let layout = layouts[chapter] else { return }
    for index in (page.index + 1)...(page.index + left) where !layout.isReady(page: index) {
      guard layout.layoutNextPage() else { break }
    }
  }

  /// One page of the opening samples, when they are taken after the first page was shown
  /// (`Options.estimatesBeforeFirstPage` off); false when none are left to take.
  ///
  /// The same pages as `sample(pages: pagesSampledAtOpening)` lays out at once; when the
  /// last is done the progress stops being pending and `Event.pageCountEstimated` is sent.
  func openingSampleStep() -> Bool {
    guard let goal = openingSamplesGoal else { return false }
    if !storedPagination, meter.counts.ahead < goal || sampling != nil, sampleStep() {
      return true
    }
    if !storedPagination { layOutAhead(pages: goal - meter.counts.ahead) }
    openingSamplesGoal = nil
    publishFigures()
    eventSink.yield(.pageCountEstimated)
    return true
  }

  /// Takes what is left of the opening samples now (a session opened with
  /// `estimatesBeforeFirstPage` off), so that the page count is estimated.
  public func takeOpeningSamples() {
    meter.during(.ahead) {
      while openingSampleStep() {}
    }
  }

  /// One page of sampling; false when there is nothing left to sample.
  ///
  /// Samples are taken at ½, ¼, ¾, ⅛, ⅝… of the book's text (the van der Corput
  /// sequence), so any number of them is spread over the whole book and front matter
  /// weighs no more than its share. A sample starts at the first paragraph at or after
  /// its place, or at its chapter's start when that is near; a chapter that ends within a
  /// sample from its start is paginated exactly, and its breaks are kept.
  func sampleStep() -> Bool {
    if sampling == nil {
      guard let (next, target) = nextPlaceToSample() else { return false }
      startSample(of: next, at: target)
    }
    guard let layout = sampling else { return false }
    layout.layoutNextPage()
    let laidOut = layout.laidOutStarts ?? ([], 0)
    guard layout.isComplete || laidOut.starts.count >= Self.pagesPerSample else { return true }
    samples.append(
      PageSample(
        chapter: layout.chapter, start: samplingStart, starts: laidOut.starts, end: laidOut.end,
        complete: layout.isComplete, opening: samplingStart == 0))
    if samplingStart == 0 { noteBreaks(of: layout) }
    sampling = nil
    book.evictChapterTexts(keeping: Set(layouts.keys))
    return true
  }

  /// Starts a sample of chapter `index` at the first paragraph at or after `target`, or
  /// at the chapter's start when `target` is within its first pages.
  private func startSample(of index: Int, at target: Int) {
    let text = (try? book.text(ofChapter: index)) ?? .empty
    lengths[index] = text.length
    let near = Double(target) < pageEstimator().density.charactersPerPage * 2
    let start =
      near ? 0 : text.paragraphs.first { $0.range.lowerBound >= target }?.range.lowerBound ?? 0
    sampling = ChapterLayout(
      chapter: index, text: text.suffix(from: start), settings: settings,
      language: book.metadata.language, source: glyphSource, cachedBreaks: nil, meter: meter)
    samplingStart = start
  }

  /// The next chapter to sample and the offset in it, or nil when enough are sampled or
  /// every chapter is known.
  private func nextPlaceToSample() -> (chapter: Int, offset: Int)? {
    guard samples.count < Self.samplesTaken else { return nil }
    let estimator = pageEstimator()
    let page = estimator.density.charactersPerPage
    var starts: [Double] = []
    var total = 0.0
    for index in readingOrder {
      starts.append(total)
      total += estimatedLength(of: index, estimator)
    }
    guard total > 0 else { return nil }
    for step in 1...(Self.samplesTaken * 8) {
      let target = Self.vanDerCorput(step) * total
      let place = (starts.lastIndex { $0 <= target }) ?? 0
      let index = readingOrder[place]
      let offset = target - starts[place]
      guard knownBreaks[index] == nil else { continue }
      // A chapter around the reader is sampled only past the pages laid out there (a
      // book of one chapter is sampled along it).
      if let layout = layouts[index] {
        let end = layout.laidOutEnd.offset
        guard offset > Double(end) + page * Double(Self.pagesPerSample) else { continue }
      }
      // Samples of one chapter at least a few pages apart (a book of one long chapter
      // is sampled all along it).
      let taken = samples.contains {
        $0.chapter == index && abs(Double($0.start) - offset) < page * Double(Self.pagesPerSample)
      }
      if !taken { return (index, Int(offset)) }
    }
    return nil
  }

  /// When nothing is left to sample: one chapter's text loaded for its length, so that
  /// an EPUB's estimates stand on its real lengths rather than its files' sizes, and a
  /// chapter of a few pages laid out whole (its count is then exact: a short chapter of
  /// pictures or code holds far fewer characters than a page of prose). False when every
  /// chapter is done.
  func measureStep() -> Bool {
    guard !storedPagination, sampling == nil else { return false }
    let estimator = pageEstimator()
    for index in readingOrder where knownBreaks[index] == nil && layouts[index] == nil {
      let measured = lengths[index] == nil
      if measured {
        let text = (try? book.text(ofChapter: index)) ?? .empty
        lengths[index] = text.length
      }
      let short =
        estimator.density.pages(forLength: Double(lengths[index] ?? 0))
        <= Double(Self.pagesPerSample)
      if short, !samples.contains(where: { $0.chapter == index && $0.opening }) {
        startSample(of: index, at: 0)
        return true
      }
      if measured {
        book.evictChapterTexts(keeping: Set(layouts.keys))
        return true
      }
    }
    return false
  }

  /// The `n`-th term of the base-2 van der Corput sequence: ½, ¼, ¾, ⅛, ⅝, ⅜, ⅞…
  static func vanDerCorput(_ n: Int) -> Double {
    var n = n
    var value = 0.0
    var denominator = 1.0
    while n > 0 {
      denominator *= 2
      value += Double(n & 1) / denominator
      n >>= 1
    }
    return value
  }
}
