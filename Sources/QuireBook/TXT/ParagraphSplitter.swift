/// Cuts a range of lines into paragraphs according to the file's `ParagraphLayout`, and
/// later turns those paragraphs into text.
///
/// Hard-wrapped lines are joined with a space, or with nothing between two CJK
/// characters; blocks with space-indented lines after the first (or all lines after the
/// first indented) are verse and keep their line breaks; leading indentation becomes
/// `isIndented`, not text. A paragraph longer than `maxParagraphLength` characters (a
/// file that is one huge line) is cut at a space or sentence end near that length so that
/// no unit of text is unbounded.
///
/// Splitting measures (`spans`) without building strings; `append(_:to:)` builds one
/// paragraph's UTF-8 when its chapter is shown.
struct ParagraphSplitter {
  /// The most characters (roughly) a paragraph may have before it is cut.
  static let maxParagraphLength = 20_000

  let bytes: UnsafeBufferPointer<UInt8>
  let lines: LineTable
  let layout: ParagraphLayout
  /// Joined text of long multi-line paragraphs that were cut into pieces: the pieces'
  /// `ParagraphSpan.Source.bytes(_, buffer:)` point here (rare; one-line paragraphs point
  /// into `bytes` directly).
  private(set) var joinedParagraphs: [[UInt8]]
  /// Lines of contents lists (headings the detector set aside): a block holding one is
  /// set one line a paragraph, an entry a line.
  let listLines: Set<Int>

  init(
    bytes: UnsafeBufferPointer<UInt8>, lines: LineTable, layout: ParagraphLayout,
    joinedParagraphs: [[UInt8]] = [], listLines: Set<Int> = []
  ) {
    self.bytes = bytes
    self.lines = lines
    self.layout = layout
    self.joinedParagraphs = joinedParagraphs
    self.listLines = listLines
  }

  // MARK: - Measuring

  /// The paragraphs of `range`, measured.
  /// - Complexity: O(bytes in range).
  mutating func spans(_ range: Range<Int>) -> [ParagraphSpan] {
    var result: [ParagraphSpan] = []
    var line = range.lowerBound
    while line < range.upperBound {
      if lines.isBlank(line, bytes) {
        line += 1
        continue
      }
      guard layout == .blankLineSeparated else {
        // One line a paragraph, unless the lines are Chinese prose wrapped by hand.
        var block = line
        while block < range.upperBound && !lines.isBlank(block, bytes) { block += 1 }
        if isWrappedCJKProse(line..<block, strict: true) {
          appendCJKProse(line..<block, &result)
          line = block
          continue
        }
        emit(line..<(line + 1), indented: isIndented(line), &result)
        line += 1
        continue
      }
      if let end = captionEnd(from: line, within: range) {
        appendCaption(line..<end, &result)
        line = end
        continue
      }
      var block = line
      while block < range.upperBound && !lines.isBlank(block, bytes) { block += 1 }
      appendBlock(line..<block, &result)
      line = block
    }
    measureEmphasis(&result)
    return result
  }

  /// The most lines a picture's caption may run over, blank ones included.
  static let maxCaptionLines = 40

  /// What a picture's caption starts with, as bytes (made once, not a block).
  private static let captionMark = Array("[Illustration".utf8)

  /// Where a picture's caption that runs over blank lines ends (`[Illustration:`, a blank
  /// line, its text, a blank line, `[_Copyright…_]]`): the line after the one that closes
  /// its bracket; nil when `line` opens no caption, or one that closes in its own block.
  private func captionEnd(from line: Int, within range: Range<Int>) -> Int? {
    let content = contentRange(line)
    let mark = Self.captionMark
    guard content.count >= mark.count,
      mark.indices.allSatisfy({ bytes[content.lowerBound + $0] == mark[$0] })
    else { return nil }
    var open = 0
    var index = line
    var crossedBlank = false
    while index < min(range.upperBound, line + Self.maxCaptionLines) {
      if lines.isBlank(index, bytes) {
        crossedBlank = true
      } else {
        for byte in UnsafeBufferPointer(rebasing: bytes[contentRange(index)]) {
          if byte == UInt8(ascii: "[") { open += 1 }
          if byte == UInt8(ascii: "]") { open -= 1 }
        }
        if open <= 0 { return crossedBlank ? index + 1 : nil }
      }
      index += 1
    }
    return nil
  }

