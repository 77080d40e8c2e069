/// Paragraph-level style: how a block of text is set.
///
/// Lengths are in ems of the paragraph's body size, so they scale with the reader's
/// font size.
public struct ParagraphStyle: Hashable, Sendable, Codable {
  /// What the paragraph is, for the typesetter's keep/break rules and the reader's views.
  public enum Role: Hashable, Sendable, Codable {
    case body
    /// A heading of level 1…6; kept with the next paragraph.
    case heading(level: Int)
    case blockquote
    case listItem
    case preformatted
    /// A horizontal rule (`<hr>`): an empty paragraph the typesetter draws as a line.
    case rule
    /// A paragraph holding only an image (the attachment).
    case figure
    case caption
    /// The text of a footnote or endnote (`epub:type="footnote"` / `"endnote"`).
    case note
    /// A line of verse, kept line by line.
    case verse
  }

  /// Horizontal alignment of the lines.
  public enum Alignment: String, Hashable, Sendable, Codable {
    case justified
    case left
    case right
    case center
  }

  public var role: Role = .body
  public var alignment: Alignment = .justified
  /// Indent of the first line, in ems.
  public var firstLineIndent: Double = 0
  /// Indent of every line from the left (start) edge, in ems.
  public var leftIndent: Double = 0
  /// Indent of every line from the right (end) edge, in ems.
  public var rightIndent: Double = 0
  /// Space above the paragraph, in ems.
  public var spacingBefore: Double = 0
  /// Space below the paragraph, in ems.
  public var spacingAfter: Double = 0
  /// Line height as a multiple of the reader's line height; nil uses the reader's.
  public var lineHeightMultiple: Double?
  /// Whether words in this paragraph may be hyphenated.
  public var hyphenation = true
  /// Spaces and line breaks are kept as written (`<pre>`, CSS `white-space: pre` or
  /// `pre-wrap`): the typesetter never justifies or hyphenates the paragraph and wraps
  /// only a line too long for the page, with a hanging indent.
  public var preservesWhitespace = false
  /// Keep this paragraph on the same page as the next one (headings).
  public var keepWithNext = false
  /// Start this paragraph on a new page (CSS `page-break-before`).
  public var pageBreakBefore = false
  /// BCP 47 language of the paragraph, for hyphenation and CJK rules; nil = the book's.
  public var language: String?
  /// The paragraph's base direction (`dir`, CSS `direction`); nil: that of its language,
  /// else of its first strong character (UAX #9 rules P2, P3).
  public var direction: Direction?

  /// CSS `writing-mode` of the paragraph: nil is horizontal (`horizontal-tb`).
  public var writingMode: WritingMode?
  /// The absolutely positioned box the paragraph is set in on a fixed-layout page; nil
  /// for a paragraph of the flow.
  public var box: PositionedBox?

  /// The block flow of a paragraph (CSS Writing Modes 3 §3.1).
  public enum WritingMode: String, Hashable, Sendable, Codable {
    /// `vertical-rl` (and `-epub-`/`-webkit-writing-mode`, `tb-rl`): lines are columns set
    /// top to bottom, columns follow from right to left. Its indents are along the
    /// column (`leftIndent` from the top, `rightIndent` from the bottom) and its spacing
    /// across it (`spacingBefore` on the right).
    case verticalRightToLeft
  }

  /// Which way a paragraph's lines run.
  public enum Direction: String, Hashable, Sendable, Codable {
    case leftToRight
    case rightToLeft
  }

  /// A justified body paragraph with no indent or spacing.
  public init() {}

  /// A heading of the given level, centred or left as the book says, kept with the next.
  public static func heading(level: Int) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.role = .heading(level: level)
    style.alignment = .left
    style.keepWithNext = true
    style.hyphenation = false
    style.spacingBefore = 1
    style.spacingAfter = 0.5
    return style
  }
}
