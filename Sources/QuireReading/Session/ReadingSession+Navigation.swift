public import QuireBook

extension ReadingSession {
  /// Turns to the next page, entering the next chapter's first page after a chapter's
  /// last; nil at the end of the book (the page stays). A page turned by itself (speech,
  /// auto turn) with nobody there is not `countingAsRead`: its time is not reading.
  public func next(countingAsRead: Bool = true) -> ShownPage? {
    step(forward: true, records: true, exit: countingAsRead ? .forward : .other)
  }

  /// Turns to the previous page, entering the previous chapter's last page before a
  /// chapter's first; nil at the start of the book.
  public func previous() -> ShownPage? {
    step(forward: false, records: true)
  }

  /// Turns `pages` pages forward or back at once, as a spread of facing pages turns: the
  /// pages shown are one view for reading speed and statistics (their characters read in
  /// the time the spread was there), not a view of the first and a flip past the second.
  /// Nil when not even one page could be turned.
  public func turn(forward: Bool, pages: Int) -> ShownPage? {
    guard pages > 1 else { return step(forward: forward, records: true) }
    let now = clock()
    let start = takeViewStart(at: now)
    var characters = 0
    var turned = 0
    var shown: ShownPage?
    while turned < pages, let left = currentPage,
      let page = step(forward: forward, records: false)
    {
      characters += left.range.count
      turned += 1
      shown = page
    }
    if shown != nil {
      recordView(
        PageViewRecord(
          start: start, end: now, characters: characters, pages: turned,
          exit: forward ? .forward : .backward),
        turned: true, at: now)
    }
    return shown
  }

  /// One page on or back; `records` says whether the page left is a view of its own.
  private func step(
    forward: Bool, records: Bool, exit override: PageViewRecord.Exit? = nil
  ) -> ShownPage? {
    guard let page = currentPage else { return nil }
    let exit: PageViewRecord.Exit = override ?? (forward ? .forward : .backward)
    if forward {
      let layout = layout(for: chapter, page: page.index + 1)
      if let next = fetch(
        ready: layout.isReady(page: page.index + 1), { layout.page(at: page.index + 1) })
      {
        return display(chapter: chapter, page: next, exit: exit, records: records)
      }
      guard let following = chapter(after: chapter) else { return nil }
      let nextLayout = self.layout(for: following, page: 0)
      guard let first = fetch(ready: nextLayout.isReady(page: 0), { nextLayout.page(at: 0) })
      else {
        return nil
      }
      return display(chapter: following, page: first, exit: exit, records: records)
    }
    if page.index > 0 {
      let layout = layout(for: chapter, page: page.index - 1)
      guard
        let previous = fetch(
          ready: layout.isReady(page: page.index - 1), { layout.page(at: page.index - 1) })
      else {
        return nil
      }
      return display(chapter: chapter, page: previous, exit: exit, records: records)
    }
    guard let preceding = chapter(before: chapter) else { return nil }
    let layout = self.layout(for: preceding, page: lastCachedPage(of: preceding))
    let ready = layout.pageCount.map { layout.isReady(page: $0 - 1) } ?? false
    guard let last = fetch(ready: ready, { layout.lastPage() }) else { return nil }
    return display(chapter: preceding, page: last, exit: exit, records: records)
  }

  /// Shows the page holding `locator` and remembers where the reader was for `goBack()`.
  @discardableResult
  public func go(to locator: Locator) -> ShownPage? {
    remember()
    return show(locator: locator, exit: .jump)
  }

  /// Shows the page holding `locator` without remembering where the reader was: a page
  /// the reader's selection runs onto, not a jump to come back from.
  @discardableResult
  public func reveal(_ locator: Locator) -> ShownPage? {
    show(locator: locator, exit: .jump)
  }

  /// A locator at `offset` of chapter `chapter` with its progression through the book and
  /// the snippets that let it be found again after the book changes: what a highlight's
  /// ends are saved as.
  public func locator(chapter: Int, offset: Int) -> Locator {
    makeLocator(chapter: chapter, offset: offset)
  }

  /// Shows the first page of chapter `index`.
  @discardableResult
  public func go(toChapter index: Int) -> ShownPage? {
    go(to: Locator(chapterIndex: index))
  }

  /// Shows the page holding the character at `progression` (0…1) of the book's text,
  /// as a slider does.
  @discardableResult
  public func go(toProgression progression: Double) -> ShownPage? {
    go(to: locator(atProgression: progression))
  }

  /// Shows where a table-of-contents entry points; nil when it points outside the book.
  @discardableResult
  public func go(to entry: TOCEntry) -> ShownPage? {
    guard let locator = book.locator(for: entry) else { return nil }
    return go(to: locator)
  }

