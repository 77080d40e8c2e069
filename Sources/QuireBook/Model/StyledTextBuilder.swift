/// Builds a `StyledText` paragraph by paragraph, keeping its invariants.
///
/// Importers call `beginParagraph`, `append` text with attributes, and `endParagraph`;
/// the builder tracks UTF-16 offsets, merges equal neighbouring runs, and makes sure
/// every paragraph ends with exactly one "\n".
public struct StyledTextBuilder: Sendable {
  private var string = ""
  private var length = 0
  private var runs: [StyledRun<TextAttributes>] = []
  private var paragraphs: [StyledRun<ParagraphStyle>] = []
  private var links: [StyledRun<LinkTarget>] = []
  private var attachments: [Attachment] = []
  private var anchors: [String: Int] = [:]
  private var rubies: [RubyAnnotation] = []
  private var paragraphStart: Int?
  private var paragraphStyle = ParagraphStyle()
  private var openLink: (target: LinkTarget, start: Int)?

  /// An empty builder.
  public init() {}

  /// UTF-16 length of the text so far.
  public var currentOffset: Int { length }

  /// True when a paragraph is open and has no text yet.
  public var isParagraphEmpty: Bool { paragraphStart == length }

  /// True when a paragraph is open.
  public var isInParagraph: Bool { paragraphStart != nil }

  /// Starts a paragraph with `style`, closing any open one first.
  public mutating func beginParagraph(_ style: ParagraphStyle) {
    if paragraphStart != nil { endParagraph() }
    paragraphStart = length
    paragraphStyle = style
  }

  /// Changes the style of the open paragraph.
  public mutating func updateParagraphStyle(_ update: (inout ParagraphStyle) -> Void) {
    update(&paragraphStyle)
  }

  /// Appends text to the open paragraph (opening a body paragraph if none is open).
  ///
  /// "\n" inside `text` is not allowed (it would split the paragraph silently); pass
  /// paragraphs separately, or U+2028 for a line break.
  public mutating func append(_ text: String, _ attributes: TextAttributes = TextAttributes()) {
    if text.isEmpty { return }
    if paragraphStart == nil { beginParagraph(ParagraphStyle()) }
    appendRaw(text, attributes)
  }

  /// Appends an image attachment as one U+FFFC.
  public mutating func appendAttachment(
    href: String, alternativeText: String? = nil, intrinsicSize: Attachment.Size? = nil,
    _ attributes: TextAttributes = TextAttributes()
  ) {
    if paragraphStart == nil { beginParagraph(ParagraphStyle()) }
    attachments.append(
      Attachment(
        offset: length, href: href, alternativeText: alternativeText, intrinsicSize: intrinsicSize))
    appendRaw("\u{FFFC}", attributes)
  }

  /// Records that fragment `id` starts at the current offset (first one wins).
  public mutating func addAnchor(_ id: String) {
    if anchors[id] == nil { anchors[id] = length }
  }

  /// Annotates `base` (text already appended) with the ruby reading `text`; an empty
  /// base or reading, or one that overlaps an earlier annotation, is left out.
  public mutating func addRuby(base: Range<Int>, text: String) {
    guard !base.isEmpty, !text.isEmpty, base.upperBound <= length,
      rubies.last.map({ $0.base.upperBound <= base.lowerBound }) ?? true
    else { return }
    rubies.append(RubyAnnotation(base: base, text: text))
  }

  /// Starts a link at the current offset; text appended until `endLink()` belongs to it.
  public mutating func beginLink(_ target: LinkTarget) {
    endLink()
    openLink = (target, length)
  }

  /// Ends the open link, if any. Links never span paragraphs: `endParagraph` ends them.
  public mutating func endLink() {
    guard let link = openLink else { return }
    openLink = nil
    if length > link.start {
      links.append(StyledRun(range: link.start..<length, value: link.target))
    }
  }

  /// Closes the open paragraph with "\n"; an empty paragraph is dropped unless `keepEmpty`.
  public mutating func endParagraph(keepEmpty: Bool = false) {
    guard let start = paragraphStart else { return }
    endLink()
    paragraphStart = nil
    if start == length && !keepEmpty { return }
    let attributes = runs.last.map { $0.range.upperBound == length ? $0.value : TextAttributes() }
    appendRaw("\n", attributes ?? TextAttributes())
    paragraphs.append(StyledRun(range: start..<length, value: paragraphStyle))
  }

  /// Finishes the text, closing any open paragraph.
  public mutating func build() -> StyledText {
    endParagraph()
    var text = StyledText(
      string: string, runs: runs, paragraphs: paragraphs, links: links,
      attachments: attachments, anchors: anchors)
    text.rubies = rubies
    return text
  }

  private mutating func appendRaw(_ text: String, _ attributes: TextAttributes) {
    let count = text.utf16.count
    string += text
    if let last = runs.last, last.value == attributes, last.range.upperBound == length {
      runs[runs.count - 1].range = last.range.lowerBound..<(length + count)
    } else {
      runs.append(StyledRun(range: length..<(length + count), value: attributes))
    }
    length += count
  }
}
