public import QuireBook
public import QuireTypesetting

extension ReadingSettings {
  /// A stable hex digest of the fields that can move a page break: font family and size,
  /// line height, margins, justification, hyphenation, page size, embedded fonts when
  /// they are turned off, and the cell backend when it is used (left out when on, so hashes from before the setting stay valid).
  ///
  /// Stable across processes and machines (FNV-1a 64 over a canonical text, not Swift's
  /// seeded `Hasher`), so it can key the library's pagination cache. Theme and turn mode
  /// are left out: changing them keeps the cached page breaks.
  public var layoutHash: String {
    var fields: [String] = [
      "layout-v1", fontFamily ?? "", canonical(fontSize), canonical(lineHeight),
      canonical(margins.top), canonical(margins.left), canonical(margins.bottom),
      canonical(margins.right), justification ? "j" : "r", hyphenation ? "h" : "n",
      canonical(pageWidth), canonical(pageHeight),
    ]
    if !embeddedFonts { fields.append("no-embedded-fonts") }
    if writingMode != .auto { fields.append("writing-\(writingMode.rawValue)") }
    if backend == .cells { fields.append("cells") }
    if backend == .cells && ambiguousWide { fields.append("ambiguous-wide") }
    if backend == .cells && terminalRuby == .hidden { fields.append("ruby-hidden") }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in fields.joined(separator: "|").utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The typesetter's settings for a book in `language` (its text without a language of
  /// its own is hyphenated in the book's).
  public func layoutSettings(language: String?) -> LayoutSettings {
    var settings = layoutSettings
    if let language, !language.isEmpty { settings.hyphenationLanguage = language }
    return settings
  }

  /// A chapter's text as these settings lay it out: ragged right when justification is
  /// off (the book's centred and right-aligned paragraphs stay as they are).
  public func prepared(_ text: StyledText) -> StyledText {
    justification ? text : text.withoutJustification()
  }

  /// A paginator for a chapter's `text` that cuts the pages a reading session with these
  /// settings shows: the session's chapter layouts and its exact pass's workers use it.
  package func paginator(
    text: StyledText, language: String?, source: any GlyphSource
  ) -> Paginator {
    Paginator(
      text: prepared(text), container: container, settings: layoutSettings(language: language),
      source: source)
  }

  /// The typesetter's settings for these reader settings.
  var layoutSettings: LayoutSettings {
    let cells = backend == .cells
    var settings = LayoutSettings(
      fontSize: cells ? 1 : fontSize, lineHeight: cells ? 1 : lineHeight,
      hyphenation: hyphenation)
    settings.embeddedFonts = embeddedFonts
    settings.terminalRuby = terminalRuby
    settings.writingMode = writingMode
    return settings
  }

  /// The page container for these reader settings.
  public var container: TextContainer {
    backend == .cells
      ? TextContainer(
        width: pageWidth, height: pageHeight, margins: margins, minimumSegmentWidth: 4)
      : TextContainer(width: pageWidth, height: pageHeight, margins: margins)
  }

  /// A number written the same way on every platform (shortest round-trip form).
  private func canonical(_ value: Double) -> String { "\(value)" }
}
