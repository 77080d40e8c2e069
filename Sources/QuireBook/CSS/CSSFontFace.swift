/// An `@font-face` rule (CSS Fonts 4 §4): a family name bound to a font file of the book.
struct CSSFontFace: Hashable, Sendable {
  /// The family name the rule declares, unquoted.
  var family: String
  /// 100…900 (`normal` 400, `bold` 700); a range such as `100 900` keeps its first value.
  var weight: Int
  var isItalic: Bool
  /// The `src` URL Quire can use, as written (relative to the stylesheet).
  var url: String

  /// The face a declaration block describes, or nil when it names no family or no
  /// TrueType/OpenType source. WOFF and WOFF2 are passed over: HarfBuzz shapes only
  /// uncompressed sfnt data.
  init?(block: Substring) {
    var family: String?
    var weight = 400
    var isItalic = false
    var url: String?
    for (name, value, _) in CSSScanner.declarations(in: block) {
      switch name {
      case "font-family":
        let unquoted = value.trimmingCharacters(in: [" ", "\t", "\n", "\r", "\"", "'"])
        if !unquoted.isEmpty { family = unquoted }
      case "font-weight":
        switch value.lowercased() {
        case "normal": weight = 400
        case "bold": weight = 700
        default:
          if let first = value.split(separator: " ").first, let number = Int(first),
            (1...1000).contains(number)
          {
            weight = number
          }
        }
      case "font-style":
        isItalic = value.lowercased().hasPrefix("italic") || value.lowercased().hasPrefix("oblique")
      case "src":
        url = Self.usableSource(value)
      default:
        break
      }
    }
    guard let family, let url else { return nil }
    self.family = family
    self.weight = weight
    self.isItalic = isItalic
    self.url = url
  }

  /// The first `url(…)` of a `src` list whose format (or file extension) is TrueType or
  /// OpenType; `local(…)` entries are skipped.
  static func usableSource(_ value: Substring) -> String? {
    for candidate in CSSScanner.splitTopLevel(value, on: ",") {
      guard let (url, end) = CSSURL.parse(candidate) else { continue }
      let hint = candidate[end...].lowercased()
      if hint.contains("format(") {
        let formats = ["truetype", "opentype", "\"ttf\"", "'ttf'", "\"otf\""]
        if formats.contains(where: { hint.contains($0) }) && !hint.contains("woff") { return url }
        continue
      }
      let path = url.lowercased().split(separator: "?").first.map(String.init) ?? ""
      if path.hasSuffix(".ttf") || path.hasSuffix(".otf") || path.hasSuffix(".ttc") {
        return url
      }
      // An unknown extension (e.g. ".obf"): sniffed for a font signature when read.
      if !path.hasSuffix(".woff") && !path.hasSuffix(".woff2") && !path.hasSuffix(".svg")
        && !path.hasSuffix(".eot")
      {
        return url
      }
    }
    return nil
  }
}
