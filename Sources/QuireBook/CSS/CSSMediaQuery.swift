/// Decides whether a media query list applies to Quire, the way a reading system does
/// (Media Queries Level 4, simplified).
///
/// Quire is a screen: `all` and `screen` apply; `print`, `speech`, `amzn-kf8`,
/// `amzn-mobi` and unknown media types do not. Pages are portrait, in colour. Width and
/// height features are taken as matching: styled text is converted once for every page
/// size, so a chapter cannot depend on the page width. An unknown feature does not match,
/// and a query that cannot be parsed is false (`not` then makes it true, as in CSS).
enum CSSMediaQuery {
  /// True when any query of the comma-separated `list` applies; an empty list applies.
  static func applies(_ list: Substring) -> Bool {
    let queries = CSSScanner.splitTopLevel(list, on: ",")
    if queries.count == 1, queries[0].allSatisfy(\.isWhitespace) { return true }
    return queries.contains { applies(query: $0) }
  }

  private static func applies(query: Substring) -> Bool {
    var words = tokens(query.lowercased())
    var negated = false
    if words.first == "not" {
      negated = true
      words.removeFirst()
    } else if words.first == "only" {
      words.removeFirst()
    }
    var result = true
    var expectsCondition = false
    for (position, word) in words.enumerated() {
      if word == "and" {
        expectsCondition = true
        continue
      }
      if word.hasPrefix("(") {
        result = result && feature(word.dropFirst().dropLast())
      } else if position == 0 && !expectsCondition {
        result = result && mediaType(word)
      } else {
        result = false  // garbage: a query that cannot be parsed is "not all"
      }
      expectsCondition = false
    }
    if expectsCondition { result = false }  // a dangling "and"
    return negated ? !result : result
  }

  private static func mediaType(_ type: String) -> Bool {
    type == "all" || type == "screen"
  }

  /// Whether one `(name: value)` or `(name)` feature matches a portrait colour screen.
  private static func feature(_ text: Substring) -> Bool {
    let parts = text.split(separator: ":", maxSplits: 1)
    let name = parts.first.map { $0.filter { !$0.isWhitespace } } ?? ""
    let value = parts.count > 1 ? parts[1].filter { !$0.isWhitespace } : ""
    for prefix in ["min-", "max-", ""] where name.hasPrefix(prefix) {
      let base = name.dropFirst(prefix.count)
      switch base {
      case "width", "height", "device-width", "device-height", "aspect-ratio",
        "device-aspect-ratio", "resolution":
        return true
      case "orientation": return value.isEmpty || value == "portrait"
      case "color", "color-index": return prefix != "max-" || value != "0"
      case "monochrome": return prefix == "max-" && value == "0"
      case "-webkit-min-device-pixel-ratio", "-webkit-max-device-pixel-ratio",
        "-webkit-device-pixel-ratio":
        return true
      default: continue
      }
    }
    return false
  }

  /// Words and parenthesised features: "screen and (min-width: 30em)" →
  /// ["screen", "and", "(min-width: 30em)"].
  private static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      if character == "(" {
        if depth == 0 && !current.isEmpty {
          tokens.append(current)
          current = ""
        }
        depth += 1
        current.append(character)
      } else if character == ")" {
        current.append(character)
        depth = max(0, depth - 1)
        if depth == 0 {
          tokens.append(current)
          current = ""
        }
      } else if character.isWhitespace && depth == 0 {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }
}
