/// Chapter numbers as people write them: in a query ("ch 12", "chapter xii", "第十二回")
/// and in a contents entry's title ("CHAPTER XII.", "12. The Return", "第十二回 …").
enum ChapterNumber {
  /// Words that introduce a chapter's number, in the languages of the corpus and a few
  /// neighbours, lowercased; longest first so that "chapter" is not read as "ch" + "apter".
  static let words = [
    "chapitre", "capítulo", "capitolo", "chapter", "kapitel", "hoofdstuk", "глава", "chap.",
    "chap", "ch.", "ch", "c.", "c",
  ]

  /// The number a query asks for: a chapter word then a numeral, or 第 + numeral (+ 章,
  /// 回, 节, 節 or 卷); nil when it is not a chapter query.
  static func inQuery(_ query: String) -> Int? {
    let text = query.lowercased()
    if let number = chinese(text, whole: true) { return number }
    for word in words where text.hasPrefix(word) {
      let after = text.dropFirst(word.count)
      let rest = String(after.trimmingPrefix { $0 == " " })
      if let number = GoToTarget.wholeNumber(rest) { return number }
      // "cd" or "cv" are no chapter 400 or 5: after "c" or "ch" a Roman numeral needs a
      // space ("ch xii").
      if word.count > 2 || after.first == " ", let number = roman(rest) { return number }
    }
    return nil
  }

  /// The number a contents entry's title gives its chapter: a chapter word and a numeral
  /// at its start ("Chapter 12", "CHAPTER XII."), a numeral then a full stop or a space at
  /// its start ("12. The Return", "XII. The Return"), or 第 + numeral.
  static func inTitle(_ title: String) -> Int? {
    let text = title.lowercased().trimmingPrefix { $0.isWhitespace }
    if let number = chinese(String(text), whole: false) { return number }
    let leading = text.prefix { !$0.isWhitespace && $0 != "." && $0 != ":" }
    // Only the long chapter words: a title "C. Dickens" is no chapter 100.
    for word in words where word.count > 2 && text.hasPrefix(word) {
      let rest = text.dropFirst(word.count).trimmingPrefix { $0 == " " }
      let token = rest.prefix { !$0.isWhitespace && $0 != "." && $0 != ":" }
      if let number = numeral(String(token)) { return number }
    }
    // "12 …" and "12." count; a Roman numeral only as the whole title or before "." or
    // ":", so "I Remember" is not chapter 1.
    let after = text.dropFirst(leading.count).first
    if after?.isWhitespace == true { return GoToTarget.wholeNumber(String(leading)) }
    guard after == nil || after == "." || after == ":" else { return nil }
    if let number = GoToTarget.wholeNumber(String(leading)) { return number }
    // A lone "L." or "C." before more text is more likely an initial ("C. Dickens") than
    // chapter 50 or 100; I, V and X are chapters.
    let isWholeTitle = text.dropFirst(leading.count).allSatisfy { $0 == "." || $0 == ":" }
    guard leading.count > 1 || isWholeTitle || "ivx".contains(leading) else { return nil }
    return roman(String(leading))
  }

  /// Arabic digits or a Roman numeral (i to cccxcix, in its usual form); nil otherwise.
  static func numeral(_ token: String) -> Int? {
    var text = token.lowercased()
    while text.hasSuffix(".") { text.removeLast() }
    guard !text.isEmpty else { return nil }
    if let number = GoToTarget.wholeNumber(String(text)) { return number }
    return roman(String(text))
  }

  /// A Roman numeral in its usual subtractive form ("xiv", not "xiiii"); nil otherwise.
  static func roman(_ text: String) -> Int? {
    let values: [Character: Int] = [
      "i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000,
    ]
    guard !text.isEmpty, text.count <= 15 else { return nil }
    var total = 0
    var previous = 0
    for character in text.reversed() {
      guard let value = values[character] else { return nil }
      if value < previous { total -= value } else { total += value }
      previous = max(previous, value)
    }
    // Only the canonical spelling of its value counts, so "il" or "iiii" are not numbers;
    // and only up to 399, so words such as "mix" (1009) or "dim" are not chapters.
    return total > 0 && total < 400 && romanSpelling(total) == text ? total : nil
  }

  private static func romanSpelling(_ value: Int) -> String {
    let table: [(Int, String)] = [
      (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
      (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]
    var rest = value
    var spelling = ""
    for (amount, letters) in table {
      while rest >= amount {
        spelling += letters
        rest -= amount
      }
    }
    return spelling
  }

  /// 第 + a numeral (Arabic, full-width or Chinese) + an optional chapter mark; with
  /// `whole`, nothing may follow.
  static func chinese(_ text: String, whole: Bool) -> Int? {
    guard text.hasPrefix("第") else { return nil }
    let rest = text.dropFirst()
    let digits = rest.prefix { chineseDigits[$0] != nil || arabicDigit($0) != nil }
    guard !digits.isEmpty else { return nil }
    let after = rest.dropFirst(digits.count)
    let marks: Set<Character> = ["章", "回", "节", "節", "卷", "篇", "话", "話"]
    if whole {
      guard after.isEmpty || (after.count == 1 && marks.contains(after.first!)) else { return nil }
    } else if let mark = after.first, !marks.contains(mark) {
      return nil
    }
    if digits.allSatisfy({ arabicDigit($0) != nil }) {
      guard digits.count <= 9 else { return nil }
      return digits.reduce(0) { $0 * 10 + arabicDigit($1)! }
    }
    return chineseValue(String(digits))
  }

  /// The value of an ASCII or full-width digit.
  private static func arabicDigit(_ character: Character) -> Int? {
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1
    else { return nil }
    switch scalar.value {
    case 0x30...0x39: return Int(scalar.value - 0x30)
    case 0xFF10...0xFF19: return Int(scalar.value - 0xFF10)
    default: return nil
    }
  }

  private static let chineseDigits: [Character: Int] = [
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6,
    "七": 7, "八": 8, "九": 9, "十": 10, "百": 100, "千": 1000, "廿": 20, "卅": 30,
  ]

  /// 十二 = 12, 二十 = 20, 一百零三 = 103, 廿一 = 21; nil for what is not such a numeral.
  private static func chineseValue(_ text: String) -> Int? {
    var total = 0
    var digit = 0
    for character in text {
      guard let value = chineseDigits[character] else { return nil }
      switch value {
      case 10, 100, 1000:
        total += max(digit, 1) * value
        digit = 0
      case 20, 30:
        total += value
      default:
        digit = value
      }
    }
    let result = total + digit
    return result > 0 ? result : nil
  }
}
