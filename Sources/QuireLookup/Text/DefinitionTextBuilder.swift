/// Builds a `DefinitionText` paragraph by paragraph, as the dictionary formats are read.
///
/// White space is collapsed: runs of spaces, tabs and line ends inside a paragraph become
/// one space, and paragraphs neither start nor end with one. Equal neighbouring spans are
/// merged; an empty paragraph is dropped; `blankLine()` spaces the next paragraph.
struct DefinitionTextBuilder {
  private var string = ""
  private var length = 0
  private var spans: [DefinitionText.Span] = []
  private var links: [DefinitionText.Link] = []
  private var paragraphs: [DefinitionText.Paragraph] = []
  private var paragraphStart: Int?
  private var indent = 0
  private var pendingSpace = false
  private var blankBefore = false
  private var openLink: (word: String?, start: Int)?
  /// The style of the last text appended, for the space after it.
  private var lastStyle: DefinitionText.Style = []

  /// The style text is appended in until changed.
  var style: DefinitionText.Style = []

  init() {}

  /// Whether anything has been appended to the open paragraph.
  var isParagraphEmpty: Bool { paragraphStart == nil || paragraphStart == length }

  /// Starts a paragraph at indent level `indent`, ending any open one.
  mutating func beginParagraph(indent: Int = 0) {
    endParagraph()
    paragraphStart = length
    self.indent = max(0, min(indent, 8))
  }

  /// Ends the open paragraph; one with no text is dropped.
  mutating func endParagraph() {
    guard let start = paragraphStart else { return }
    endLink()
    paragraphStart = nil
    pendingSpace = false
    if start == length { return }
    raw("\n", style: [])
    paragraphs.append(.init(range: start..<length, indent: indent, isSpaced: blankBefore))
    blankBefore = false
  }

  /// Marks a blank line: the next paragraph is spaced from this one.
  mutating func blankLine() {
    endParagraph()
    blankBefore = !paragraphs.isEmpty
  }

  /// Appends text in `style`, collapsing white space; "\n" counts as a space here.
  mutating func append(_ text: String) {
    if paragraphStart == nil { beginParagraph(indent: indent) }
    // Runs between white space are appended as slices of `text`, found by Unicode
    // scalars, not characters: a definition is long, and white space never belongs to a
    // grapheme cluster that starts with something else.
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    var run: String.Index?
    while index < scalars.endIndex {
      if Self.isSpace(scalars[index]) {
        if let start = run { appendRun(text[start..<index]) }
        run = nil
        pendingSpace = true
      } else if run == nil {
        run = index
      }
      index = scalars.index(after: index)
    }
    if let start = run { appendRun(text[start...]) }
  }

  /// Appends a run without white space, after the space owed before it.
  private mutating func appendRun(_ run: Substring) {
    if pendingSpace {
      // The space between two runs takes only the style they share, so a bold word's
      // span starts at the word and two italic words make one span.
      if length > paragraphStart! { raw(" ", style: lastStyle.intersection(style)) }
      pendingSpace = false
    }
    raw(String(run), style: style)
    lastStyle = style
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
        || scalar.value == 0x0B || scalar.value == 0x0C
    }
    return scalar.properties.isWhitespace && scalar.value != 0xA0
  }

  /// Appends text in `extra` style on top of the current one.
  mutating func append(_ text: String, adding extra: DefinitionText.Style) {
    let saved = style
    style.formUnion(extra)
    append(text)
    style = saved
  }

  /// Starts a link to `word` (nil: to the linked text itself, as XDXF's `<kref>`); text
  /// appended until `endLink()` belongs to it.
  mutating func beginLink(_ word: String?) {
    endLink()
    if paragraphStart == nil { beginParagraph(indent: indent) }
    // A space owed before the link's text belongs outside it.
    openLink = (word, length + (pendingSpace && length > paragraphStart! ? 1 : 0))
  }

  /// Ends the open link, if any.
  mutating func endLink() {
    guard let link = openLink else { return }
    openLink = nil
    guard length > link.start else { return }
    let word: String
    if let given = link.word {
      word = given.trimmingWhitespace
    } else {
      let utf16 = string.utf16
      word =
        String(string[utf16.index(utf16.startIndex, offsetBy: link.start)...])
        .trimmingWhitespace
    }
    if !word.isEmpty {
      links.append(.init(range: link.start..<length, word: word))
    }
  }

  /// The text built, closing any open paragraph.
  mutating func build() -> DefinitionText {
    endParagraph()
    return DefinitionText(string: string, spans: spans, links: links, paragraphs: paragraphs)
  }

  private mutating func raw(_ text: String, style: DefinitionText.Style) {
    let count = text.utf16.count
    string += text
    if !style.isEmpty {
      if let last = spans.last, last.style == style, last.range.upperBound == length {
        spans[spans.count - 1].range = last.range.lowerBound..<(length + count)
      } else {
        spans.append(.init(range: length..<(length + count), style: style))
      }
    }
    length += count
  }
}

extension String {
  /// The string without white space at either end.
  var trimmingWhitespace: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