  /// A caption over several blocks, as one centred paragraph of its non-blank lines.
  private mutating func appendCaption(_ block: Range<Int>, _ result: inout [ParagraphSpan]) {
    let shown = block.filter { !lines.isBlank($0, bytes) }
    let length = shown.reduce(shown.count - 1) { total, line in
      let range = contentRange(line)
      return total + TextBytes.utf16Count(bytes, range.lowerBound, range.upperBound)
    }
    result.append(
      ParagraphSpan(kind: .centred, source: .lines(block), isIndented: false, length: length))
  }

  private mutating func appendBlock(_ block: Range<Int>, _ result: inout [ParagraphSpan]) {
    if block.count > 1, !listLines.isEmpty, block.contains(where: listLines.contains) {
      for line in block { emit(line..<(line + 1), indented: isIndented(line), &result) }
      return
    }
    if isWrappedCJKProse(block, strict: false) {
      appendCJKProse(block, &result)
      return
    }
    let rest = block.dropFirst()
    if rest.contains(where: isSpaceIndented) || (!rest.isEmpty && rest.allSatisfy(isIndented)) {
      // Lines joined by U+2028 (verse) or a space (quote), one UTF-16 unit each.
      let kind: ParagraphSpan.Kind =
        isCentred(block) ? .centred : isWrappedProse(block) ? .quote : .verse
      let least = kind == .verse ? leastIndent(block) : 0
      let length = block.reduce(block.count - 1) { total, line in
        let range = contentRange(line)
        return total + TextBytes.utf16Count(bytes, range.lowerBound, range.upperBound)
          + (kind == .verse ? extraIndent(line, least) : 0)
      }
      result.append(
        ParagraphSpan(
          kind: kind, source: .lines(block), isIndented: isIndented(block.lowerBound),
          length: length))
      return
    }
    // Prose; a line indented with full-width spaces inside the block starts a paragraph.
    var start = block.lowerBound
    for line in block where line > start && isIndented(line) {
      emit(start..<line, indented: isIndented(start), &result)
      start = line
    }
    emit(start..<block.upperBound, indented: isIndented(start), &result)
  }

  /// Hard-wrapped Chinese prose: a paragraph starts where a line is indented two columns
  /// deeper than the block's least indentation, or with a full-width space; its lines are
  /// joined.
  private mutating func appendCJKProse(_ block: Range<Int>, _ result: inout [ParagraphSpan]) {
    let least = leastIndent(block)
    var start = block.lowerBound
    for line in block where line > start {
      let indent = contentRange(line).lowerBound - lines.starts[line]
      // A line that opens with U+3000 IDEOGRAPHIC SPACE (E3 80 80).
      let start3000 = lines.starts[line]
      let fullWidth =
        start3000 + 2 < bytes.count && bytes[start3000] == 0xE3 && bytes[start3000 + 1] == 0x80
        && bytes[start3000 + 2] == 0x80
      // Two columns deeper at least: a stray space opening a wrapped line is no indent.
      guard indent >= least + 2 || fullWidth else { continue }
      emit(start..<line, indented: isIndented(start), &result)
      start = line
    }
    emit(start..<block.upperBound, indented: isIndented(start), &result)
  }

