/// Builds the styled text of one chapter of an Aozora Bunko book, line by line.
///
/// Each line of text is a paragraph (a line's leading full-width spaces are its first-line
/// indent); blank lines become space before the next paragraph; notes become paragraph
/// styles (indents, setting against the end of the line, headings, page breaks) and runs
/// (emphasis dots, tate-chū-yoko, bold…); ruby becomes `StyledText.rubies`. The text is set
/// in vertical columns (`ParagraphStyle.writingMode`) in Japanese.
struct AozoraTextBuilder {
  /// The block notes in force.
  private(set) var state: AozoraBlockState
  /// The notes that were not understood, as written.
  private(set) var unknownNotes: [String] = []

  private var string = String.UnicodeScalarView()
  private var length = 0
  private var runs: [StyledRun<TextAttributes>] = []
  private var paragraphs: [StyledRun<ParagraphStyle>] = []
  private var rubies: [RubyAnnotation] = []
  private var anchors: [String: Int] = [:]
  private var blankLines = 0
  private var pageBreakPending = false
  private var afterHeading = false

  /// A builder that starts with the block notes `state` in force.
  init(state: AozoraBlockState = AozoraBlockState()) {
    self.state = state
  }

  /// The anchor of the heading on source line `line` (0-based), for TOC fragments.
  static func anchor(line: Int) -> String { "aozora-line-\(line + 1)" }

  /// The UTF-16 length of the text so far.
  var currentLength: Int { length }

  // MARK: - Lines

  /// Adds source line `number` (0-based) of the body.
  mutating func add(line source: Substring, number: Int, role: Role = .body) {
    let line = AozoraLineParser.parse(source)
    add(line, number: number, role: role)
  }

  /// How a line is set.
  enum Role {
    case body
    /// The colophon (底本…): smaller, without indents of its own.
    case colophon
  }

  /// Adds a line already read.
  mutating func add(_ line: AozoraLine, number: Int, role: Role = .body) {
    unknownNotes += line.unknownNotes
    if line.isBlank {
      blankLines += 1
      return
    }
    for command in line.commands where command.offset == 0 {
      state.apply(command.note)
      if case .pageBreak = command.note { pageBreakPending = true }
    }
    if !line.text.isEmpty {
      var lineIndent: Int?
      for command in line.commands {
        if case .indent(let value) = command.note, command.offset == 0 { lineIndent = value }
      }
      for piece in Self.pieces(of: line) {
        addParagraph(
          piece.line, bottom: piece.bottom, lineIndent: lineIndent, number: number, role: role)
      }
    }
    for command in line.commands where command.offset > 0 {
      state.apply(command.note)
      if case .pageBreak = command.note { pageBreakPending = true }
    }
  }

  /// A line cut where a `地付き`/`地からN字上げ` note stands after some text: the text after
  /// the note is set against the end of its own line.
  static func pieces(of line: AozoraLine) -> [(line: AozoraLine, bottom: Int?)] {
    var bottomAtStart: Int?
    for command in line.commands {
      guard case .bottom(let raise) = command.note else { continue }
      if command.offset == 0 || command.offset >= line.text.count {
        bottomAtStart = raise
      } else {
        let (head, tail) = line.split(at: command.offset)
        return [(head, bottomAtStart)] + pieces(of: tail).map { ($0.line, $0.bottom ?? raise) }
      }
    }
    return [(line, bottomAtStart)]
  }

  /// Adds a title-page paragraph (title, subtitle, author), centred.
  mutating func addTitlePageLine(_ text: String, scale: Double) {
    var line = AozoraLine()
    line.text = Array(text.unicodeScalars)
    var style = baseStyle()
    style.alignment = .center
    style.spacingBefore = paragraphs.isEmpty ? 0 : 1
    var attributes = TextAttributes()
    attributes.fontScale = scale
    append(line, style: style, attributes: attributes, extra: [])
  }

  // MARK: - Paragraphs

  private func baseStyle() -> ParagraphStyle {
    var style = ParagraphStyle()
    style.language = "ja"
    style.writingMode = .verticalRightToLeft
    style.hyphenation = false
    return style
  }

