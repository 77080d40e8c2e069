/// What the converter knows about XHTML element names.
enum XHTMLElements {
  /// Elements whose CSS `float` is ignored: images and breaks stay where they are.
  static let floatless: Set<String> = ["img", "image", "svg", "br", "hr", "table"]

  /// Elements that are blocks unless CSS says otherwise.
  static let blocks: Set<String> = [
    "html", "body", "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol",
    "li", "dl", "dt", "dd", "pre", "listing", "xmp", "hr", "figure", "figcaption", "table",
    "caption", "thead", "tbody", "tfoot", "tr", "td", "th", "section", "article", "aside",
    "header", "footer", "nav", "hgroup", "main", "address", "center", "details", "summary",
    "fieldset", "legend", "form", "dialog", "search", "menu", "dir",
  ]

  /// Elements whose content is never shown as text.
  static let skipped: Set<String> = [
    "head", "script", "style", "iframe", "object", "template", "noscript", "embed", "audio",
    "video", "canvas", "rt", "rp", "title", "input", "select", "textarea", "button", "map",
    "area", "frame", "frameset", "noframes", "param", "source", "track", "meta", "link", "base",
    "annotation", "annotation-xml", "datalist",
  ]

  /// Elements whose margins are the reader's page margins, not the book's to set.
  static let pageLevel: Set<String> = ["html", "body"]

  /// The heading level of h1…h6, or nil.
  static func headingLevel(_ name: String) -> Int? {
    guard name.utf8.count == 2, name.hasPrefix("h"), let digit = name.last?.wholeNumberValue,
      (1...6).contains(digit)
    else { return nil }
    return digit
  }

  /// `epub:type` and `role` tokens of an element (EPUB 3 structural semantics, DPUB-ARIA).
  static func semanticTypes(of element: MarkupElement) -> [Substring] {
    var tokens: [Substring] = []
    if let types = element.value(of: "type", prefix: "epub") {
      tokens += types.split(whereSeparator: \.isWhitespace)
    }
    if let role = element.value(of: "role") {
      tokens += role.split(whereSeparator: \.isWhitespace)
    }
    // Books without structural semantics mark poems by class (Project Gutenberg's
    // `poem` and `stanza`, calibre's conversions): the same as `z3998:poem` here.
    if let classes = element.value(of: "class"),
      classes.split(whereSeparator: \.isWhitespace).contains(where: {
        verseClasses.contains($0.lowercased())
      })
    {
      tokens.append("z3998:poem")
    }
    return tokens
  }

  /// Class names that mark a block of verse.
  private static let verseClasses: Set<String> = ["poem", "poetry", "stanza", "verse"]

  private static let noteTypes: Set<Substring> = [
    "footnote", "footnotes", "endnote", "endnotes", "rearnote", "rearnotes", "note",
    "doc-footnote", "doc-endnote", "doc-endnotes",
  ]

  private static let verseTypes: Set<Substring> = [
    "z3998:poem", "z3998:verse", "z3998:song", "z3998:hymn",
  ]

  /// True for footnotes, endnotes and their containers.
  static func isNote(_ types: [Substring]) -> Bool { types.contains { noteTypes.contains($0) } }

  /// True for a footnote or endnote reference mark.
  static func isNoteReference(_ types: [Substring]) -> Bool {
    types.contains { $0 == "noteref" || $0 == "doc-noteref" }
  }

  /// True for poems and songs, set line by line.
  static func isVerse(_ types: [Substring]) -> Bool { types.contains { verseTypes.contains($0) } }

  /// `name` lower-cased, without allocating when it already is.
  static func lowercased(_ name: String) -> String {
    name.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
      ? name.lowercased() : name
  }
}
