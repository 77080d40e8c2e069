/// A parsed stylesheet: the rules Quire can use, in source order.
struct CSSStylesheet: Hashable, Sendable {
  /// One declaration with its `!important` flag.
  struct Property: Hashable, Sendable {
    var declaration: CSSDeclaration
    var isImportant: Bool
  }

  /// A rule: a selector list and the declarations it sets.
  struct Rule: Hashable, Sendable {
    var selectors: [CSSSelector]
    var properties: [Property]
  }

  var rules: [Rule]
  /// The sheet's `@font-face` rules that name a usable source, in source order.
  var fontFaces: [CSSFontFace]
  /// URLs of the sheet's `@import`s whose media apply, as written (relative to the sheet).
  var imports: [String]

  /// Parses `text`, keeping rules that have at least one usable selector and declaration.
  init(parsing text: String) {
    let sheet = CSSScanner.sheet(text)
    fontFaces = sheet.fontFaces.compactMap(CSSFontFace.init(block:))
    imports = sheet.imports
    rules = sheet.rules.compactMap { raw in
      if CSSStylesheet.blanksQuotes(raw) {
        return Rule(
          selectors: [CSSSelector(compounds: [.init(tag: "q")], combinators: [])],
          properties: [Property(declaration: .quotes(false), isImportant: false)])
      }
      let properties = CSSStylesheet.properties(in: raw.block)
      if properties.isEmpty { return nil }
      let selectors = CSSSelector.parseList(raw.prelude)
      if selectors.isEmpty { return nil }
      return Rule(selectors: selectors, properties: properties)
    }
  }

  /// True for `q::before, q::after { content: "" }`: the book writes its quotation marks
  /// in the text (Standard Ebooks does), so `<q>` must not add any. Generated content is
  /// otherwise not supported.
  private static func blanksQuotes(_ rule: CSSScanner.RawRule) -> Bool {
    let selectors = CSSScanner.splitTopLevel(rule.prelude, on: ",").map {
      $0.filter { !$0.isWhitespace }
    }
    guard
      selectors.contains(where: { ["q::before", "q:before", "q::after", "q:after"].contains($0) })
    else { return false }
    return CSSScanner.declarations(in: rule.block).contains {
      $0.name == "content" && ["\"\"", "''", "none"].contains($0.value)
    }
  }

  /// Parses a declaration block such as a `style=""` attribute.
  static func properties(in block: Substring) -> [Property] {
    CSSScanner.declarations(in: block).flatMap { name, value, important in
      CSSDeclaration.parse(property: name, value: value).map {
        Property(declaration: $0, isImportant: important)
      }
    }
  }
}
