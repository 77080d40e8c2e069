import QuireBook
import QuireReading

/// Prints `quire search` results as chapters finish: a heading for each chapter with
/// matches, one line per match with its place in the book and its snippet.
struct SearchResultPrinter {
  let book: Book
  /// Bold matches (a terminal) instead of brackets.
  let styled: Bool
  let context: CommandContext
  private(set) var matchCount = 0
  private(set) var chapterCount = 0

  init(book: Book, styled: Bool, context: CommandContext) {
    self.book = book
    self.styled = styled
    self.context = context
  }

  /// Prints one chapter's matches (nothing for a chapter without any).
  mutating func print(_ result: ChapterSearchResult) {
    guard !result.matches.isEmpty else { return }
    matchCount += result.matches.count
    chapterCount += 1
    let chapter = book.chapters[result.chapterIndex]
    var text = "Chapter \(result.chapterIndex + 1): \(chapter.title)\n"
    for match in result.matches {
      let place = match.page.map { "p. \($0)" } ?? ReadingTimeText.percent(match.totalProgression)
      text += "  " + place.leftPadded(to: 4) + "  "
      text += line(Self.fitted(match.snippet, to: context.lineWidth - 8)) + "\n"
    }
    context.print(text)
  }

  /// The snippet with its match emphasized.
  func line(_ snippet: SearchSnippet) -> String {
    snippet.before + TerminalStyle.emphasized(snippet.match, styled: styled) + snippet.after
  }

  /// The snippet with its context shortened evenly on both sides so that it takes at
  /// most `width` terminal columns (the match itself is never cut).
  static func fitted(_ snippet: SearchSnippet, to width: Int) -> SearchSnippet {
    var before = Array(snippet.before)
    var after = Array(snippet.after)
    func columns() -> Int {
      DisplayWidth.of(String(before)) + DisplayWidth.of(snippet.match)
        + DisplayWidth.of(String(after))
        + 4  // brackets around the match, and room for an ellipsis on each side
    }
    var trimmed = (before: false, after: false)
    while columns() > width && (before.count > 1 || after.count > 1) {
      if before.count >= after.count {
        before.removeFirst()
        trimmed.before = true
      } else {
        after.removeLast()
        trimmed.after = true
      }
    }
    var fitted = snippet
    if trimmed.before { fitted.before = "…" + String(before.drop { $0 == "…" || $0 == " " }) }
    if trimmed.after {
      fitted.after = String(after.reversed().drop { $0 == "…" || $0 == " " }.reversed()) + "…"
    }
    return fitted
  }

  /// "42 matches in 12 chapters.", noting a limit that stopped the search.
  func countLine(limit: Int?) -> String {
    let matches = "\(matchCount.grouped) match\(matchCount == 1 ? "" : "es")"
    let chapters = "\(chapterCount) chapter\(chapterCount == 1 ? "" : "s")"
    if matchCount == 0 { return "No matches.\n" }
    if let limit, matchCount >= limit {
      return "\(matches) in \(chapters) (stopped at --limit \(limit)).\n"
    }
    return "\(matches) in \(chapters).\n"
  }
}