  /// Follows an internal link from the current chapter; nil for an external link or a
  /// target outside the book (the front end opens external URLs).
  @discardableResult
  public func follow(_ link: LinkTarget) -> ShownPage? {
    guard case .internal(let href) = link,
      let locator = book.locator(forHref: href, from: chapter)
    else { return nil }
    return go(to: locator)
  }

  /// Returns to where the reader was before the last jump, like a browser's Back; nil
  /// when there is nowhere to go back to.
  @discardableResult
  public func goBack() -> ShownPage? {
    guard let locator = backStack.popLast() else { return nil }
    return show(locator: locator, exit: .jump, keepAnchor: true)
  }

  /// Whether `goBack()` has somewhere to go.
  public var canGoBack: Bool { !backStack.isEmpty }

  /// Shows the book's first page.
  @discardableResult
  public func first() -> ShownPage? {
    go(to: Locator(chapterIndex: readingOrder.first ?? 0))
  }

  /// Shows the book's last page.
  @discardableResult
  public func last() -> ShownPage? {
    guard let final = readingOrder.last else { return nil }
    remember()
    let layout = layout(for: final, page: lastCachedPage(of: final))
    let ready = layout.pageCount.map { layout.isReady(page: $0 - 1) } ?? false
    guard let page = fetch(ready: ready, { layout.lastPage() }) else { return nil }
    return display(chapter: final, page: page, exit: .jump)
  }

  // MARK: - Helpers

  /// Shows the page holding `locator`; with `keepAnchor` the position kept is the
  /// locator itself rather than the page's start (settings changes, Back, reopening).
  @discardableResult
  func show(locator: Locator, exit: PageViewRecord.Exit, keepAnchor: Bool = false) -> ShownPage? {
    let index = book.chapters.indices.contains(locator.chapterIndex) ? locator.chapterIndex : 0
    guard !book.chapters.isEmpty else { return nil }
    let offset = max(0, locator.offset)
    let layout = layout(for: index, offset: offset)
    guard let page = fetch(ready: false, { layout.page(containing: offset) }) else { return nil }
    var anchor: Locator? = nil
    if keepAnchor {
      anchor = makeLocator(chapter: index, offset: min(offset, page.range.upperBound))
    }
    return display(chapter: index, page: page, exit: exit, anchor: anchor)
  }

  /// Runs foreground layout work, saying busy first when the page is not ready.
  func fetch<T>(ready: Bool, _ work: () -> T) -> T {
    if !ready {
      isBusy = true
      eventSink.yield(.busy(anchor))
    }
    defer { isBusy = false }
    return meter.during(.foreground, work)
  }

  /// Pushes the current position on the back stack (bounded).
  func remember() {
    guard currentPage != nil else { return }
    backStack.append(anchor)
    if backStack.count > 100 { backStack.removeFirst() }
  }

  /// The next chapter in the reading order after `index` (which may be non-linear).
  func chapter(after index: Int) -> Int? { readingOrder.first { $0 > index } }

  /// The previous chapter in the reading order before `index`.
  func chapter(before index: Int) -> Int? { readingOrder.last { $0 < index } }

  /// The last page index the cache knows for a chapter (0 without a cache).
  func lastCachedPage(of index: Int) -> Int {
    max(0, (cachedBreaks[index]?.count ?? 1) - 1)
  }

  /// The layout of chapter `index` able to hand out page `page`, made if needed.
  func layout(for index: Int, page: Int) -> ChapterLayout {
    if let layout = layouts[index], layout.covers(page: page) { return layout }
    if let pending, pending.chapter == index, pending.covers(page: page) {
      self.pending = nil
      layouts[index] = pending
      return pending
    }
    return makeLayout(index, resumePage: page)
  }

  /// The layout of chapter `index` able to find the page holding `offset`.
  func layout(for index: Int, offset: Int) -> ChapterLayout {
    let page = cachedBreaks[index].map { ChapterLayout.index(of: offset, in: $0) }
    if let layout = layouts[index], page.map(layout.covers(page:)) ?? layout.covers(offset: offset)
    {
      return layout
    }
    return makeLayout(index, resumePage: page ?? 0)
  }

  private func makeLayout(_ index: Int, resumePage: Int) -> ChapterLayout {
    let text = (try? book.text(ofChapter: index)) ?? .empty
    lengths[index] = text.length
    let layout = ChapterLayout(
      chapter: index, text: text, settings: settings, language: book.metadata.language,
      source: glyphSource,
      cachedBreaks: cachedBreaks[index], resumePage: resumePage, meter: meter)
    layouts[index] = layout
    return layout
  }
}
