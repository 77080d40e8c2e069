public import QuireBook

/// One occurrence of a search query in a book.
public struct SearchMatch: Hashable, Sendable {
  /// The chapter's index in `Book.chapters`.
  public var chapterIndex: Int
  /// Where the match is in the chapter's text, in UTF-16 units.
  public var range: Range<Int>
  /// The match with up to 40 characters of context on each side, on one line.
  public var snippet: SearchSnippet
  /// Progress through the book at the match's start, 0…1, by characters (from the
  /// chapters' `estimatedLength`, exact for TXT).
  public var totalProgression: Double
  /// The page the match is on, when the search was given a page-number function.
  public var page: Int?

  /// Creates a match.
  public init(
    chapterIndex: Int, range: Range<Int>, snippet: SearchSnippet, totalProgression: Double,
    page: Int? = nil
  ) {
    self.chapterIndex = chapterIndex
    self.range = range
    self.snippet = snippet
    self.totalProgression = totalProgression
    self.page = page
  }

  /// The position of the match's start, with its context for re-anchoring: what a
  /// "go to result" or "bookmark this result" needs.
  public var locator: Locator {
    Locator(
      chapterIndex: chapterIndex, offset: range.lowerBound, totalProgression: totalProgression,
      textBefore: snippet.contextBefore, textAfter: snippet.match + snippet.contextAfter)
  }
}

/// The text around a match, split so a front end can highlight the match.
public struct SearchSnippet: Hashable, Sendable, Codable {
  /// The text before the match, starting with "…" when it does not start the chapter.
  public var before: String
  /// The matched text as it is in the book (not folded).
  public var match: String
  /// The text after the match, ending with "…" when it does not end the chapter.
  public var after: String

  /// Creates a snippet.
  public init(before: String, match: String, after: String) {
    self.before = before
    self.match = match
    self.after = after
  }

  /// The whole snippet as one line.
  public var text: String { before + match + after }

  /// `before` without its ellipsis.
  var contextBefore: String { before.hasPrefix("…") ? String(before.dropFirst()) : before }
  /// `after` without its ellipsis.
  var contextAfter: String { after.hasSuffix("…") ? String(after.dropLast()) : after }
}
