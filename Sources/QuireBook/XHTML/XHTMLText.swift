/// Small text helpers for the converter: whitespace collapsing, list numbering, casing.
enum XHTMLText {
  /// `text` with runs of HTML whitespace turned into one space, trimmed, and control
  /// characters removed: for titles and alternative text.
  static func collapsed(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var sawSpace = false
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
        sawSpace = true
      case 0..<0x20, 0x7F..<0xA0:
        continue
      default:
        if sawSpace && !result.isEmpty { result.append(" ") }
        sawSpace = false
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The result of `collapseWhitespace`.
  struct Collapsed {
    /// The text with inner whitespace runs as one space, trimmed.
    var text: String
    /// Whitespace came before the text (or, when `text` is empty, anywhere).
    var leadingSpace: Bool
    var trailingSpace: Bool
    /// Control characters dropped.
    var removed: Int
  }

  /// Collapses HTML whitespace (space, tab, CR, LF, FF) in `text` and drops C0/C1 control
  /// characters and U+FFFE/U+FFFF, working on UTF-8 bytes.
  /// - Complexity: O(n).
  static func collapseWhitespace(_ text: String) -> Collapsed {
    var text = text
    return text.withUTF8 { bytes in
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      var result = Collapsed(text: "", leadingSpace: false, trailingSpace: false, removed: 0)
      var sawSpace = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
          sawSpace = true
          index += 1
          continue
        case 0..<0x20, 0x7F:
          result.removed += 1
          index += 1
          continue
        case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
          result.removed += 1
          index += 2
          continue
        case 0xEF
        where index + 2 < bytes.count && bytes[index + 1] == 0xBF
          && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
          result.removed += 1
          index += 3
          continue
        default:
          break
        }
        if sawSpace {
          if output.isEmpty { result.leadingSpace = true } else { output.append(0x20) }
          sawSpace = false
        }
        output.append(byte)
        index += 1
      }
      if output.isEmpty {
        result.leadingSpace = sawSpace
      } else {
        result.trailingSpace = sawSpace
        result.text = String(decoding: output, as: UTF8.self)
      }
      return result
    }
  }

  /// 1 → "a", 26 → "z", 27 → "aa" (CSS `lower-alpha`).
  static func alphabetic(_ number: Int) -> String {
    guard number > 0 else { return String(number) }
    var value = number
    var letters: [Character] = []
    while value > 0 {
      value -= 1
      letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(value % 26))))
      value /= 26
    }
    return String(letters.reversed())
  }

  /// 4 → "iv", 1999 → "mcmxcix" (CSS `lower-roman`, 1…3999; decimal outside).
  static func roman(_ number: Int) -> String {
    guard (1...3999).contains(number) else { return String(number) }
    let table: [(Int, String)] = [
      (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
      (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]
    var value = number
    var result = ""
    for (amount, letters) in table {
      while value >= amount {
        result += letters
        value -= amount
      }
    }
    return result
  }
}
