import Foundation
import QuireBook
import QuireReading

extension ReaderController {
  /// Starts a search of the whole book; results stream into the search panel chapter by
  /// chapter (`updates` ticks for each), and a new search cancels the old one.
  func startSearch(_ query: String) {
    search.task?.cancel()
    search.generation += 1
    search.query = query
    search.matches = []
    search.current = nil
    panel = .search(query: query, editing: false, selection: 0)
    let bookSearch = BookSearch(book: book, query: query, limit: SearchState.limit)
    guard !bookSearch.isEmpty else {
      search.isRunning = false
      panel = .search(query: query, editing: true, selection: 0)
      return
    }
    search.isRunning = true
    let generation = search.generation
    search.task = Task.detached { [weak self] in
      do {
        for try await result in bookSearch.results() {
          await self?.receive(result.matches, generation: generation)
        }
      } catch {}
      await self?.finishSearch(generation: generation)
    }
  }

  /// Waits for the search in progress to finish (tests and benchmarks).
  public func waitForSearch() async {
    await search.task?.value
  }

  func receive(_ matches: [SearchMatch], generation: Int) async {
    guard generation == search.generation, !matches.isEmpty else { return }
    search.matches += matches
    refreshMarks()
    notify()
  }

  func finishSearch(generation: Int) {
    guard generation == search.generation else { return }
    search.isRunning = false
    notify()
  }

  /// Moves to the next (`delta` 1) or previous (-1) match from the page shown.
  func moveMatch(by delta: Int) async {
    guard !search.matches.isEmpty else {
      say(search.query.isEmpty ? "Search first: press /." : "No matches for “\(search.query)”.")
      return
    }
    let target: Int
    if let current = search.current, isShown(search.matches[current]) {
      target = current + delta
    } else {
      // From the page shown: the first match after its start, or the last before it.
      let anchor = await session.anchor
      let start =
        shown.first.map { ($0.chapterIndex, $0.page.range.lowerBound) }
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
        return
      }
      say(delta > 0 ? "No more matches after this one." : "No matches before this one.")
      return
    }
    search.current = target
    let match = search.matches[target]
    if !isShown(match) { _ = await session.go(to: match.locator) }
    await refreshSides()
    say("Match \(target + 1) of \(search.matches.count)\(search.isRunning ? "…" : "")")
  }

  private func isShown(_ match: SearchMatch) -> Bool {
    shown.contains {
      $0.chapterIndex == match.chapterIndex && $0.page.range.contains(match.range.lowerBound)
    }
  }
}
