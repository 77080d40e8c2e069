/// Cuts a range of lines into paragraphs according to the file's `ParagraphLayout`.
///
/// Hard-wrapped lines are joined with a space, or with nothing between two CJK
/// characters; blocks with space-indented lines after the first (or all lines after the
/// first indented) are verse and keep their line breaks; leading indentation becomes `isIndented`, not text. A paragraph
/// longer than `maxParagraphLength` characters (a file that is one huge line) is cut at
/// a space or sentence end near that length so that no unit of text is unbounded.
struct ParagraphSplitter {
  /// The most characters (roughly) a paragraph may have before it is cut.
  static let maxParagraphLength = 20_000

  let bytes: UnsafeBufferPointer<UInt8>
  let lines: LineTable
  let layout: ParagraphLayout

  /// The paragraphs of `range`.
  /// - Complexity: O(bytes in range).
  func paragraphs(_ range: Range<Int>) -> [TextParagraph] {
    var result: [TextParagraph] = []
    var line = range.lowerBound
    while line < range.upperBound {
      if lines.isBlank(line, bytes) {
        line += 1
        continue
      }
      guard layout == .blankLineSeparated else {
        emit(lineRanges: [contentRange(line)], kind: .body, indented: isIndented(line), &result)
        line += 1
        continue
      }
      var block = line
      while block < range.upperBound && !lines.isBlank(block, bytes) { block += 1 }
      appendBlock(line..<block, &result)
      line = block
    }
    return result
  }

  private func appendBlock(_ block: Range<Int>, _ result: inout [TextParagraph]) {
    let rest = block.dropFirst()
    if rest.contains(where: isSpaceIndented) || (!rest.isEmpty && rest.allSatisfy(isIndented)) {
      let text = block.map { line in
        let range = contentRange(line)
        return TextBytes.string(bytes, range.lowerBound, range.upperBound)
      }.joined(separator: "\u{2028}")
      result.append(TextParagraph(kind: .verse, text: text, isIndented: isIndented(block.first!)))
      return
    }
    // Prose; a line indented with full-width spaces inside the block starts a paragraph.
    var start = block.lowerBound
    for line in block where line > start && isIndented(line) {
      emit(
        lineRanges: (start..<line).map(contentRange), kind: .body,
        indented: isIndented(start), &result)
      start = line
    }
    emit(
      lineRanges: (start..<block.upperBound).map(contentRange), kind: .body,
      indented: isIndented(start), &result)
  }

  /// Indented with ASCII spaces or tabs: how Gutenberg texts set verse lines.
  private func isSpaceIndented(_ line: Int) -> Bool {
    let start = lines.starts[line]
    return start < lines.ends[line] && (bytes[start] == 0x20 || bytes[start] == 0x09)
  }

  private func isIndented(_ line: Int) -> Bool {
    TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
      > lines.starts[line]
  }

  private func contentRange(_ line: Int) -> Range<Int> {
    TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])..<lines.ends[line]
  }

  /// Joins the line ranges and appends the result, cut into pieces when it is huge.
  private func emit(
    lineRanges: [Range<Int>], kind: TextParagraph.Kind, indented: Bool,
    _ result: inout [TextParagraph]
  ) {
    var joined: [UInt8] = []
    joined.reserveCapacity(lineRanges.reduce(0) { $0 + $1.count + 1 })
    var previous: Range<Int>?
    for range in lineRanges where !range.isEmpty {
      if let previous, !joinsWithoutSpace(previous, range) { joined.append(0x20) }
      joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
      previous = range
    }
    guard !joined.isEmpty else { return }
    var pieceStart = 0
    // Bytes, not characters: 3 bytes a CJK character keeps CJK pieces shorter, fine.
    let limit = Self.maxParagraphLength * 2
    while joined.count - pieceStart > limit {
      let cut = Self.cutPoint(joined, from: pieceStart, near: pieceStart + Self.maxParagraphLength)
      result.append(
        TextParagraph(
          kind: kind, text: String(decoding: joined[pieceStart..<cut], as: UTF8.self),
          isIndented: indented && pieceStart == 0))
      pieceStart = cut
    }
    result.append(
      TextParagraph(
        kind: kind, text: String(decoding: joined[pieceStart...], as: UTF8.self),
        isIndented: indented && pieceStart == 0))
  }

  /// No space between hard-wrapped CJK lines: "东逝水，" + "浪花" joins directly.
  private func joinsWithoutSpace(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
    let last = TextBytes.lastCharacterStart(bytes, first.lowerBound, first.upperBound)
    return TextBytes.isCJKLead(bytes, last) && TextBytes.isCJKLead(bytes, second.lowerBound)
  }

  /// Where to cut a huge paragraph: after a space or sentence end within 2,000 bytes
  /// before `target`, else at the character boundary at or after `target`.
  static func cutPoint(_ bytes: [UInt8], from start: Int, near target: Int) -> Int {
    var i = target
    while i > max(start + 1, target - 2000) {
      let byte = bytes[i - 1]
      if byte == 0x20 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!")
        || byte == UInt8(ascii: "?")
      {
        return i
      }
      i -= 1
    }
    i = target
    while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
    return i
  }
}
