import Foundation

/// Aozora Bunko's accent decomposition (アクセント分解): Latin letters with diacritics
/// written as the letter and a mark inside `〔…〕`, e.g. `〔e'te'〕` for "été" and
/// `〔amicitiae&〕` for "amicitiæ" (青空文庫, accent_separation).
enum AccentDecomposition {
  /// The text of `content` with its decomposed letters composed, or nil when it is not
  /// Latin text (the brackets then stay as they are).
  static func compose(_ content: ArraySlice<Unicode.Scalar>) -> String? {
    guard !content.isEmpty, content.allSatisfy({ $0.value < 0x250 && $0.value >= 0x20 }) else {
      return nil
    }
    var result = String.UnicodeScalarView()
    var index = content.startIndex
    while index < content.endIndex {
      let scalar = content[index]
      let next = index + 1 < content.endIndex ? content[index + 1] : nil
      // Two-letter ligatures: ae& oe& AE& OE&.
      if let next, index + 2 < content.endIndex, content[index + 2] == "&",
        let ligature = ligatures["\(scalar)\(next)"]
      {
        result.append(ligature)
        index += 3
        continue
      }
      if let next, scalar.properties.isAlphabetic || scalar == "!" || scalar == "?" {
        if let special = specials["\(scalar)\(next)"] {
          result.append(special)
          index += 2
          continue
        }
        if scalar.properties.isAlphabetic, let mark = combiningMarks[next] {
          result.append(scalar)
          result.append(mark)
          index += 2
          continue
        }
      }
      result.append(scalar)
      index += 1
    }
    return String(result).precomposedStringWithCanonicalMapping
  }

  private static let combiningMarks: [Unicode.Scalar: Unicode.Scalar] = [
    "`": "\u{0300}", "'": "\u{0301}", "^": "\u{0302}", "~": "\u{0303}", ":": "\u{0308}",
    "&": "\u{030A}", ",": "\u{0327}", "_": "\u{0304}",
  ]

  private static let ligatures: [String: Unicode.Scalar] = [
    "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
  ]

  private static let specials: [String: Unicode.Scalar] = [
    "s&": "ß", "o/": "ø", "O/": "Ø", "l/": "ł", "L/": "Ł", "!@": "¡", "?@": "¿",
  ]
}
