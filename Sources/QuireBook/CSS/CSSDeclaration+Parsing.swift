extension CSSDeclaration {
  /// Parses one property (lower-cased name) and its value; returns nothing for properties
  /// and values Quire does not use, several declarations for shorthands.
  static func parse(property: String, value rawValue: Substring) -> [CSSDeclaration] {
    let value = Substring(rawValue.lowercased())
    if property.contains("text-emphasis"),
      let emphasis = parseEmphasis(property: property, value: value, raw: rawValue)
    {
      return emphasis
    }
    switch property {
    case "font-style":
      switch value {
      case "italic", "oblique": return [.fontStyle(italic: true)]
      case "normal": return [.fontStyle(italic: false)]
      default: return []
      }
    case "font-weight": return parseFontWeight(value).map { [.fontWeight($0)] } ?? []
    case "font-size": return parseFontSize(value).map { [.fontSize($0)] } ?? []
    case "font-family": return parseFontFamily(rawValue).map { [.fontFamily($0)] } ?? []
    case "font-variant", "font-variant-caps":
      if value.contains("small-caps") { return [.smallCaps(true)] }
      if value == "normal" || value == "none" { return [.smallCaps(false)] }
      return []
    case "text-transform": return parseTextTransform(value).map { [.textTransform($0)] } ?? []
    case "text-align": return parseTextAlign(value).map { [.textAlign($0)] } ?? []
    case "text-indent": return CSSLength(value).map { [.textIndent($0)] } ?? []
    case "margin": return parseMarginShorthand(value)
    case "margin-top": return CSSLength(value).map { [.margin(.top, $0)] } ?? []
    case "margin-right": return CSSLength(value).map { [.margin(.right, $0)] } ?? []
    case "margin-bottom": return CSSLength(value).map { [.margin(.bottom, $0)] } ?? []
    case "margin-left": return CSSLength(value).map { [.margin(.left, $0)] } ?? []
    case "display": return parseDisplay(value).map { [.display($0)] } ?? []
    case "page-break-before", "break-before":
      switch value {
      case "always", "page", "left", "right", "recto", "verso": return [.pageBreakBefore(true)]
      case "auto", "avoid", "avoid-page": return [.pageBreakBefore(false)]
      default: return []
      }
    case "text-decoration", "text-decoration-line":
      if value == "none" { return [.textDecoration(underline: false, lineThrough: false)] }
      let underline = value.contains("underline")
      let lineThrough = value.contains("line-through")
      if !underline && !lineThrough { return [] }
      return [.textDecoration(underline: underline, lineThrough: lineThrough)]
    case "vertical-align":
      switch value {
      case "super", "top", "text-top": return [.verticalAlign(.superscript)]
      case "sub", "bottom", "text-bottom": return [.verticalAlign(.subscript)]
      case "baseline", "middle": return [.verticalAlign(.none)]
      default: return []
      }
    case "float":
      switch value {
      case "left", "inline-start": return [.float(.left)]
      case "right", "inline-end": return [.float(.right)]
      case "none": return [.float(nil)]
      default: return []
      }
    case "color": return parseColor(value, ignoringDark: true)
    case "background-color", "background": return parseBackground(value)
    case "white-space":
      switch value {
      case "pre", "pre-wrap", "break-spaces", "pre-line": return [.preservesWhitespace(true)]
      case "normal", "nowrap": return [.preservesWhitespace(false)]
      default: return []
      }
    case "hyphens", "-epub-hyphens", "-webkit-hyphens", "adobe-hyphenate":
      switch value {
      case "none", "manual": return [.hyphens(false)]
      case "auto": return [.hyphens(true)]
      default: return []
      }
    case "list-style-type", "list-style":
      for word in value.split(separator: " ") {
        if let style = listStyles[String(word)] { return [.listStyle(style)] }
      }
      return []
    case "quotes":
      return [.quotes(value != "none")]
    case "direction":
      switch value {
      case "ltr": return [.direction(.leftToRight)]
      case "rtl": return [.direction(.rightToLeft)]
      default: return []
      }
    default:
      return parseHiding(property: property, value: value)
        ?? parseWritingMode(property: property, value: value) ?? []
    }
  }

  private static let listStyles: [String: ListStyle] = [
    "none": .none, "disc": .disc, "circle": .circle, "square": .square, "decimal": .decimal,
    "lower-alpha": .lowerAlpha, "lower-latin": .lowerAlpha, "upper-alpha": .upperAlpha,
    "upper-latin": .upperAlpha, "lower-roman": .lowerRoman, "upper-roman": .upperRoman,
  ]

  private static func parseFontWeight(_ value: Substring) -> FontWeight? {
    switch value {
    case "bold": return .absolute(700)
    case "normal": return .absolute(400)
    case "bolder": return .bolder
    case "lighter": return .lighter
    default:
      guard let number = Int(value), (1...1000).contains(number) else { return nil }
      return .absolute(number)
    }
  }

  private static let fontSizeKeywords: [Substring: FontSize] = [
    "xx-small": .absolute(0.6), "x-small": .absolute(0.75), "small": .absolute(0.89),
    "medium": .absolute(1), "large": .absolute(1.2), "x-large": .absolute(1.5),
    "xx-large": .absolute(2), "xxx-large": .absolute(3),
    "smaller": .relative(1 / 1.2), "larger": .relative(1.2),
  ]

  private static func parseFontSize(_ value: Substring) -> FontSize? {
    if let keyword = fontSizeKeywords[value] { return keyword }
    guard let length = CSSLength(value) else { return nil }
    let size: FontSize
    switch length {
    case .em(let scale): size = .relative(scale)
    case .percent(let percent): size = .relative(percent / 100)
    case .rem(let scale): size = .absolute(scale)
    case .auto: return nil
    }
    switch size {
    case .relative(let scale), .absolute(let scale):
      // 0 is kept: `font-size: 0` hides text (screen-reader headings).
      return scale >= 0 && scale <= 10 ? size : nil
    }
  }

  /// A generic family alone, or the list of names in priority order ("Stix, serif"): the
  /// typesetter takes the first one installed.
  private static func parseFontFamily(_ value: Substring) -> TextAttributes.FontFamily? {
    let names = value.split(separator: ",").map {
      $0.trimmingCharacters(in: [" ", "\t", "\n", "\r", "\"", "'"])
    }
    guard let first = names.first else { return nil }
    switch first.lowercased() {
    case "": return nil
    case "serif": return .serif
    case "sans-serif": return .sansSerif
    case "monospace": return .monospace
    case "inherit", "initial", "unset", "cursive", "fantasy", "system-ui": return nil
    default: return .named(names.filter { !$0.isEmpty }.joined(separator: ", "))
    }
  }

  private static func parseTextTransform(_ value: Substring) -> TextTransform? {
    switch value {
    case "uppercase": .uppercase
    case "lowercase": .lowercase
    case "capitalize": .capitalize
    case "none": TextTransform.none
    default: nil
    }
  }

  private static func parseTextAlign(_ value: Substring) -> ParagraphStyle.Alignment? {
    switch value {
    case "left", "start": .left
    case "right", "end": .right
    case "center", "-webkit-center": .center
    case "justify": .justified
    default: nil
    }
  }

  private static func parseDisplay(_ value: Substring) -> Display? {
    switch value {
    case "none": Display.none
    case "inline", "inline-block", "inline-flex", "inline-table", "contents", "ruby": .inline
    case "block", "list-item", "flex", "grid", "table", "table-row", "table-cell", "flow-root",
      "table-caption", "table-row-group", "table-header-group", "table-footer-group":
      .block
    default: nil
    }
  }

  private static func parseMarginShorthand(_ value: Substring) -> [CSSDeclaration] {
    let lengths = value.split(separator: " ").compactMap { CSSLength($0) }
    let parts = value.split(separator: " ")
    guard !parts.isEmpty, lengths.count == parts.count, parts.count <= 4 else { return [] }
    let top = lengths[0]
    let right = lengths.count > 1 ? lengths[1] : top
    let bottom = lengths.count > 2 ? lengths[2] : top
    let left = lengths.count > 3 ? lengths[3] : right
    return [
      .margin(.top, top), .margin(.right, right), .margin(.bottom, bottom), .margin(.left, left),
    ]
  }

  private static func parseColor(_ value: Substring, ignoringDark: Bool) -> [CSSDeclaration] {
    switch value {
    case "inherit", "currentcolor", "initial", "unset", "auto": return [.color(nil)]
    default:
      guard let color = CSSColor.parse(value) else { return [] }
      if color.alpha == 0 || CSSColor.isNearBlack(color) { return [.color(nil)] }
      return [.color(color)]
    }
  }

  private static func parseBackground(_ value: Substring) -> [CSSDeclaration] {
    switch value {
    case "none", "transparent", "inherit", "initial", "unset": return [.backgroundColor(nil)]
    default:
      // The shorthand may carry images and positions: only a lone colour is used.
      guard let color = CSSColor.parse(value) else { return [] }
      if color.alpha == 0 || CSSColor.isNearWhite(color) { return [.backgroundColor(nil)] }
      return [.backgroundColor(color)]
    }
  }
}
