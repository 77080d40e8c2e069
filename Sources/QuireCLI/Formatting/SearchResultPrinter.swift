import QuireBook
import QuireReading

/// Prints `quire search` results as chapters finish: a heading for each contents entry
/// with matches (`ContentsNames`: the deepest entry at or before the match, so a file
/// holding several chapters gets a heading for each), one line per match with its place
/// in the book and its snippet.
struct SearchResultPrinter {
  let book: Book
  /// Whether a match's page number is exact ("p. 12") or estimated ("about p. 12").
  let numbering: PageNumbering?
  /// Bold matches (a terminal) instead of brackets.
  let styled: Bool
  let context: CommandContext
  /// What each match's heading names.
  let names: ContentsNames
  private(set) var matchCount = 0
  private(set) var chapterCount = 0

  init(book: Book, numbering: PageNumbering? = nil, styled: Bool, context: CommandContext) {
    self.book = book
    self.numbering = numbering
    self.styled = styled
    self.context = context
    names = ContentsNames(book: book)
  }

  /// Prints one chapter's matches (nothing for a chapter without any).
  mutating func print(_ result: ChapterSearchResult) {
    guard !result.matches.isEmpty else { return }
    matchCount += result.matches.count
    chapterCount += 1
    var text = ""
    var heading: String?
    let places = result.matches.map(place)
    let placeWidth = places.reduce(4) { max($0, $1.count) }
    for (match, place) in zip(result.matches, places) {
      let name = names.name(at: match.locator)
      if name != heading {
        text += "Chapter \(result.chapterIndex + 1): \(name)\n"
        heading = name
      }
      text += "  " + place.leftPadded(to: placeWidth) + "  "
      text += line(Self.fitted(match.snippet, to: context.lineWidth - placeWidth - 4)) + "\n"
    }
    context.print(text)
  }

  /// "p. 12", "about p. 12" while the pagination is estimated, or the percent without pages.
  func place(_ match: SearchMatch) -> String {
    guard let page = match.page else { return ReadingTimeText.percent(match.totalProgression) }
    let exact = numbering?.number(of: match.locator).isExact ?? true
    return (exact ? "p. " : "about p. ") + page.grouped
  }

  /// The snippet with its match emphasized.
  func line(_ snippet: SearchSnippet) -> String {
    snippet.before + TerminalStyle.emphasized(snippet.match, styled: styled) + snippet.after
  }

  /// The snippet with its context shortened evenly on both sides so that it takes at
  /// most `width` terminal columns (the match itself is never cut).
  static func fitted(_ snippet: SearchSnippet, to width: Int) -> SearchSnippet {
    // Brackets around the match, and room for an ellipsis on each side.
    let available = max(width - DisplayWidth.of(snippet.match) - 4, 2)
    let beforeWidth = columns(snippet.before)
    let afterWidth = columns(snippet.after)
    guard beforeWidth + afterWidth > available else { return snippet }
    let half = available / 2
    let keepBefore =
      beforeWidth <= half ? beforeWidth : afterWidth <= half ? available - afterWidth : half
    let keepAfter = available - keepBefore
    var fitted = snippet
    if beforeWidth > keepBefore {
      var start = snippet.before.endIndex
      var used = 0
      for index in snippet.before.indices.reversed() {
        used += columns(snippet.before[index])
        if used > keepBefore { break }
        start = index
      }
      let kept = snippet.before[start...].drop { $0 == "…" || $0 == " " }
      fitted.before = "…" + kept
    }
    if afterWidth > keepAfter {
      var end = snippet.after.startIndex
      var used = 0
      for index in snippet.after.indices {
        used += columns(snippet.after[index])
        if used > keepAfter { break }
        end = snippet.after.index(after: index)
      }
      var kept = snippet.after[..<end]
      while let last = kept.last, last == "…" || last == " " { kept.removeLast() }
      fitted.after = kept + "…"
    }
    return fitted
  }

  /// Terminal columns, with ASCII counted without a Unicode property lookup.
  private static func columns(_ text: String) -> Int {
    text.reduce(0) { $0 + columns($1) }
  }

  private static func columns(_ character: Character) -> Int {
    character.isASCII ? 1 : DisplayWidth.of(character)
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
