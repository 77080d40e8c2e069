import Foundation

/// Decides whether one line is a chapter heading: a cheap prefilter on the line's length
/// and first character, then the patterns' regular expressions on the survivors only.
struct HeadingMatcher {
  /// Longest heading in characters when it starts with a CJK character.
  static let maxCJKHeadingLength = 40
  /// Longest heading in characters when it starts with a Latin letter.
  static let maxLatinHeadingLength = 80

  /// The compiled patterns, each with its index among the patterns given.
  private let expressions: [(expression: NSRegularExpression, level: Int, pattern: Int)]
  /// Byte prefixes a heading starts with, when known (the default patterns), indexed by
  /// their first byte, each with the patterns that start with it (a bit for each index).
  private let leadingWords: [[(word: [UInt8], patterns: UInt64)]]?
  /// Patterns that did not compile, reported as warnings.
  let invalidPatterns: [String]

  /// Compiles `patterns`, each anchored to the whole trimmed line.
  init(patterns: [ChapterPattern]) {
    var expressions: [(NSRegularExpression, Int, Int)] = []
    var invalid: [String] = []
    for (index, pattern) in patterns.enumerated() {
      if let expression = try? NSRegularExpression(pattern: "^(?:\(pattern.pattern))$") {
        expressions.append((expression, pattern.level, index))
      } else {
        invalid.append(pattern.pattern)
      }
    }
    self.expressions = expressions
    self.invalidPatterns = invalid
    if patterns == ChapterPattern.defaults {
      var table = [[(word: [UInt8], patterns: UInt64)]](repeating: [], count: 256)
      for (pattern, words) in ChapterPattern.defaultLeadingWords.enumerated() {
        for word in words {
          let bytes = Array(word.utf8)
          let first = Int(bytes[0])
          if let known = table[first].firstIndex(where: { $0.word == bytes }) {
            table[first][known].patterns |= 1 << pattern
          } else {
            table[first].append((bytes, 1 << pattern))
          }
        }
      }
      leadingWords = table
    } else {
      leadingWords = nil
    }
  }

  /// A heading match: its pattern's level, its title with whitespace runs collapsed, and
  /// whether it starts with a Latin (ASCII) character.
  struct Match {
    var level: Int
    var title: String
    var isLatin: Bool
    /// A Roman numeral alone ("II."): a heading only between blank lines.
    var isBareNumeral = false
  }

  /// Longest bare Roman numeral taken as a heading, in letters ("XXXVIII").
  static let maxBareNumeralLength = 8

  /// The heading on line `start..<end`, if it is one.
  func match(_ bytes: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ end: Int) -> Match? {
    let start = TextBytes.skipLeadingWhitespace(bytes, lineStart, end)
    guard start < end, end - start <= 3 * Self.maxCJKHeadingLength else { return nil }
    let lead = bytes[start]
    let isLatin = lead < 0x80
    // The patterns the line may match: all of them, or those its leading word starts.
    var candidates = UInt64.max
    if let leadingWords {
      if let numeral = Self.bareNumeral(bytes, start, end) {
        return Match(level: 1, title: numeral, isLatin: true, isBareNumeral: true)
      }
      candidates = 0
      for (word, patterns) in leadingWords[Int(lead)]
      where word.count <= end - start && word.indices.allSatisfy({ bytes[start + $0] == word[$0] })
      {
        candidates |= patterns
      }
      guard candidates != 0 else { return nil }
    }
    let length = TextBytes.scalarCount(bytes, start, end)
    guard length <= (isLatin ? Self.maxLatinHeadingLength : Self.maxCJKHeadingLength) else {
      return nil
    }
    let line = TextBytes.string(bytes, start, end)
    let range = NSRange(location: 0, length: line.utf16.count)
    for (expression, level, pattern) in expressions
    where (pattern >= 64 || candidates & (1 << pattern) != 0)
      && expression.firstMatch(in: line, range: range) != nil
    {
      return Match(level: level, title: Self.cleanTitle(line), isLatin: isLatin)
    }
    return nil
  }

  /// "I.", "XIV", "II. " → the numeral as written, trimmed; nil for anything else. Only
  /// the letters a chapter count uses (I V X L C), so "MIX." or "DID." are not numerals.
  static func bareNumeral(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> String?
  {
    var last = end
    while last > start, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
    var letters = last
    if letters > start, bytes[letters - 1] == UInt8(ascii: ".") { letters -= 1 }
    guard letters > start, letters - start <= maxBareNumeralLength else { return nil }
    for index in start..<letters {
      switch bytes[index] {
      case UInt8(ascii: "I"), UInt8(ascii: "V"), UInt8(ascii: "X"), UInt8(ascii: "L"),
        UInt8(ascii: "C"):
        continue
      default: return nil
      }
    }
    return TextBytes.string(bytes, start, last)
  }

  /// The title of a heading line: whitespace collapsed, an unmatched closing bracket left
  /// over from an illustration caption dropped ("Chapter I.]" → "Chapter I.").
  static func cleanTitle(_ line: String) -> String {
    var title = collapsedWhitespace(line)
    while let last = title.last, last == "]" || last == ")",
      !title.contains(last == "]" ? "[" : "(")
    {
      title.removeLast()
    }
    return title
  }

}
