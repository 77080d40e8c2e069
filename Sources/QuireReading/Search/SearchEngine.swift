import QuireBook

/// The working state of one search: the folded query, the folder and the buffer reused
/// from chapter to chapter. Not shared between tasks; `BookSearch` makes one per run.
struct SearchEngine {
  let search: BookSearch
  private var folder = SearchFolder()
  private var text = FoldedText()
  private let query: [UInt32]
  /// Characters before each chapter, for progressions; the last element is the total.
  private let chapterStarts: [Int]
  private var found = 0

  init(_ search: BookSearch) {
    self.search = search
    var folder = SearchFolder()
    var foldedQuery = FoldedText()
    folder.fold(search.query, into: &foldedQuery)
    query = foldedQuery.scalars
    self.folder = folder
    var starts = [0]
    for chapter in search.book.chapters { starts.append(starts.last! + chapter.estimatedLength) }
    chapterStarts = starts
  }

  /// Whether the search can find nothing more: an empty query, or the limit reached.
  var isFinished: Bool {
    query.isEmpty || search.limit.map { found >= $0 } ?? false
  }

  /// Searches chapter `index`.
  ///
  /// - Throws: `CancellationError` when the current task is cancelled (checked before the
  ///   chapter and every `SearchFolder.cancellationInterval` units within it).
  mutating func searchChapter(_ index: Int) throws -> ChapterSearchResult {
    try Task.checkCancellation()
    guard !isFinished else { return ChapterSearchResult(chapterIndex: index, matches: []) }
    let string = try search.book.text(ofChapter: index).string
    try folder.fold(string, into: &text) { () throws(CancellationError) in
      if Task.isCancelled { throw CancellationError() }
    }
    let remaining = search.limit.map { $0 - found } ?? Int.max
    let ranges = try Self.findAll(query, in: text.scalars, limit: remaining)
    found += ranges.count
    let length = max(string.utf16.count, 1)
    let matches = ranges.map { folded in
      let range = text.sourceRange(of: folded)
      let share = Double(range.lowerBound) / Double(length)
      let characters =
        Double(chapterStarts[index]) + share
        * Double(chapterStarts[index + 1] - chapterStarts[index])
      var match = SearchMatch(
        chapterIndex: index, range: range, snippet: SearchSnippet(of: range, in: string),
        totalProgression: chapterStarts.last! > 0
          ? min(characters / Double(chapterStarts.last!), 1) : 0)
      match.page = search.pageNumber?(match.locator)
      return match
    }
    return ChapterSearchResult(
      chapterIndex: index, matches: matches, reachedLimit: ranges.count == remaining)
  }

  /// The non-overlapping occurrences of `query` in `text`, left to right (after a match
  /// the scan resumes at its end, so "aa" occurs twice in "aaaa" and once in "aaa").
  ///
  /// - Complexity: O(n·m) in the worst case, O(n) for typical text and queries; checks for
  ///   cancellation every `SearchFolder.cancellationInterval` scalars.
  static func findAll(_ query: [UInt32], in text: [UInt32], limit: Int = .max) throws
    -> [Range<Int>]
  {
    guard !query.isEmpty, text.count >= query.count, limit > 0 else { return [] }
    var ranges: [Range<Int>] = []
    try query.withUnsafeBufferPointer { query in
      try text.withUnsafeBufferPointer { text in
        let first = query[0]
        let last = text.count - query.count
        var index = 0
        var nextCheck = SearchFolder.cancellationInterval
        while index <= last {
          if text[index] == first && matches(query, text, at: index) {
            ranges.append(index..<index + query.count)
            if ranges.count == limit { return }
            index += query.count
          } else {
            index += 1
          }
          if index >= nextCheck {
            try Task.checkCancellation()
            nextCheck = index + SearchFolder.cancellationInterval
          }
        }
      }
    }
    return ranges
  }

  @inline(__always)
  private static func matches(
    _ query: UnsafeBufferPointer<UInt32>, _ text: UnsafeBufferPointer<UInt32>, at index: Int
  ) -> Bool {
    var offset = 1
    while offset < query.count {
      if text[index + offset] != query[offset] { return false }
      offset += 1
    }
    return true
  }
}
