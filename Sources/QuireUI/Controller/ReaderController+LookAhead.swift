import QuireBook
import QuireReading

extension ReaderController {
  /// The pages a turn forward or back would show, looked at without turning: what a
  /// window draws under a page being turned. Nothing is saved and no page view is
  /// recorded until the turn completes with `perform(.turnForward)` (or back); a turn let
  /// go of changes nothing. Nil at either end of the book.
  public func preview(forward: Bool) async -> [PageSide]? {
    if let steps = await spreadTurn(forward: forward) {
      return await previewSpread(forward: forward, steps: steps)
    }
    let steps = max(1, state.layout.frames.count)
    var first: ReadingSession.Neighbour?
    var moved = 0
    for step in 1...steps {
      guard let page = await session.peek(by: forward ? step : -step) else { break }
      first = page
      moved = step
    }
    guard let first else { return nil }
    let frames = state.readingFrames
    var sides = [state.side(chapter: first.chapterIndex, page: first.page, frame: frames.first)]
    if frames.count > 1,
      let facing = await session.peek(by: (forward ? moved : -moved) + 1)
    {
      sides.append(state.side(chapter: facing.chapterIndex, page: facing.page, frame: frames[1]))
    }
    return sides
  }

  /// The spread of fixed-layout pages a turn of `steps` pages would show; nil at either
  /// end of the book.
  private func previewSpread(forward: Bool, steps: Int) async -> [PageSide]? {
    guard steps > 0, let spreads = state.fixedSpreads,
      let landing = await session.peek(by: forward ? steps : -steps),
      let spread = spreads.spread(containing: landing.chapterIndex),
      let current = await session.current
    else { return nil }
    var sides: [PageSide] = []
    for (chapter, slot) in zip(spread.chapters, spread.slots) {
      guard let distance = spreads.distance(from: current.chapterIndex, to: chapter),
        let page = await session.peek(by: distance)
      else { continue }
      sides.append(state.side(chapter: chapter, page: page.page, frame: state.frame(of: slot)))
    }
    return sides.isEmpty ? nil : sides
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
    state.panel == nil && state.link(atX: x, y: y) != nil
  }

  /// Where a slider at `fraction` of the book would go, before it is let go: the chapter's
  /// title and "page 120" (or "about page 120" while that part is not paginated).
  public func destination(atProgression fraction: Double) async -> (chapter: String, page: String) {
    let (locator, number) = await session.destination(atProgression: fraction)
    return (state.chapterTitle(at: locator), "\(number.isExact ? "" : "about ")page \(number.page)")
  }
}