  /// Measures the joined prose lines `range` and appends them as one paragraph, or as
  /// pieces when huge.
  private mutating func emit(
    _ range: Range<Int>, indented: Bool, _ result: inout [ParagraphSpan]
  ) {
    var byteCount = 0
    var length = 0
    var previous: Range<Int>?
    var lineCount = 0
    for line in range {
      let content = contentRange(line)
      guard !content.isEmpty else { continue }
      if let previous, !joinsWithoutSpace(previous, content) {
        byteCount += 1
        length += 1
      }
      byteCount += content.count
      length += TextBytes.utf16Count(bytes, content.lowerBound, content.upperBound)
      previous = content
      lineCount += 1
    }
    guard byteCount > 0 else { return }
    // Bytes, not characters: 3 bytes a CJK character keeps CJK pieces shorter, fine.
    guard byteCount > Self.maxParagraphLength * 2 else {
      result.append(
        ParagraphSpan(kind: .body, source: .lines(range), isIndented: indented, length: length))
      return
    }
    // One line: its bytes are the paragraph. Several: keep their joined text aside.
    let joined: [UInt8]
    let base: Int
    let buffer: Int?
    if lineCount == 1, let only = previous {
      joined = Array(bytes[only])
      base = only.lowerBound
      buffer = nil
    } else {
      joined = joinedBytes(range)
      base = 0
      buffer = joinedParagraphs.count
      joinedParagraphs.append(joined)
    }
    joined.withUnsafeBufferPointer { text in
      var pieceStart = 0
      while pieceStart < text.count {
        let cut =
          text.count - pieceStart > Self.maxParagraphLength * 2
          ? Self.cutPoint(text, from: pieceStart, near: pieceStart + Self.maxParagraphLength)
          : text.count
        result.append(
          ParagraphSpan(
            kind: .body, source: .bytes((base + pieceStart)..<(base + cut), buffer: buffer),
            isIndented: indented && pieceStart == 0,
            length: TextBytes.utf16Count(text, pieceStart, cut)))
        pieceStart = cut
      }
    }
  }

  /// Takes the emphasis markers that building will remove off the lengths: only
  /// paragraphs holding a marker byte are built to find out.
  private func measureEmphasis(_ spans: inout [ParagraphSpan]) {
    var scratch: [UInt8] = []
    for index in spans.indices where sourceMayContainMarkers(spans[index]) {
      scratch.removeAll(keepingCapacity: true)
      _ = appendStyled(spans[index], to: &scratch)
      spans[index].length = scratch.withUnsafeBufferPointer {
        TextBytes.utf16Count($0, 0, $0.count)
      }
    }
  }

  private func sourceMayContainMarkers(_ span: ParagraphSpan) -> Bool {
    mayContainEmphasis(span) || (Self.collapsesSpaces(span.kind) && mayContainDoubleSpaces(span))
  }

  private func mayContainDoubleSpaces(_ span: ParagraphSpan) -> Bool {
    func scan(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
      TextBytes.containsDoubleSpace(text, range.lowerBound, range.upperBound)
    }
    switch span.source {
    case .text: return false
    case .bytes(let range, let buffer):
      guard let buffer else { return scan(bytes, range) }
      return joinedParagraphs[buffer].withUnsafeBufferPointer { scan($0, range) }
    case .lines(let range):
      return range.contains { line in
        let content = contentRange(line)
        return scan(bytes, content)
      }
    }
  }

  private func mayContainEmphasis(_ span: ParagraphSpan) -> Bool {
    switch span.source {
    case .text:
      return false
    case .bytes(let range, let buffer):
      guard let buffer else {
        return GutenbergEmphasis.mayContainMarkers(bytes, range.lowerBound, range.upperBound)
      }
      return joinedParagraphs[buffer].withUnsafeBufferPointer {
        GutenbergEmphasis.mayContainMarkers($0, range.lowerBound, range.upperBound)
      }
    case .lines(let range):
      guard let last = range.last else { return false }
      return GutenbergEmphasis.mayContainMarkers(
        bytes, lines.starts[range.lowerBound], lines.ends[last])
    }
  }

  // MARK: - Building text

