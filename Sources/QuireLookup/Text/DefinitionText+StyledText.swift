public import QuireBook

extension DefinitionText {
  /// The text as QuireBook's `StyledText`, for a popup set by Quire's typesetter: the
  /// headword larger and bold, labels bold, examples and abbreviations italic, notes
  /// smaller, each paragraph indented by its level and spaced where the dictionary left a
  /// blank line. Offsets are unchanged, so `link(at:)` answers for a hit on it. Links are
  /// external links to `lookupURL(for:)`, which `word(fromLookupURL:)` reads back.
  ///
  /// - Parameter language: the dictionary's language, for hyphenation and fonts.
  public func styledText(language: String?) -> StyledText {
    var runs: [StyledRun<TextAttributes>] = []
    var position = 0
    for span in spans {
      if span.range.lowerBound > position {
        runs.append(StyledRun(range: position..<span.range.lowerBound, value: TextAttributes()))
      }
      runs.append(StyledRun(range: span.range, value: Self.attributes(span.style)))
      position = span.range.upperBound
    }
    if position < length {
      runs.append(StyledRun(range: position..<length, value: TextAttributes()))
    }
    let paragraphStyles = paragraphs.map { paragraph in
      var style = ParagraphStyle()
      style.alignment = .left
      style.leftIndent = Double(paragraph.indent) * 1.5
      style.spacingBefore = paragraph.isSpaced ? 0.6 : 0
      style.language = language
      return StyledRun(range: paragraph.range, value: style)
    }
    let targets = links.map {
      StyledRun(range: $0.range, value: LinkTarget.external(url: Self.lookupURL(for: $0.word)))
    }
    return StyledText(string: string, runs: runs, paragraphs: paragraphStyles, links: targets)
  }

  /// The address a definition's link carries in `styledText`: `quire-lookup:` and the
  /// percent-encoded headword. `LinkPolicy` refuses to open it, so a front end that does
  /// not know it shows nothing rather than starting a browser.
  public static func lookupURL(for word: String) -> String {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    var url = "quire-lookup:"
    for byte in word.utf8 {
      if allowed.contains(byte) {
        url.append(Character(Unicode.Scalar(byte)))
      } else {
        url += "%" + String(byte, radix: 16, uppercase: true).leftPadded
      }
    }
    return url
  }

  /// The headword of a `lookupURL(for:)` address, or nil for any other link.
  public static func word(fromLookupURL url: String) -> String? {
    guard url.hasPrefix("quire-lookup:") else { return nil }
    let word = String(url.dropFirst("quire-lookup:".count)).removingPercentEncodingIfAny
    return word.isEmpty ? nil : word
  }

  private static func attributes(_ style: Style) -> TextAttributes {
    var attributes = TextAttributes()
    if style.contains(.bold) || style.contains(.label) { attributes.weight = 700 }
    if style.contains(.italic) || style.contains(.example) { attributes.isItalic = true }
    if style.contains(.headword) { attributes.fontScale = 1.15 }
    if style.contains(.note) { attributes.fontScale = 0.85 }
    if style.contains(.superscript) { attributes.baselineShift = .superscript }
    if style.contains(.subscript) { attributes.baselineShift = .subscript }
    if style.contains(.title) {
      attributes.fontFamily = .sansSerif
      attributes.weight = 700
      attributes.fontScale = 0.85
    }
    return attributes
  }
}

extension String {
  fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
