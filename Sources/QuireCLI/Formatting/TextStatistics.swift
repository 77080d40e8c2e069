/// Character and word counts of a book's text, as `quire info` reports them.
///
/// Characters are Unicode scalars other than line and paragraph breaks, combining marks,
/// format characters and image placeholders: roughly what a reader counts, spaces
/// included. Words are whitespace-separated tokens with at least one letter or digit,
/// except that each CJK ideograph or kana counts as a word of its own (the usual way to
/// measure Chinese and Japanese text, where words are not separated).
struct TextStatistics: Equatable, Sendable {
  var characters = 0
  var words = 0

  /// The counts of `text`.
  static func of(_ text: String) -> TextStatistics {
    var statistics = TextStatistics()
    statistics.add(text)
    return statistics
  }

  /// Adds the counts of `text` (counts are additive over paragraphs, since every
  /// paragraph ends with a break).
  /// - Complexity: O(n) in the text's scalars, with an ASCII fast path.
  mutating func add(_ text: String) {
    var inToken = false
    var tokenHasLetter = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        if value == 0x20 || (0x09...0x0D).contains(value) {
          endToken(&inToken, &tokenHasLetter)
          if value == 0x20 || value == 0x09 { characters += 1 }
          continue
        }
        characters += 1
        inToken = true
        if (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
          || (0x61...0x7A).contains(value)
        {
          tokenHasLetter = true
        }
        continue
      }
      addNonASCII(scalar, &inToken, &tokenHasLetter)
    }
    endToken(&inToken, &tokenHasLetter)
  }

  private mutating func addNonASCII(
    _ scalar: Unicode.Scalar, _ inToken: inout Bool, _ tokenHasLetter: inout Bool
  ) {
    switch scalar.value {
    case 0x2028, 0x2029, 0x85, 0xFFFC:
      endToken(&inToken, &tokenHasLetter)
      return
    default: break
    }
    let properties = scalar.properties
    if properties.isWhitespace {
      endToken(&inToken, &tokenHasLetter)
      characters += 1
      return
    }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .format: return
    default: break
    }
    characters += 1
    if TextStatistics.isCJKWord(scalar) {
      endToken(&inToken, &tokenHasLetter)
      words += 1
      return
    }
    inToken = true
    if properties.isAlphabetic || properties.numericType != nil { tokenHasLetter = true }
  }

  private mutating func endToken(_ inToken: inout Bool, _ tokenHasLetter: inout Bool) {
    if inToken && tokenHasLetter { words += 1 }
    inToken = false
    tokenHasLetter = false
  }

  /// Ideographs and kana: each is a word.
  private static func isCJKWord(_ scalar: Unicode.Scalar) -> Bool {
    (0x3041...0x30FF).contains(scalar.value) || scalar.properties.isIdeographic
  }
}
