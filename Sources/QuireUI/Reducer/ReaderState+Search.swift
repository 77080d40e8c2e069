import QuireBook
import QuireReading

extension ReaderState {
  /// Search commands; nil for a command of another feature.
  mutating func reduceSearch(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    case .search:
      panel = .search(query: search.query, editing: true, selection: 0)
      return []
    case .runSearch(let query): return startSearch(query)
    case .searchNext: return moveMatch(by: 1)
    case .searchPrevious: return moveMatch(by: -1)
    default: return nil
    }
  }

  /// Starts a search of the whole book; results stream into the search panel chapter by
  /// chapter, and a new search cancels the old one.
  mutating func startSearch(_ query: String) -> [ReaderEffect] {
    search.generation += 1
    search.query = query
    search.matches = []
    search.current = nil
    refreshMarks()
    guard !BookSearch(book: book, query: query).isEmpty else {
      search.isRunning = false
      panel = .search(query: query, editing: true, selection: 0)
      return [.cancelSearch]
    }
    search.isRunning = true
    panel = .search(query: query, editing: false, selection: 0)
    return [.search(query: query, generation: search.generation)]
  }

  /// Enter in the search panel: runs the query being edited, or jumps to the match chosen.
  mutating func chooseMatch(query: String, editing: Bool, selection: Int) -> [ReaderEffect] {
    if editing { return startSearch(query) }
    guard search.matches.indices.contains(selection) else { return [] }
    panel = nil
    search.current = selection
    refreshMarks()
    return [.navigate(.to(search.matches[selection].locator))]
  }

  /// Moves to the next (`delta` 1) or previous (-1) match from the page shown.
  mutating func moveMatch(by delta: Int) -> [ReaderEffect] {
    guard !search.matches.isEmpty else {
      say(search.query.isEmpty ? "Search first: press /." : "No matches for “\(search.query)”.")
      return []
    }
    let target: Int
    if let current = search.current, isShown(search.matches[current]) {
      target = current + delta
    } else {
      // From the page shown: the first match after its start, or the last before it.
      let start =
        sides.first.map { ($0.chapterIndex, $0.page.range.lowerBound) }
        ?? (anchor.chapterIndex, anchor.offset)
      if delta > 0 {
        target =
          search.matches.firstIndex { ($0.chapterIndex, $0.range.lowerBound) >= start }
          ?? search.matches.count
      } else {
        target = (search.matches.lastIndex { ($0.chapterIndex, $0.range.lowerBound) < start }) ?? -1
      }
    }
    guard search.matches.indices.contains(target) else {
      if search.isRunning && delta > 0 {
        say("Still searching; the next match is not found yet.")
      } else {
        say(delta > 0 ? "No more matches after this one." : "No matches before this one.")
      }
      return []
    }
    search.current = target
    refreshMarks()
    say("Match \(target + 1) of \(search.matches.count)\(search.isRunning ? "…" : "")")
    let match = search.matches[target]
    return isShown(match) ? [] : [.navigate(.to(match.locator))]
  }

  private func isShown(_ match: SearchMatch) -> Bool {
    sides.contains {
      $0.chapterIndex == match.chapterIndex && $0.page.range.contains(match.range.lowerBound)
    }
  }

  /// Takes in a chapter's matches of the search running (those of an older one are
  /// dropped) and has the screen drawn again.
  mutating func found(_ matches: [SearchMatch], generation: Int) -> [ReaderEffect] {
    guard generation == search.generation, !matches.isEmpty else { return [] }
    search.matches += matches
    refreshMarks()
    return [.redraw]
  }

  mutating func finishSearch(generation: Int) -> [ReaderEffect] {
    guard generation == search.generation else { return [] }
    search.isRunning = false
    return [.redraw]
  }
}
