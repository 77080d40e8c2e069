import QuireBook
import QuireReading

/// `quire search --json`: the query, the matches and their count.
struct SearchReport: Codable, Equatable {
  /// A match: chapter number from 1 (the book's file), the contents entry it is in
  /// (`ContentsNames`), UTF-16 range in the chapter's text, snippet.
  struct Match: Codable, Equatable {
    var chapter: Int
    var chapterTitle: String
    var start: Int
    var end: Int
    var progression: Double
    /// The page in the book on the default page, and whether it is exact.
    var page: Int?
    var pageExact: Bool?
    var snippet: SearchSnippet
  }

  var query: String
  var count: Int
  /// Whether the search stopped at --limit.
  var limited: Bool
  var matches: [Match]

  init(
    query: String, matches: [SearchMatch], limit: Int?, numbering: PageNumbering? = nil,
    chapterTitle: (Locator) -> String
  ) {
    self.query = query
    count = matches.count
    limited = limit.map { matches.count >= $0 } ?? false
    self.matches = matches.map { match in
      Match(
        chapter: match.chapterIndex + 1, chapterTitle: chapterTitle(match.locator),
        start: match.range.lowerBound, end: match.range.upperBound,
        progression: (match.totalProgression * 10_000).rounded() / 10_000, page: match.page,
        pageExact: numbering?.number(of: match.locator).isExact, snippet: match.snippet)
    }
  }
}
