import Foundation

/// GCIDE's ASCII codes for letters it cannot write in ASCII, as its dictd conversion
/// leaves them: `[a^]` ă, `[=e]` ē, `['e]` é, `[ae]` æ, `[root]` √ and so on.
///
/// A code is a mark and a letter in brackets (the mark before or after the letter), or a
/// name. Marks become combining characters, composed (NFC) where Unicode has the letter.
/// Anything else in brackets ("[Obs.]", "[1913 Webster]") is left alone.
enum GCIDECharacters {
  /// `text` with the codes replaced; a letter and its mark are composed (NFC) where
  /// Unicode has the letter, "e" and U+0306 becoming "ĕ".
  static func decode(_ text: String) -> String {
    let utf8 = text.utf8
    guard utf8.contains(UInt8(ascii: "[")) else { return text }
    var result = ""
    var copied = utf8.startIndex
    var index = utf8.startIndex
    while let open = utf8[index...].firstIndex(of: UInt8(ascii: "[")) {
      let after = utf8.index(after: open)
      index = after
      guard let close = utf8[after...].prefix(8).firstIndex(of: UInt8(ascii: "]")),
        let replacement = replacement(for: String(text[after..<close]))
      else { continue }
      result += text[copied..<open]
      result += replacement
      index = utf8.index(after: close)
      copied = index
    }
    result += text[copied...]
    return result
  }

  private static func replacement(for code: String) -> String? {
    if let named = names[code] { return named }
    let characters = Array(code)
    // A mark before the letter(s): [=a], ['e], ["o], [~n], [.a], [-e], [,c], [*a], [`e], [^o].
    if characters.count >= 2, let mark = marks[characters[0]],
      characters.dropFirst().allSatisfy(\.isLetter)
    {
      return characters.dropFirst().map { String($0) + mark }.joined()
        .precomposedStringWithCanonicalMapping
    }
    // The breve after: [a^], [oo^].
    if characters.count >= 2, characters.last == "^",
      characters.dropLast().allSatisfy(\.isLetter)
    {
      return characters.dropLast().map { String($0) + "\u{306}" }.joined()
        .precomposedStringWithCanonicalMapping
    }
    return nil
  }

  private static let marks: [Character: String] = [
    "=": "\u{304}", "'": "\u{301}", "`": "\u{300}", "\"": "\u{308}", "~": "\u{303}",
    ".": "\u{307}", "-": "\u{331}", ",": "\u{327}", "*": "\u{30A}", "^": "\u{302}",
  ]

  private static let names: [String: String] = [
    "ae": "æ", "AE": "Æ", "oe": "œ", "aum": "ä", "imac": "ī", "eth": "ð", "thorn": "þ",
    "ng": "ŋ", "yogh": "ȝ", "root": "√", "deg": "°", "sect": "§", "pounds": "£",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "Delta": "Δ", "theta": "θ",
    "lambda": "λ", "mu": "μ", "pi": "π", "phi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Upsilon": "Υ", "sigma": "σ", "Sigma": "Σ", "frac12": "½", "frac14": "¼", "frac34": "¾",
    "prime": "′", "bprime": "″", "add": "+", "times": "×", "divide": "÷",
  ]
}
