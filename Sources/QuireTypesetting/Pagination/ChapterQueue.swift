import QuireBook

/// The chapters a pagination pass has still to lay out, in order of priority: what the
/// workers of a `PaginationPass` take their next chapter from.
///
/// A reading session puts the chapter being read first and moves chapters forward as the
/// reader moves (`prioritize(_:)`); `cancel()` stops every worker after the page it is on.
/// Thread-safe.
package final class ChapterQueue: Sendable {
  private struct State {
    var waiting: [Int]
    var isCancelled = false
  }

  private let state: Locked<State>

  /// A queue of `chapters`, first to last.
  package init(_ chapters: [Int]) {
    state = Locked(State(waiting: chapters))
  }

  /// Takes the chapter to lay out next; nil when none is left or the pass is cancelled.
  package func next() -> Int? {
    state.withLock { state in
      guard !state.isCancelled, !state.waiting.isEmpty else { return nil }
      return state.waiting.removeFirst()
    }
  }

  /// Moves those of `chapters` still waiting to the front, in the order given.
  /// - Complexity: O(waiting × chapters).
  package func prioritize(_ chapters: [Int]) {
    state.withLock { state in
      let first = chapters.filter { state.waiting.contains($0) }
      guard !first.isEmpty else { return }
      state.waiting.removeAll { first.contains($0) }
      state.waiting.insert(contentsOf: first, at: 0)
    }
  }

  /// Adds chapters at the end of the queue.
  package func append(_ chapters: [Int]) {
    state.withLock { $0.waiting.append(contentsOf: chapters) }
  }

  /// Drops chapters laid out elsewhere (a session's own layouts finished them).
  package func remove(_ chapters: Set<Int>) {
    state.withLock { $0.waiting.removeAll { chapters.contains($0) } }
  }

  /// Chapters not taken yet, in order.
  package var waiting: [Int] { state.withLock { $0.waiting } }

  /// Stops the pass: no chapter is handed out any more, and workers stop after the page
  /// they are laying out.
  package func cancel() {
    state.withLock { $0.isCancelled = true }
  }

  /// Whether `cancel()` was called.
  package var isCancelled: Bool { state.withLock { $0.isCancelled } }
}
