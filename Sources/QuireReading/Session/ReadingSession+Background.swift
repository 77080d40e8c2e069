import QuireBook
import QuireTypesetting

extension ReadingSession {
  /// Restarts the work ahead for the page now shown (unless it is paused).
  func scheduleBackground() {
    background?.cancel()
    background = nil
    generation += 1
    guard !workAheadPaused else { return }
    guard options.prefetch || options.exactPagination || openingSamplesGoal != nil else { return }
    let generation = self.generation
    background = Task(priority: .utility) { [weak self] in
      await self?.runBackground(generation: generation)
    }
  }

  /// Stops the work ahead after the page in progress, until `resumeWorkAhead()`: a
  /// window turning a page wants every core for its frames. Every step of the work is
  /// kept (layouts, samples, counts), so resuming goes on where it stopped.
  public func pauseWorkAhead() {
    workAheadPaused = true
    cancelExactPass()
    background?.cancel()
    background = nil
    generation += 1
  }

  /// Starts the work ahead again after `pauseWorkAhead()`.
  public func resumeWorkAhead() {
    guard workAheadPaused else { return }
    workAheadPaused = false
    scheduleBackground()
  }

  /// Lays out one page at a time until nothing is left, yielding between pages so the
  /// reader's requests (which run on the same actor) wait at most one page.
  private func runBackground(generation: Int) async {
    while !Task.isCancelled, generation == self.generation, backgroundStep() {
      publishFigures(now: false)
      await Task.yield()
    }
    publishFigures()
  }

  /// One page of work ahead; false when nothing is left.
  func backgroundStep() -> Bool {
    guard let page = currentPage else { return false }
    // The page count first: the page is shown, its figures wait for these samples.
    if meter.during(.ahead, { openingSampleStep() }) { return true }
    if options.prefetch,
      meter.during(.ahead, { prefetchStep(page) || sampleStep() || measureStep() })
    {
      return true
    }
    return options.exactPagination && meter.during(.counting) { countingStep() }
  }

  /// Prepares, in order: the next page, the previous page, the next chapter's first
  /// page, the previous chapter's last page, then the rest of the current chapter.
  private func prefetchStep(_ page: Page) -> Bool {
    let current = layout(for: chapter, page: page.index)
    if !current.isReady(page: page.index + 1) { return current.layoutNextPage() }
    if page.index > 0, !current.covers(page: page.index - 1) {
      // Resumed at a cached break after the previous page: build a layout from earlier.
      if pending?.chapter != chapter {
        pending = ChapterLayout(
          chapter: chapter, text: (try? book.text(ofChapter: chapter)) ?? .empty,
          settings: settings, language: book.metadata.language, source: glyphSource,
          cachedBreaks: cachedBreaks[chapter],
          resumePage: page.index - 1, meter: meter)
      }
      if let pending, !pending.isReady(page: page.index + 1) { return pending.layoutNextPage() }
      layouts[chapter] = pending
      pending = nil
      return true
    }
    if let next = chapter(after: chapter) {
      let layout = self.layout(for: next, page: 0)
      if !layout.isReady(page: 0) { return layout.layoutNextPage() }
    }
    if let previous = chapter(before: chapter) {
      let layout = self.layout(for: previous, page: lastCachedPage(of: previous))
      let ready = layout.pageCount.map { layout.isReady(page: $0 - 1) } ?? false
      if !ready { return layout.layoutNextPage() }
    }
    if current.pageCount == nil {
      let advanced = current.layoutNextPage()
      noteBreaks(of: current)
      return advanced
    }
    return false
  }

  /// Paginates the chapters whose page breaks are unknown: the far ones on every core
  /// (`runExactPass`), those the session keeps laid out around the reader here, a page a
  /// step. Stores the whole book's breaks in the library when the last one is known.
  private func countingStep() -> Bool {
    for layout in layouts.values { noteBreaks(of: layout) }
    let unknown = readingOrder.filter { knownBreaks[$0] == nil }
    guard let missing = unknown.first else {
      storePaginationIfComplete()
      return false
    }
    let workers = runExactPass()
    if let layout = unknown.lazy.compactMap({ self.layouts[$0] }).first {
      layout.layoutNextPage()
      noteBreaks(of: layout)
      return true
    }
    // The workers' page breaks come in as they finish each chapter.
    if workers { return false }
    if counting?.chapter != missing {
      let text = (try? book.text(ofChapter: missing)) ?? .empty
      lengths[missing] = text.length
      counting = ChapterLayout(
        chapter: missing, text: text, settings: settings, language: book.metadata.language,
        source: glyphSource,
        cachedBreaks: nil,
        meter: meter)
    }
    guard let counting, !counting.layoutNextPage() else { return true }
    noteBreaks(of: counting)
    self.counting = nil
    book.evictChapterTexts(keeping: Set(layouts.keys))
    return true
  }

  /// Stores the page breaks in the library once every chapter of the reading order is
  /// known, and says that page numbers are now exact.
  func storePaginationIfComplete() {
    guard !storedPagination, readingOrder.allSatisfy({ knownBreaks[$0] != nil }) else { return }
    storedPagination = true
    publishFigures()
    eventSink.yield(.paginationExact)
    guard let library else { return }
    do {
      try library.storePageBreaks(knownBreaks, for: paginationKey, at: clock())
    } catch {
      lastSaveError = error
    }
  }
}
