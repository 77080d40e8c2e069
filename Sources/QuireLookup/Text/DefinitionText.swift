/// A definition as a reader sees it: text in paragraphs, with styled spans and links to
/// other entries, ready for a popup to draw.
///
/// Every paragraph ends with "\n"; offsets are UTF-16 code units of `string`, as
/// everywhere in Quire. Spans and links are sorted and do not overlap. A link names the
/// headword it leads to; a popup follows it by looking that word up
/// (`DictionaryShelf.lookUp`) and showing the result in place. `styledText(language:)`
/// gives the same text as QuireBook's `StyledText`, for the typesetter.
public struct DefinitionText: Hashable, Sendable, Codable {
  /// How a span of text is set.
  public struct Style: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let bold = Style(rawValue: 1 << 0)
    public static let italic = Style(rawValue: 1 << 1)
    /// The word the entry defines, at its start.
    public static let headword = Style(rawValue: 1 << 2)
    /// A pronunciation or transcription.
    public static let pronunciation = Style(rawValue: 1 << 3)
    /// A sense number or part-of-speech label ("1.", "n 2:", "(a)").
    public static let label = Style(rawValue: 1 << 4)
    /// An example or quotation.
    public static let example = Style(rawValue: 1 << 5)
    /// A remark set smaller: an abbreviation, a source ("[1913 Webster]").
    public static let note = Style(rawValue: 1 << 6)
    public static let superscript = Style(rawValue: 1 << 7)
    public static let `subscript` = Style(rawValue: 1 << 8)
    /// A dictionary's name above its definition (`LookupResult.popupText`).
    public static let title = Style(rawValue: 1 << 9)
  }

  /// A styled range.
  public struct Span: Hashable, Sendable, Codable {
    public var range: Range<Int>
    public var style: Style
  }

  /// A range that leads to another entry.
  public struct Link: Hashable, Sendable, Codable {
    public var range: Range<Int>
    /// The headword to look up when the link is followed.
    public var word: String
  }

  /// A paragraph: its range (ending after its "\n") and how it is set.
  public struct Paragraph: Hashable, Sendable, Codable {
    public var range: Range<Int>
    /// Indent level: 0 at the margin, each level about one and a half ems further in.
    public var indent: Int
    /// A blank line comes before it in the dictionary: space it from the one before.
    public var isSpaced: Bool
  }

  public var string: String
  public var spans: [Span]
  public var links: [Link]
  public var paragraphs: [Paragraph]

  /// Creates a text from its parts; `DefinitionTextBuilder` keeps them consistent.
  public init(string: String, spans: [Span], links: [Link], paragraphs: [Paragraph]) {
    self.string = string
    self.spans = spans
    self.links = links
    self.paragraphs = paragraphs
  }

  /// No text.
  public static let empty = DefinitionText(string: "", spans: [], links: [], paragraphs: [])

  /// Length in UTF-16 code units.
  public var length: Int { string.utf16.count }

  /// The link at a UTF-16 offset (a click or a tap in the popup), if there is one.
  public func link(at offset: Int) -> Link? {
    var low = 0
    var high = links.count
    while low < high {
      let middle = (low + high) / 2
      if links[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low < links.count && links[low].range.contains(offset) ? links[low] : nil
  }

  /// The text of a UTF-16 range.
  public func substring(_ range: Range<Int>) -> String {
    let utf16 = string.utf16
    let start = utf16.index(utf16.startIndex, offsetBy: max(0, min(range.lowerBound, length)))
    let end = utf16.index(utf16.startIndex, offsetBy: max(0, min(range.upperBound, length)))
    return String(string[start..<end])
  }

  /// The text alone, paragraphs one a line.
  public var plainText: String {
    string.hasSuffix("\n") ? String(string.dropLast()) : string
  }
}
