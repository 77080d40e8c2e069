import QuireReading

extension ReaderController {
  /// Moves the session (or lays it out again) and reads what it shows then.
  func navigate(_ navigation: Navigation) async -> ReaderAction {
    let moved: Bool
    switch navigation {
    case .turn(let forward, let pages):
      moved = await session.turn(forward: forward, pages: pages) != nil
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
      while turned < max(1, state.layout.frames.count),
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
    if state.layout.frames.count > 1, let facing = await session.peekNext() {
      sides.append(.init(chapterIndex: facing.chapterIndex, page: facing.page))
    }
    return SessionView(
      sides: sides, position: current.locator, progress: current.progress,
      canGoBack: await session.canGoBack, timeEstimate: await session.timeEstimate())
  }
}
