public import QuireBook
public import QuireTypesetting

extension ReadingSession {
  /// A page next to the one shown, looked at without turning to it: what a turn in
  /// progress shows under the page being turned.
  public struct Neighbour: Hashable, Sendable {
    /// The chapter's index in `Book.chapters`.
    public var chapterIndex: Int
    public var page: Page
  }

  /// The page after the shown one (the next chapter's first after a chapter's last), laid
  /// out if needed but not shown: nothing is saved, no page view is recorded and the work
  /// ahead is not restarted. Nil at the end of the book.
  public func peekNext() -> Neighbour? {
    guard let page = currentPage else { return nil }
    // The pages laid out for a look refine the estimates.
    defer { publishFigures() }
    let layout = layout(for: chapter, page: page.index + 1)
    if let next = meter.during(.foreground, { layout.page(at: page.index + 1) }) {
      return Neighbour(chapterIndex: chapter, page: next)
    }
    guard let following = chapter(after: chapter) else { return nil }
    let nextLayout = self.layout(for: following, page: 0)
    return meter.during(.foreground, { nextLayout.page(at: 0) }).map {
      Neighbour(chapterIndex: following, page: $0)
    }
  }

  /// The page before the shown one, looked at without turning to it (see `peekNext()`).
  public func peekPrevious() -> Neighbour? {
    guard let page = currentPage else { return nil }
    // The pages laid out for a look refine the estimates.
    defer { publishFigures() }
    if page.index > 0 {
      let layout = layout(for: chapter, page: page.index - 1)
      return meter.during(.foreground, { layout.page(at: page.index - 1) }).map {
        Neighbour(chapterIndex: chapter, page: $0)
      }
    }
    guard let preceding = chapter(before: chapter) else { return nil }
    let layout = self.layout(for: preceding, page: lastCachedPage(of: preceding))
    return meter.during(.foreground, { layout.lastPage() }).map {
      Neighbour(chapterIndex: preceding, page: $0)
    }
  }
}

extension ReadingSession {
  /// The page `steps` pages away from the shown one (negative: before it), looked at
  /// without turning to it, as `peekNext()` does: what a turn of a two-page spread shows.
  /// Nil past either end of the book.
  public func peek(by steps: Int) -> Neighbour? {
    guard let page = currentPage else { return nil }
    // The pages laid out for a look refine the estimates.
    defer { publishFigures() }
    var chapter = self.chapter
    var index = page.index
    var found = Neighbour(chapterIndex: chapter, page: page)
    for _ in 0..<abs(steps) {
      if steps > 0 {
        let layout = layout(for: chapter, page: index + 1)
        if let next = meter.during(.foreground, { layout.page(at: index + 1) }) {
          found = Neighbour(chapterIndex: chapter, page: next)
        } else {
          guard let following = self.chapter(after: chapter) else { return nil }
          let nextLayout = self.layout(for: following, page: 0)
          guard let first = meter.during(.foreground, { nextLayout.page(at: 0) }) else {
            return nil
          }
          found = Neighbour(chapterIndex: following, page: first)
        }
      } else if index > 0 {
        let layout = layout(for: chapter, page: index - 1)
        guard let previous = meter.during(.foreground, { layout.page(at: index - 1) }) else {
          return nil
        }
        found = Neighbour(chapterIndex: chapter, page: previous)
      } else {
        guard let preceding = self.chapter(before: chapter) else { return nil }
        let layout = self.layout(for: preceding, page: lastCachedPage(of: preceding))
        guard let last = meter.during(.foreground, { layout.lastPage() }) else { return nil }
        found = Neighbour(chapterIndex: preceding, page: last)
      }
      chapter = found.chapterIndex
      index = found.page.index
    }
    return found
  }

  /// Where a slider at `progression` (0…1) would go, without going: the position and its
  /// page number in the book ("about" while that chapter is not paginated).
  public func destination(atProgression progression: Double) -> (
    locator: Locator, page: PageNumbering.Number
  ) {
    let locator = locator(atProgression: progression)
    return (locator, pageNumbering.number(of: locator))
  }
}
