/// Numbers as Aozora notes write them: full-width or ASCII digits (`５字下げ`, `１０字下げ`)
/// or kanji numerals up to ninety-nine (`二字下げ`, `十二字下げ`).
enum AozoraNumber {
  /// The number `text` spells, or nil; at most 999, so a hostile note cannot ask for a
  /// thousand-em indent.
  static func parse(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 4 else { return nil }
    var digits = 0
    var allDigits = true
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x30...0x39: digits = digits * 10 + Int(scalar.value - 0x30)
      case 0xFF10...0xFF19: digits = digits * 10 + Int(scalar.value - 0xFF10)
      default: allDigits = false
      }
    }
    if allDigits { return digits <= 999 ? digits : nil }
    return kanji(text)
  }

  private static let kanjiDigits: [Character: Int] = [
    "〇": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
  ]

  /// 一 … 九十九.
  private static func kanji(_ text: Substring) -> Int? {
    if let ten = text.firstIndex(of: "十") {
      let tens = text[..<ten].isEmpty ? 1 : text[..<ten].count == 1 ? kanjiDigits[text.first!] : nil
      let rest = text[text.index(after: ten)...]
      let ones = rest.isEmpty ? 0 : rest.count == 1 ? kanjiDigits[rest.first!] : nil
      guard let tens, let ones else { return nil }
      return tens * 10 + ones
    }
    guard text.count == 1, let value = kanjiDigits[text.first!] else { return nil }
    return value
  }
}
