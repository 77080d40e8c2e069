import QuireBook
import QuireReading

extension ReaderController {
  /// The pages a turn forward or back would show, looked at without turning: what a
  /// window draws under a page being turned. Nothing is saved and no page view is
  /// recorded until the turn completes with `perform(.turnForward)` (or back); a turn let
  /// go of changes nothing. Nil at either end of the book.
  public func preview(forward: Bool) async -> [PageSide]? {
    let steps = max(1, layout.frames.count)
    var first: ReadingSession.Neighbour?
    var moved = 0
    for step in 1...steps {
      guard let page = await session.peek(by: forward ? step : -step) else { break }
      first = page
      moved = step
    }
    guard let first else { return nil }
    let frames = readingFrames
    var sides = [side(chapter: first.chapterIndex, page: first.page, frame: frames.first)]
    if frames.count > 1,
      let facing = await session.peek(by: (forward ? moved : -moved) + 1)
    {
      sides.append(side(chapter: facing.chapterIndex, page: facing.page, frame: frames[1]))
    }
    return sides
  }

  /// Holds the session's work ahead while a turn is dragged or animated, so that its
  /// frames have the cores; `resumeWorkAhead()` goes on where it stopped.
  public func pauseWorkAhead() async {
    await session.pauseWorkAhead()
  }

  /// Lets the work ahead run again after `pauseWorkAhead()`.
  public func resumeWorkAhead() async {
    await session.resumeWorkAhead()
  }

  /// Whether a link or note reference is under a point of the viewport: a click there
  /// follows it (`click(atX:y:)`) rather than turning the page.
  public func hasLink(atX x: Double, y: Double) -> Bool {
    panel == nil && link(atX: x, y: y) != nil
  }

  /// The chapter and offset of the link or note reference under a point, if any.
  func link(atX x: Double, y: Double) -> (chapter: Int, offset: Int)? {
    for side in shown
    where x >= side.frame.x && x < side.frame.maxX && y >= side.frame.y && y < side.frame.maxY {
      let geometry = PageGeometry(page: side.page, ambiguousWide: side.ambiguousWide)
      if let offset = geometry.offset(atX: x - side.frame.x, y: y - side.frame.y),
        side.text.link(at: offset) != nil
      {
        return (side.chapterIndex, offset)
      }
    }
    return nil
  }

  /// Where a slider at `fraction` of the book would go, before it is let go: the chapter's
  /// title and "page 120" (or "about page 120" while that part is not paginated).
  public func destination(atProgression fraction: Double) async -> (chapter: String, page: String) {
    let (locator, number) = await session.destination(atProgression: fraction)
    return (chapterTitle(at: locator), "\(number.isExact ? "" : "about ")page \(number.page)")
  }

  /// Adds a book file to the library (a file dropped on the window) and opens it, over
  /// any panel; the book open stays, with a message, when the file cannot be read.
  public func open(path: String) async -> ReaderScreen {
    message = nil
    let before = book.contentHash
    await openBook(atPath: path)
    if book.contentHash != before { panel = nil }
    return await screen()
  }

  /// Remembers the window's size (points) and position for the next start.
  public func rememberWindow(width: Int, height: Int, x: Int, y: Int) {
    var preferences = configuration.preferences
    preferences.windowWidth = min(16_384, max(200, width))
    preferences.windowHeight = min(16_384, max(150, height))
    preferences.windowX = min(65_535, max(-1, x))
    preferences.windowY = min(65_535, max(-1, y))
    guard preferences != configuration.preferences else { return }
    configuration.preferences = preferences
    savePreferences()
  }
}

extension ReaderController {
  /// A click on row `row` of the open panel: selects it and does what Enter does there (a
  /// contents entry, a search result, a bookmark or a book opens; a setting steps on).
  public func choose(row: Int) async -> ReaderScreen {
    message = nil
    guard let state = panel, row >= 0 else { return await screen() }
    switch state {
    case .contents(let entries, let current, let filter, _):
      panel = .contents(entries: entries, current: current, filter: filter, selection: row)
      await run(.choose)
    case .search(let query, _, _):
      panel = .search(query: query, editing: false, selection: row)
      await run(.choose)
    case .bookmarks(let items, _):
      panel = .bookmarks(items: items, selection: row)
      await run(.choose)
    case .settings:
      panel = .settings(selection: row)
      await adjustSetting(row: row, by: 1)
    case .library(let books, let filter, let sort, _):
      panel = .library(books: books, filter: filter, sort: sort, selection: row)
      await run(.choose)
    case .linkHints(let links, _) where links.indices.contains(row):
      await followLink(row + 1)
    default:
      break
    }
    return await screen()
  }
}