  private mutating func addParagraph(
    _ line: AozoraLine, bottom: Int?, lineIndent: Int?, number: Int, role: Role
  ) {
    var style = baseStyle()
    var attributes = TextAttributes()
    var extra = state.styles.map { AozoraLine.Span(range: 0..<line.text.count, style: $0.style) }
    let whole = line.headings.first { $0.range == 0..<line.text.count }
    let headingLevel = whole?.level ?? state.headingLevel
    if let level = headingLevel {
      style = ParagraphStyle.heading(level: level)
      style.language = "ja"
      style.writingMode = .verticalRightToLeft
      style.spacingBefore = paragraphs.isEmpty ? 0 : 1.5
      style.spacingAfter = 1
      attributes.fontScale = TXTContent.headingScale(level: level)
      anchors[Self.anchor(line: number)] = anchors[Self.anchor(line: number)] ?? length
    } else {
      style.firstLineIndent = Double(line.leadingSpaces)
      if blankLines > 0, !paragraphs.isEmpty, !afterHeading {
        style.spacingBefore = Double(min(blankLines, 2))
      }
      // A heading inside a line of text (同行見出し): set bold and a little larger.
      for heading in line.headings {
        extra.append(AozoraLine.Span(range: heading.range, style: .bold))
        extra.append(
          AozoraLine.Span(
            range: heading.range, style: .scale(TXTContent.headingScale(level: heading.level))))
        anchors[Self.anchor(line: number)] = anchors[Self.anchor(line: number)] ?? length
      }
    }
    if let lineIndent {
      style.leftIndent = Double(lineIndent)
    } else if let first = state.indentFirst, let rest = state.indentRest {
      style.leftIndent = Double(rest)
      style.firstLineIndent += Double(first - rest)
    }
    if let raise = bottom ?? state.bottomRaise {
      style.alignment = .right
      style.rightIndent = Double(raise)
      style.firstLineIndent = 0
    }
    if role == .colophon {
      attributes.fontScale = 0.85
      style.alignment = .left
      style.spacingBefore = 0
    }
    if pageBreakPending, !paragraphs.isEmpty { style.pageBreakBefore = true }
    pageBreakPending = false
    blankLines = 0
    afterHeading = headingLevel != nil
    append(line, style: style, attributes: attributes, extra: extra)
  }

  /// Appends a paragraph: its text and "\n", its style, its runs and rubies.
  private mutating func append(
    _ line: AozoraLine, style: ParagraphStyle, attributes: TextAttributes,
    extra: [AozoraLine.Span]
  ) {
    let start = length
    // UTF-16 offset of each scalar boundary of the line.
    var offsets = [Int](repeating: 0, count: line.text.count + 1)
    for (index, scalar) in line.text.enumerated() {
      offsets[index + 1] = offsets[index] + (scalar.value > 0xFFFF ? 2 : 1)
      string.append(scalar)
    }
    string.append("\n")
    length += offsets[line.text.count] + 1
    paragraphs.append(StyledRun(range: start..<length, value: style))
    let spans = line.spans + extra
    var cuts = [0, line.text.count]
    for span in spans {
      cuts.append(max(0, min(span.range.lowerBound, line.text.count)))
      cuts.append(max(0, min(span.range.upperBound, line.text.count)))
    }
    cuts = Array(Set(cuts)).sorted()
    for (lower, upper) in zip(cuts, cuts.dropFirst()) where lower < upper {
      var value = attributes
      for span in spans where span.range.lowerBound <= lower && upper <= span.range.upperBound {
        span.style.apply(to: &value)
      }
      addRun(start + offsets[lower]..<(start + offsets[upper]), value)
    }
    addRun(start + offsets[line.text.count]..<length, attributes)
    for ruby in line.rubies.sorted(by: { $0.base.lowerBound < $1.base.lowerBound }) {
      let base = (start + offsets[ruby.base.lowerBound])..<(start + offsets[ruby.base.upperBound])
      guard !base.isEmpty, rubies.last.map({ $0.base.upperBound <= base.lowerBound }) ?? true
      else { continue }
      rubies.append(RubyAnnotation(base: base, text: ruby.reading))
    }
  }

  private mutating func addRun(_ range: Range<Int>, _ value: TextAttributes) {
    guard !range.isEmpty else { return }
    if let last = runs.last, last.value == value, last.range.upperBound == range.lowerBound {
      runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
    } else {
      runs.append(StyledRun(range: range, value: value))
    }
  }

  /// The chapter's text.
  func build() -> StyledText {
    var text = StyledText(
      string: String(string), runs: runs, paragraphs: paragraphs, anchors: anchors)
    text.rubies = rubies
    return text
  }
}

extension AozoraLine {
  /// The line cut in two at text offset `offset`: spans, rubies and headings go with the
  /// part they fall in (cut where they straddle).
  func split(at offset: Int) -> (AozoraLine, AozoraLine) {
    var head = AozoraLine()
    var tail = AozoraLine()
    head.text = Array(text[..<offset])
    tail.text = Array(text[offset...])
    head.leadingSpaces = leadingSpaces
    func clip(_ range: Range<Int>, _ part: Range<Int>) -> Range<Int>? {
      let lower = max(range.lowerBound, part.lowerBound)
      let upper = min(range.upperBound, part.upperBound)
      return lower < upper ? (lower - part.lowerBound)..<(upper - part.lowerBound) : nil
    }
    for (part, index) in [(0..<offset, 0), (offset..<text.count, 1)] {
      var piece = index == 0 ? head : tail
      piece.spans = spans.compactMap { span in
        clip(span.range, part).map { Span(range: $0, style: span.style) }
      }
      piece.headings = headings.compactMap { heading in
        clip(heading.range, part).map { Heading(range: $0, level: heading.level) }
      }
      piece.rubies = rubies.compactMap { ruby in
        part.lowerBound <= ruby.base.lowerBound && ruby.base.upperBound <= part.upperBound
          ? Ruby(
            base: (ruby.base.lowerBound - part.lowerBound)..<(ruby.base.upperBound - part.lowerBound),
            reading: ruby.reading) : nil
      }
      if index == 0 { head = piece } else { tail = piece }
    }
    return (head, tail)
  }
}
