/// How a TXT file marks paragraphs, detected per file.
enum ParagraphLayout: Equatable {
  /// Paragraphs are blocks separated by blank lines and hard-wrapped inside (Project
  /// Gutenberg style): lines of a block are joined.
  case blankLineSeparated
  /// Every line is a paragraph (Chinese web-novel style, with or without blank lines).
  case onePerLine

  /// Looks at the lines of `range`: when most lines are followed by another non-blank,
  /// unindented line and are nearly as long as the longest lines, the text is
  /// hard-wrapped; otherwise each line is a paragraph.
  /// - Complexity: O(lines).
  static func detect(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>)
    -> ParagraphLayout
  {
    var lengths: [Int] = []
    let step = max(1, range.count / 4000)
    for line in stride(from: range.lowerBound, to: range.upperBound, by: step)
    where !lines.isBlank(line, bytes) {
      lengths.append(lines.ends[line] - lines.starts[line])
    }
    guard !lengths.isEmpty else { return .onePerLine }
    lengths.sort()
    let wrapWidth = lengths[lengths.count * 9 / 10]
    var nonBlank = 0
    var pairs = 0
    var wrappedPairs = 0
    var previousLength: Int?
    for line in range {
      guard !lines.isBlank(line, bytes) else {
        previousLength = nil
        continue
      }
      nonBlank += 1
      let start = lines.starts[line]
      if let previousLength {
        pairs += 1
        let indented = TextBytes.skipLeadingWhitespace(bytes, start, lines.ends[line]) > start
        if !indented && previousLength * 10 >= wrapWidth * 6 { wrappedPairs += 1 }
      }
      previousLength = lines.ends[line] - start
    }
    if pairs * 5 < nonBlank { return .onePerLine }
    return wrappedPairs * 2 >= pairs ? .blankLineSeparated : .onePerLine
  }
}