  /// Appends the text of `span` to `output` as a reader sees it: Project Gutenberg's
  /// emphasis markers removed (see `GutenbergEmphasis`); returns the emphasised spans.
  func appendStyled(_ span: ParagraphSpan, to output: inout [UInt8]) -> [GutenbergEmphasis.Span] {
    let start = output.count
    append(span, to: &output)
    if case .heading = span.kind { return [] }
    if Self.collapsesSpaces(span.kind) { Self.collapseSentenceSpaces(&output, from: start) }
    let mayContainMarkers = output.withUnsafeBufferPointer {
      GutenbergEmphasis.mayContainMarkers($0, start, $0.count)
    }
    return mayContainMarkers ? GutenbergEmphasis.apply(to: &output, from: start) : []
  }

  /// Appends the UTF-8 text of `span` to `output`.
  func append(_ span: ParagraphSpan, to output: inout [UInt8]) {
    switch span.source {
    case .text(let text):
      output.append(contentsOf: text.utf8)
    case .bytes(let range, let buffer):
      if let buffer {
        output.append(contentsOf: joinedParagraphs[buffer][range])
      } else {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
      }
    case .lines(let range):
      if span.kind == .verse || span.kind == .quote || span.kind == .centred {
        let least = span.kind == .verse ? leastIndent(range) : 0
        // A caption's lines skip the blank ones between its parts.
        var first = true
        for line in range where span.kind != .centred || !lines.isBlank(line, bytes) {
          defer { first = false }
          if !first {
            if span.kind == .quote {
              output.append(0x20)
            } else {
              output.append(contentsOf: [0xE2, 0x80, 0xA8])
            }
          }
          if span.kind == .verse {
            // No-break spaces: a line's own indentation beyond the poem's, kept.
            for _ in 0..<extraIndent(line, least) { output.append(contentsOf: [0xC2, 0xA0]) }
          }
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentRange(line)]))
        }
      } else {
        appendJoined(range, to: &output)
      }
    }
  }

  /// Whether a paragraph of `kind` is reflowed prose, where the spacing of the typewriter
  /// means nothing (verse and centred lines keep theirs).
  static func collapsesSpaces(_ kind: ParagraphSpan.Kind) -> Bool {
    kind == .body || kind == .quote
  }

  /// Two or more spaces after a sentence (". ", "? ", ".” ") become one, in place, from
  /// `start`: the typewriter's sentence spacing, which a justified line would stretch.
  static func collapseSentenceSpaces(_ output: inout [UInt8], from start: Int) {
    let count = output.count
    // Through a buffer: subscripting the inout array checked its uniqueness and bounds at
    // every byte (some 100 M instructions of War and Peace's import).
    let write = output.withUnsafeMutableBufferPointer { text in
      var write = start
      var read = start
      while read < count {
        let byte = text[read]
        text[write] = byte
        write += 1
        read += 1
        guard byte == 0x20, read < count, text[read] == 0x20,
          endsSentence(UnsafeBufferPointer(text), before: write - 1, from: start)
        else { continue }
        while read < count && text[read] == 0x20 { read += 1 }
      }
      return write
    }
    output.removeSubrange(write..<count)
  }

  /// Whether the text before `index` ends a sentence: . ! ? : ; perhaps followed by
  /// closing quotes or brackets (ASCII, or ” ’ » in UTF-8).
  private static func endsSentence(
    _ text: UnsafeBufferPointer<UInt8>, before index: Int, from start: Int
  ) -> Bool {
    var end = index
    while end > start {
      let byte = text[end - 1]
      switch byte {
      case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ":"),
        UInt8(ascii: ";"):
        return true
      case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"), UInt8(ascii: "]"):
        end -= 1
      case 0x9D where end - start >= 3 && text[end - 3] == 0xE2 && text[end - 2] == 0x80:
        end -= 3  // ”
      case 0x99 where end - start >= 3 && text[end - 3] == 0xE2 && text[end - 2] == 0x80:
        end -= 3  // ’
      case 0xBB where end - start >= 2 && text[end - 2] == 0xC2:
        end -= 2  // »
      default:
        return false
      }
    }
    return false
  }

  /// The text of `span` as a reader sees it.
  func text(of span: ParagraphSpan) -> String {
    var output: [UInt8] = []
    _ = appendStyled(span, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private func joinedBytes(_ range: Range<Int>) -> [UInt8] {
    var joined: [UInt8] = []
    appendJoined(range, to: &joined)
    return joined
  }

  /// Prose lines joined with a space, or nothing between CJK characters.
  private func appendJoined(_ range: Range<Int>, to output: inout [UInt8]) {
    var previous: Range<Int>?
    for line in range {
      let content = contentRange(line)
      guard !content.isEmpty else { continue }
      if let previous, !joinsWithoutSpace(previous, content) { output.append(0x20) }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[content]))
      previous = content
    }
  }

  // MARK: - Lines

  /// Chinese and Japanese punctuation that ends a clause or a sentence (and the closing
  /// quotation marks after it): a verse line ends with one, a wrapped line of prose need
  /// not, and no line of verse starts with one.
  private static let clausePunctuation: Set<Unicode.Scalar> = [
    "，", "。", "！", "？", "；", "：", "、", "」", "』", "”", "’", "）", "…",
  ]

  /// Whether `block` is Chinese or Japanese prose hard-wrapped into lines, which are to be
  /// joined, rather than verse (short lines that each end a clause: a 诗曰 block): most
  /// lines start with a CJK character, and some line starts with a clause mark or ends
  /// without one.
  ///
  /// `strict` (for text laid out one line a paragraph, as web novels are) asks for proof
  /// that lines were wrapped: a line that starts with a clause mark, or paragraph starts
  /// indented deeper than the lines that continue them.
  private func isWrappedCJKProse(_ block: Range<Int>, strict: Bool) -> Bool {
    guard block.count >= 2 else { return false }
    if strict {
      let least = leastIndent(block)
      let deeper = block.contains { contentRange($0).lowerBound - lines.starts[$0] >= least + 2 }
      let marked = block.contains { line in
        let content = contentRange(line)
        return !content.isEmpty && isClausePunctuation(content.lowerBound, content.upperBound)
      }
      guard deeper || marked else { return false }
    }
    var cjk = 0
    var wrapped = false
    for line in block {
      let content = contentRange(line)
      guard !content.isEmpty else { continue }
      let lead = bytes[content.lowerBound]
      if (0xE3...0xE9).contains(lead) || lead == 0xEF { cjk += 1 }
      if isClausePunctuation(content.lowerBound, content.upperBound) { wrapped = true }
      // The last character: the three bytes before the line's end, when they are one.
      let last = TextBytes.lastCharacterStart(bytes, content.lowerBound, content.upperBound)
      if line + 1 < block.upperBound,
        !(last + 3 == content.upperBound && isClausePunctuation(last, content.upperBound))
      {
        wrapped = true
      }
    }
    return wrapped && cjk * 2 > block.count
  }

  /// Whether the character at byte `start` (before `end`) is one of `clausePunctuation`,
  /// read from the bytes: each of those is a three-byte sequence, so a line that starts
  /// or ends with any other is told by its lead byte alone.
  private func isClausePunctuation(_ start: Int, _ end: Int) -> Bool {
    guard start + 3 <= end, (0xE0...0xEF).contains(bytes[start]),
      bytes[start + 1] & 0xC0 == 0x80, bytes[start + 2] & 0xC0 == 0x80
    else { return false }
    let value =
      UInt32(bytes[start] & 0x0F) << 12 | UInt32(bytes[start + 1] & 0x3F) << 6
      | UInt32(bytes[start + 2] & 0x3F)
    return Unicode.Scalar(value).map { Self.clausePunctuation.contains($0) } ?? false
  }

  /// The least indentation, in columns, of lines that may be centred in the source.
  static let minCentredIndent = 10

  /// Whether the lines of `block` were centred by the transcriber: all deeply indented,
  /// not all alike, and their middles within a column and a half of each other (a poem's
  /// alternating indents leave its middles apart).
  private func isCentred(_ block: Range<Int>) -> Bool {
    guard block.count >= 2 else { return false }
    var indents = Set<Int>()
    var lowest = Int.max
    var highest = Int.min
    for line in block {
      let content = contentRange(line)
      let indent = TextBytes.scalarCount(bytes, lines.starts[line], content.lowerBound)
      guard indent >= Self.minCentredIndent else { return false }
      indents.insert(indent)
      // Twice the middle column, to stay in integers.
      let middle = 2 * indent + TextBytes.scalarCount(bytes, content.lowerBound, content.upperBound)
      lowest = min(lowest, middle)
      highest = max(highest, middle)
      if highest - lowest > 3 { return false }
    }
    return indents.count > 1
  }

  /// The most spaces a verse line keeps beyond the poem's own indentation.
  static let maxExtraIndent = 12

  /// The smallest indentation of the lines of `block`, in bytes.
  private func leastIndent(_ block: Range<Int>) -> Int {
    block.reduce(Int.max) { min($0, contentRange($1).lowerBound - lines.starts[$1]) }
  }

  /// How many more ASCII spaces than `least` indent `line` (0 when the indentation is not
  /// plain spaces): the alternating indents of a poem's lines.
  private func extraIndent(_ line: Int, _ least: Int) -> Int {
    let start = lines.starts[line]
    let content = contentRange(line).lowerBound
    guard content - start > least else { return 0 }
    for i in start..<content where bytes[i] != 0x20 { return 0 }
    return min(Self.maxExtraIndent, content - start - least)
  }

  /// An indented block of at least three lines, all indented alike, whose lines but the
  /// last fill a prose measure (the longest at least 55 bytes, the others at least 70 % of
  /// it): a letter or quotation wrapped by the transcriber, not a poem.
  private func isWrappedProse(_ block: Range<Int>) -> Bool {
    guard block.count >= 3 else { return false }
    let indent = contentRange(block.lowerBound).lowerBound - lines.starts[block.lowerBound]
    guard block.allSatisfy({ contentRange($0).lowerBound - lines.starts[$0] == indent }) else {
      return false
    }
    let longest = block.reduce(0) { max($0, contentRange($1).count) }
    guard longest >= 55 else { return false }
    return block.dropLast().allSatisfy { contentRange($0).count * 10 >= longest * 7 }
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

  /// The text of a line: without indentation, and without a transcriber's `/* … */`
  /// markup (see `TranscriberDirective`).
  private func contentRange(_ line: Int) -> Range<Int> {
    let start = TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
    if start < lines.ends[line] && bytes[start] == UInt8(ascii: "/"),
      let (_, text) = TranscriberDirective.parse(bytes, start, lines.ends[line])
    {
      return text
    }
    return start..<lines.ends[line]
  }

  /// The transcriber's directive on the first line of `span`, if any.
  func directive(of span: ParagraphSpan) -> TranscriberDirective? {
    guard case .lines(let range) = span.source, let line = range.first else { return nil }
    let start = TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
    return TranscriberDirective.parse(bytes, start, lines.ends[line])?.directive
  }

  /// No space between hard-wrapped CJK lines: "东逝水，" + "浪花" joins directly.
  private func joinsWithoutSpace(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
    let last = TextBytes.lastCharacterStart(bytes, first.lowerBound, first.upperBound)
    return TextBytes.isCJKLead(bytes, last) && TextBytes.isCJKLead(bytes, second.lowerBound)
  }

  /// Where to cut a huge paragraph: after a space or sentence end within 2,000 bytes
  /// before `target`, else at the character boundary at or after `target`.
  static func cutPoint(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, near target: Int)
    -> Int
  {
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
