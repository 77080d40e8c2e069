extension BookSearch {
  /// The per-chapter results of a search, produced lazily: each `next()` searches one
  /// chapter, so a consumer that stops iterating stops the search.
  public struct Results: AsyncSequence, Sendable {
    public typealias Element = ChapterSearchResult

    let search: BookSearch

    /// Starts the search.
    public func makeAsyncIterator() -> Iterator {
      Iterator(engine: SearchEngine(search), chapterCount: search.book.chapters.count)
    }

    /// Searches one chapter per call to `next()`.
    public struct Iterator: AsyncIteratorProtocol {
      var engine: SearchEngine
      let chapterCount: Int
      var nextChapter = 0
      var isDone = false

      /// The next chapter's result, nil after the last chapter or the limit.
      ///
      /// - Throws: `CancellationError` when the task is cancelled.
      public mutating func next() async throws -> ChapterSearchResult? {
        guard !isDone, nextChapter < chapterCount else { return nil }
        // Let other tasks run between chapters: a search of a long book shares the thread.
        await Task.yield()
        let result = try engine.searchChapter(nextChapter)
        nextChapter += 1
        if result.reachedLimit || engine.isFinished { isDone = true }
        return result
      }
    }
  }
}
