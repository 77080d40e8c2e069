/// A value that applies to a range of a `StyledText`.
public struct StyledRun<Value: Hashable & Sendable>: Hashable, Sendable {
  /// UTF-16 range in the text.
  public var range: Range<Int>
  public var value: Value

  /// Creates a run.
  public init(range: Range<Int>, value: Value) {
    self.range = range
    self.value = value
  }
}

extension StyledRun: Codable where Value: Codable {}

/// The text of one chapter with its styles: the model of the TextKit analogue.
///
/// One string plus sorted runs. Every paragraph ends with "\n" (U+000A); a line break
/// inside a paragraph is U+2028; an image is one U+FFFC with an `Attachment`.
/// Offsets are UTF-16 code units (see `Locator`).
public struct StyledText: Hashable, Sendable {
  public var string: String
  /// Character attributes: sorted, contiguous, covering the whole string.
  public var runs: [StyledRun<TextAttributes>]
  /// Paragraph styles: sorted, contiguous, each range ending just after its "\n".
  public var paragraphs: [StyledRun<ParagraphStyle>]
  /// Link ranges, sorted, not overlapping.
  public var links: [StyledRun<LinkTarget>]
  /// Images, sorted by offset.
  public var attachments: [Attachment]
  /// Fragment ids (`id="…"` in XHTML) mapped to the UTF-16 offset where they start.
  public var anchors: [String: Int]
  /// The fonts the chapter's stylesheets embed (`@font-face`), for family names in `runs`.
  public var fontFaces: [FontFace] = []
  /// Ruby annotations (`<ruby>`), sorted by base, not overlapping; their readings are not
  /// in `string`.
  public var rubies: [RubyAnnotation] = []
  /// Set for a fixed-layout page: the typesetter lays the text out at the page's own size
  /// and scales it to fit, one page for the whole chapter (`Page.Kind.fixed`).
  public var fixedLayout: FixedLayout?

  /// Creates styled text from its parts; use `StyledTextBuilder` to build one.
  public init(
    string: String, runs: [StyledRun<TextAttributes>], paragraphs: [StyledRun<ParagraphStyle>],
    links: [StyledRun<LinkTarget>] = [], attachments: [Attachment] = [],
    anchors: [String: Int] = [:]
  ) {
    self.string = string
    self.runs = runs
    self.paragraphs = paragraphs
    self.links = links
    self.attachments = attachments
    self.anchors = anchors
  }

  /// An empty text.
  public static let empty = StyledText(string: "", runs: [], paragraphs: [])

  /// Length in UTF-16 code units.
  public var length: Int { string.utf16.count }

  /// The plain text of a UTF-16 range, clamped to the text.
  public func substring(_ range: Range<Int>) -> String {
    let utf16 = string.utf16
    let lower = max(0, min(range.lowerBound, utf16.count))
    let upper = max(lower, min(range.upperBound, utf16.count))
    let start = utf16.index(utf16.startIndex, offsetBy: lower)
    let end = utf16.index(start, offsetBy: upper - lower)
    return String(string[start..<end])
  }
}
