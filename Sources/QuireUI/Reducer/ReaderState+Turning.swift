import QuireBook

extension ReaderState {
  /// Turns, jumps and the page's layout; nil for a command of another feature.
  mutating func reduceTurning(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    // A turn moves one page or a spread.
    case .turnForward: return [.navigate(.turn(forward: true, pages: layout.frames.count))]
    case .turnBackward: return [.navigate(.turn(forward: false, pages: layout.frames.count))]
    // `resolved` made these a turn forward or back.
    case .turnLeft, .turnRight: return []
    case .firstPage: return [.navigate(.first)]
    case .lastPage: return [.navigate(.last)]
    case .chapterStart: return [.navigate(.to(Locator(chapterIndex: chapter)))]
    case .chapterEnd:
      let length = (try? book.text(ofChapter: chapter).length) ?? 1
      return [.navigate(.to(Locator(chapterIndex: chapter, offset: max(0, length - 1))))]
    case .nextChapter: return moveChapter(by: 1)
    case .previousChapter: return moveChapter(by: -1)
    case .goToProgression(let fraction): return [.navigate(.progression(fraction))]
    case .back:
      guard canGoBack else {
        say("Nothing to go back to.")
        return []
      }
      return [.navigate(.back)]
    case .toggleSpread:
      spreadEnabled.toggle()
      let effects = relayout()
      if layout.frames.count < 2 && spreadEnabled {
        say("Two pages need a wider \(isCells ? "terminal" : "window").")
      }
      return effects
    default:
      return nil
    }
  }

  /// Shows the first page of the chapter `delta` chapters away in the reading order.
  mutating func moveChapter(by delta: Int) -> [ReaderEffect] {
    let order = book.readingOrder.isEmpty ? Array(book.chapters.indices) : book.readingOrder
    let position = order.firstIndex(of: chapter) ?? order.lastIndex { $0 < chapter } ?? 0
    let target = position + delta
    guard order.indices.contains(target) else {
      say(delta > 0 ? "This is the last chapter." : "This is the first chapter.")
      return []
    }
    return [.navigate(.to(Locator(chapterIndex: order[target])))]
  }

  /// Lays the pages out again for the viewport and preferences, keeping the position.
  mutating func relayout() -> [ReaderEffect] {
    layout = PageLayout.make(for: viewport, preferences: preferences, spread: spreadEnabled)
    return [.navigate(.layOut(readingSettings))]
  }

  /// Takes in what the session shows after a move; a move that went nowhere says why
  /// (at either end of the book the page stays: a bounce, not a turn).
  mutating func navigated(_ navigation: Navigation, moved: Bool, view: SessionView) {
    show(view)
    guard !moved else { return }
    switch navigation {
    case .turn(let forward, _):
      say(forward ? "This is the end of the book." : "This is the start of the book.")
    case .first, .last, .to, .progression, .back, .page:
      say("That page could not be shown.", isError: true)
    case .layOut, .reveal, .handsFree:
      break
    }
  }

  /// Takes in what the session shows.
  mutating func show(_ view: SessionView) {
    position = view.position
    progress = view.progress
    canGoBack = view.canGoBack
    timeEstimate = view.timeEstimate
    sides = makeSides(view)
  }
}
