import QuireReading

extension ReaderController {
  /// Moves the session (or lays it out again) and reads what it shows then.
  func navigate(_ navigation: Navigation) async -> ReaderAction {
    let moved: Bool
    switch navigation {
    case .turn(let forward, let pages):
      let pages = await spreadTurn(forward: forward) ?? pages
      if pages > 0 {
        moved = await session.turn(forward: forward, pages: pages) != nil
      } else {
        moved = false
      }
    case .first: moved = await session.first() != nil
    case .last: moved = await session.last() != nil
    case .to(let locator): moved = await session.go(to: locator) != nil
    case .progression(let fraction): moved = await session.go(toProgression: fraction) != nil
    case .back: moved = await session.goBack() != nil
    case .layOut(let settings):
      _ = await session.apply(settings)
      moved = true
    case .reveal(let locator): moved = await session.reveal(locator) != nil
    case .handsFree(let counted):
      var turned = 0
      let pages = await spreadTurn(forward: true) ?? max(1, state.layout.frames.count)
      while turned < pages,
        await session.next(countingAsRead: counted) != nil
      {
        turned += 1
      }
      moved = turned > 0
    case .page(let number):
      let locator = await session.pageNumbering.locator(ofPage: number)
      moved = await session.go(to: locator) != nil
    }
    return .navigated(navigation, moved: moved, await sessionView())
  }

  /// What the session shows: its page (and the next one for the facing frame of a
  /// spread), the position, whether Back can go anywhere, and the time left.
  func sessionView() async -> SessionView {
    guard let current = await session.current else {
      return SessionView(sides: [], position: nil, canGoBack: await session.canGoBack)
    }
    var sides = [SessionView.Side(chapterIndex: current.chapterIndex, page: current.page)]
    if let spread = await shownSpread() {
      sides = spread
    } else if state.layout.frames.count > 1, let facing = await session.peekNext() {
      sides.append(.init(chapterIndex: facing.chapterIndex, page: facing.page))
    }
    return SessionView(
      sides: sides, position: current.locator, progress: current.progress,
      canGoBack: await session.canGoBack, timeEstimate: await session.timeEstimate())
  }
}

extension ReaderController {
  /// The spread of fixed-layout pages the current page is on, each page in its slot, when
  /// the window shows two frames and the book's pages pair (`FixedSpreads`); nil otherwise.
  func shownSpread() async -> [SessionView.Side]? {
    guard state.layout.frames.count == 2, let spreads = state.fixedSpreads,
      let current = await session.current, case .fixed = current.page.kind,
      let spread = spreads.spread(containing: current.chapterIndex)
    else { return nil }
    var sides: [SessionView.Side] = []
    for (chapter, slot) in zip(spread.chapters, spread.slots) {
      guard let steps = spreads.distance(from: current.chapterIndex, to: chapter) else { continue }
      let page =
        steps == 0 ? current.page : await session.peek(by: steps).map(\.page)
      guard let page else { continue }
      sides.append(.init(chapterIndex: chapter, page: page, slot: slot))
    }
    return sides.isEmpty ? nil : sides
  }

  /// The pages a turn moves to reach the next (or previous) spread of fixed-layout pages,
  /// 0 from the last (or first) one, when spreads are shown; nil otherwise (a turn moves
  /// as many pages as there are frames).
  func spreadTurn(forward: Bool) async -> Int? {
    guard state.layout.frames.count == 2, let spreads = state.fixedSpreads,
      let current = await session.current, case .fixed = current.page.kind
    else { return nil }
    return spreads.turn(from: current.chapterIndex, forward: forward) ?? 0
  }
}
