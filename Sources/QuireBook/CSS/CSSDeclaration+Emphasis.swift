extension CSSDeclaration {
  /// `text-emphasis` and its longhands, with the `-webkit-` and `-epub-` prefixes;
  /// nil for other properties.
  static func parseEmphasis(property: String, value: Substring, raw: Substring)
    -> [CSSDeclaration]?
  {
    var name = Substring(property)
    for prefix in ["-webkit-", "-epub-"] where name.hasPrefix(prefix) {
      name = name.dropFirst(prefix.count)
    }
    switch name {
    case "text-emphasis":
      // `<style> || <color>`: whatever is not a style word is the colour.
      var declarations: [CSSDeclaration] = []
      var styleWords: [Substring] = []
      for word in words(raw) {
        let lower = Substring(word.lowercased())
        if isStyleWord(lower) || word.hasPrefix("\"") || word.hasPrefix("'") {
          styleWords.append(word)
        } else if let color = CSSColor.parse(lower) {
          declarations.append(.emphasisColor(color))
        }
      }
      if let style = parseEmphasisStyle(styleWords) { declarations.append(.emphasisStyle(style)) }
      return declarations
    case "text-emphasis-style":
      return parseEmphasisStyle(words(raw)).map { [.emphasisStyle($0)] } ?? []
    case "text-emphasis-color":
      if value == "currentcolor" { return [.emphasisColor(nil)] }
      return CSSColor.parse(value).map { [.emphasisColor($0)] } ?? []
    case "text-emphasis-position":
      return [.emphasisPosition(under: value.split(separator: " ").contains("under"))]
    default:
      return nil
    }
  }

  private static func isStyleWord(_ word: Substring) -> Bool {
    ["none", "filled", "open", "dot", "circle", "double-circle", "triangle", "sesame"]
      .contains(word)
  }

  /// The value's words, a quoted string kept whole.
  private static func words(_ value: Substring) -> [Substring] {
    var words: [Substring] = []
    var start: Substring.Index?
    var quote: Character?
    for index in value.indices {
      let character = value[index]
      if let open = quote {
        if character == open {
          words.append(value[start!...index])
          start = nil
          quote = nil
        }
      } else if character == "\"" || character == "'" {
        if let begun = start { words.append(value[begun..<index]) }
        start = index
        quote = character
      } else if character.isWhitespace {
        if let begun = start { words.append(value[begun..<index]) }
        start = nil
      } else if start == nil {
        start = index
      }
    }
    if let begun = start, quote == nil { words.append(value[begun...]) }
    return words
  }

  /// A style from its words: `none` (an `EmphasisStyle` with no mark), a quoted string,
  /// or `filled`/`open` with a shape; nil when the words are none of these.
  private static func parseEmphasisStyle(_ words: [Substring]) -> EmphasisStyle? {
    guard !words.isEmpty else { return nil }
    if words.count == 1, words[0].lowercased() == "none" { return EmphasisStyle(mark: nil) }
    if let word = words.first, word.count >= 2, word.first == "\"" || word.first == "'" {
      let string = String(word.dropFirst().dropLast())
      return string.isEmpty ? nil : EmphasisStyle(mark: EmphasisMark(string: string))
    }
    var filled: Bool?
    var shape: EmphasisMark.Shape?
    for word in words {
      switch word.lowercased() {
      case "filled": filled = true
      case "open": filled = false
      case "dot": shape = .dot
      case "circle": shape = .circle
      case "double-circle": shape = .doubleCircle
      case "triangle": shape = .triangle
      case "sesame": shape = .sesame
      default: return nil
      }
    }
    guard filled != nil || shape != nil else { return nil }
    return EmphasisStyle(mark: EmphasisMark(shape: shape ?? .circle, isFilled: filled ?? true))
  }
}

/// A computed `text-emphasis-style`: the mark, or none.
struct EmphasisStyle: Hashable, Sendable {
  var mark: EmphasisMark?
}
