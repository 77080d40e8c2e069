import QuireReading

/// `quire search --json`: the query, the matches and their count.
struct SearchReport: Codable, Equatable {
  /// A match: chapter number from 1, UTF-16 range in the chapter's text, snippet.
  struct Match: Codable, Equatable {
    var chapter: Int
    var chapterTitle: String
    var start: Int
    var end: Int
    var progression: Double
    var snippet: SearchSnippet
  }

  var query: String
  var count: Int
  /// Whether the search stopped at --limit.
  var limited: Bool
  var matches: [Match]

  init(
    query: String, matches: [SearchMatch], limit: Int?, chapterTitle: (Int) -> String
  ) {
    self.query = query
    count = matches.count
    limited = limit.map { matches.count >= $0 } ?? false
    self.matches = matches.map {
      Match(
        chapter: $0.chapterIndex + 1, chapterTitle: chapterTitle($0.chapterIndex),
        start: $0.range.lowerBound, end: $0.range.upperBound,
        progression: ($0.totalProgression * 10_000).rounded() / 10_000, snippet: $0.snippet)
    }
  }
}
