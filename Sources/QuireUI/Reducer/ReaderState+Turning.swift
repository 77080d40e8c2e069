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

  /// Goes to the next or previous contents entry, as KOReader's chapter keys do: forward,
  /// the first entry past the pages shown; back, the last entry before them (the start
  /// of the entry being read, or the one before when the page starts it). Entries at one
  /// place (a part and its first chapter) are one stop; a book without contents steps
  /// through its chapters.
  mutating func moveChapter(by delta: Int) -> [ReaderEffect] {
    let shownStart =
      sides.first.map {
        Locator(chapterIndex: $0.chapterIndex, offset: $0.page.range.lowerBound)
      } ?? anchor
    let shownEnd =
      sides.last.map {
        Locator(chapterIndex: $0.chapterIndex, offset: max($0.page.range.upperBound, 1))
      } ?? Locator(chapterIndex: anchor.chapterIndex, offset: anchor.offset + 1)
    let stops = contents.map(\.locator).sorted { Self.order($0) < Self.order($1) }
    let target =
      delta > 0
      ? stops.first { Self.order($0) >= Self.order(shownEnd) }
      : stops.last { Self.order($0) < Self.order(shownStart) }
    guard let target else {
      say(delta > 0 ? "This is the last chapter." : "This is the first chapter.")
      return []
    }
    return [.navigate(.to(target))]
  }

  /// A position's place in the book, for comparing positions.
  static func order(_ locator: Locator) -> (Int, Int) {
    (locator.chapterIndex, locator.offset)
  }

  /// The layout the viewport, the preferences and the book's spreads call for.
  var wantedLayout: PageLayout {
    PageLayout.make(
      for: viewport, preferences: preferences, spread: spreadEnabled,
      fixed: fixedSpreads.map { _ in book.metadata.spread ?? .auto })
  }

  /// Lays the pages out again for the viewport and preferences, keeping the position.
  mutating func relayout() -> [ReaderEffect] {
    layout = wantedLayout
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
