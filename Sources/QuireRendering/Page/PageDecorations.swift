public import QuireBook

/// A range of a chapter's text marked in a colour: one of the library's highlights, or
/// the reader's selection.
public struct TextHighlight: Hashable, Sendable {
  /// How the mark is drawn.
  public enum Style: Hashable, Sendable {
    /// A band behind the text.
    case behind
    /// A line under the text, in the colour.
    case underline
    /// A line through the text, in the colour.
    case strike
  }

  /// Chapter UTF-16 range.
  public var range: Range<Int>
  /// The marker colour; its alpha sets how strongly the page shows through.
  public var color: Color
  public var style: Style

  /// Creates a highlight.
  public init(range: Range<Int>, color: Color, style: Style = .behind) {
    self.range = range
    self.color = color
    self.style = style
  }
}

/// What the caller marks on a page beyond the book's own styles.
public struct PageDecorations: Hashable, Sendable {
  /// The reader's highlights, drawn behind the text in their colours.
  public var highlights: [TextHighlight]
  /// Search matches (chapter UTF-16 ranges), drawn behind the text in the theme's colour.
  public var searchMatches: [Range<Int>]

  /// Creates decorations; both lists default to empty.
  public init(highlights: [TextHighlight] = [], searchMatches: [Range<Int>] = []) {
    self.highlights = highlights
    self.searchMatches = searchMatches
  }
}
