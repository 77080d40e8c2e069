/// The headings and block notes of an Aozora Bunko body, found by reading only the lines
/// that hold notes (and the lines of heading blocks).
struct AozoraStructure {
  /// A heading line.
  struct Heading {
    var line: Int
    var level: Int
    /// The heading as the contents show it, whitespace collapsed.
    var title: String
    /// The UTF-16 length of the paragraphs the line makes, with their "\n".
    var length: Int
  }

  private(set) var headings: [Heading] = []
  /// The block notes in force after each line that changed them, in line order.
  private var states: [(line: Int, state: AozoraBlockState)] = []

  /// Reads `body`.
  /// - Complexity: O(n) in the bytes of the body; only lines with notes are parsed.
  init(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, body: Range<Int>) {
    var state = AozoraBlockState()
    for number in body {
      let inBlock = state.headingLevel != nil
      guard inBlock || AozoraDetector.hasNote(bytes, lines, number) else { continue }
      let line = AozoraLineParser.parse(
        Substring(TextBytes.string(bytes, lines.starts[number], lines.ends[number])))
      let before = state
      for command in line.commands where command.offset == 0 { state.apply(command.note) }
      if !line.text.isEmpty {
        let whole = line.headings.first { $0.range == 0..<line.text.count }
        if let level = whole?.level ?? state.headingLevel {
          headings.append(
            Heading(
              line: number, level: level, title: collapsedWhitespace(line.string),
              length: Self.length(of: line)))
        } else if let heading = line.headings.first {
          let title = String(String.UnicodeScalarView(line.text[heading.range]))
          headings.append(
            Heading(
              line: number, level: heading.level, title: collapsedWhitespace(title),
              length: Self.length(of: line)))
        }
      }
      for command in line.commands where command.offset > 0 { state.apply(command.note) }
      if state != before { states.append((number, state)) }
    }
  }

  /// The block notes in force before line `line`.
  /// - Complexity: O(log n).
  func state(before line: Int) -> AozoraBlockState {
    var low = 0
    var high = states.count
    while low < high {
      let middle = (low + high) / 2
      if states[middle].line < line { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? AozoraBlockState() : states[low - 1].state
  }

  /// The UTF-16 length of what a line sets: its paragraphs, each with its "\n".
  static func length(of line: AozoraLine) -> Int {
    AozoraTextBuilder.pieces(of: line).reduce(0) { total, piece in
      total + piece.line.text.reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) } + 1
    }
  }

  /// UTF-16 units of text in `range` of lines, without the markup: an estimate of a
  /// chapter's length made without reading its notes (a gaiji note counts as one
  /// character, a `〔…〕` as written).
  /// - Complexity: O(n) in the bytes.
  static func estimatedLength(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>
  ) -> Int {
    var total = 0
    for line in range where !lines.isBlank(line, bytes) {
      var noteDepth = 0
      var inReading = false
      var index = TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
      let end = lines.ends[line]
      while index < end {
        let byte = bytes[index]
        // ［ EF BC BB, ］ EF BC BD, ＃ EF BC 83, 《 E3 80 8A, 》 E3 80 8B, ｜ EF BD 9C
        if byte == 0xEF, index + 2 < end {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if second == 0xBC, third == 0xBB, index + 5 < end, bytes[index + 3] == 0xEF,
            bytes[index + 4] == 0xBC, bytes[index + 5] == 0x83
          {
            noteDepth += 1
            index += 6
            continue
          }
          if second == 0xBC, third == 0xBD, noteDepth > 0 {
            noteDepth -= 1
            index += 3
            continue
          }
          if second == 0xBD, third == 0x9C {
            index += 3
            continue
          }
        } else if byte == 0xE3, index + 2 < end, bytes[index + 1] == 0x80 {
          if bytes[index + 2] == 0x8A {
            inReading = true
          } else if bytes[index + 2] == 0x8B {
            inReading = false
            index += 3
            continue
          }
        }
        if noteDepth == 0, !inReading, byte & 0xC0 != 0x80 { total += byte >= 0xF0 ? 2 : 1 }
        index += 1
      }
      total += 1
    }
    return total
  }
}
