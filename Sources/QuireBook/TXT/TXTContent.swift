import Foundation

/// The chapter texts of a TXT book, built on first use from the decoded text.
///
/// Import keeps one decoded UTF-8 buffer, its line table and each chapter's measured
/// paragraphs; `text(ofChapter:)` joins a chapter's lines into its `StyledText` only when
/// asked. Everything here is immutable, so any task may ask for any chapter at any time
/// (`Book` caches the results).
struct TXTContent: BookContent {
  let path: String
  /// The whole text, normalised UTF-8 with "\n" line ends.
  let utf8: [UInt8]
  let lines: LineTable
  /// Joined long paragraphs that were cut into pieces (see `ParagraphSplitter`).
  let joinedParagraphs: [[UInt8]]
  /// Each chapter's paragraphs.
  let chapterParagraphs: [[ParagraphSpan]]
  /// BCP 47 language set on every paragraph.
  let language: String

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    guard chapterParagraphs.indices.contains(index) else { return .empty }
    let spans = chapterParagraphs[index]
    return utf8.withUnsafeBufferPointer { bytes in
      // The layout only matters when splitting; spans already say how to join.
      let splitter = ParagraphSplitter(
        bytes: bytes, lines: lines, layout: .blankLineSeparated,
        joinedParagraphs: joinedParagraphs)
      var output: [UInt8] = []
      output.reserveCapacity(spans.reduce(0) { $0 + $1.length + 1 } * 3 / 2)
      var paragraphs: [StyledRun<ParagraphStyle>] = []
      paragraphs.reserveCapacity(spans.count)
      var offset = 0
      // What StyledTextBuilder makes of these paragraphs, without its per-append
      // UTF-16 counting: the lengths are known.
      // Plain text separates paragraphs by blank lines, which a page does not show: as in
      // a printed book, body paragraphs get a first-line indent, except the first of the
      // chapter and the first after a heading or a scene break.
      var follows = false
      let isFrontMatter = chapter.role == .frontMatter
      // Headings are set larger than the text (their runs), the rest in the body face.
      var runs: [StyledRun<TextAttributes>] = []
      for span in spans where span.length > 0 {
        let start = output.count
        let emphasis = splitter.appendStyled(span, to: &output)
        let shape =
          span.kind == .body || span.kind == .verse || span.kind == .centred
          ? output.withUnsafeBufferPointer {
            ParagraphShape.of($0, start, $0.count, isIndented: span.isIndented)
          } : .text
        output.append(0x0A)
        let end = offset + span.length + 1
        var style = style(of: span, shape: shape, follows: follows, isFrontMatter: isFrontMatter)
        switch splitter.directive(of: span) {
        case .rightAligned?:
          style.alignment = .right
          style.firstLineIndent = 0
        case .centred?:
          style.alignment = .center
          style.firstLineIndent = 0
        case .noIndent?, .plain?:
          // A letter's salutation: in line with the letter's indented text under it.
          style.firstLineIndent = 0
          if span.isIndented { style.leftIndent = 2 }
        case nil:
          break
        }
        if isFrontMatter && paragraphs.count >= Self.titlePageParagraphs {
          // Past the title page: a long contents list is set close, one entry a line.
          style.spacingAfter = 0
        }
        paragraphs.append(StyledRun(range: offset..<end, value: style))
        var attributes = TextAttributes()
        if case .heading(let level) = span.kind {
          attributes.fontScale = Self.headingScale(level: level)
          follows = false
        } else if shape == .footnote {
          attributes.fontScale = Self.noteScale
        } else {
          // A picture that opens the chapter stands for its heading (Pride and
          // Prejudice's chapter headings are drawn in their pictures).
          let opensChapter = shape == .illustration && paragraphs.count == 1
          follows = shape != .sceneBreak && !opensChapter
        }
        Self.appendRuns(offset..<end, attributes, emphasis: emphasis, to: &runs)
        offset = end
      }
      return StyledText(
        string: String(decoding: output, as: UTF8.self), runs: runs, paragraphs: paragraphs)
    }
  }

  /// Appends the character runs of the paragraph `range`: `attributes`, italic or bold
  /// where `emphasis` (offsets from the paragraph's start) says; equal neighbours merge.
  static func appendRuns(
    _ range: Range<Int>, _ attributes: TextAttributes, emphasis: [GutenbergEmphasis.Span],
    to runs: inout [StyledRun<TextAttributes>]
  ) {
    func add(_ lower: Int, _ upper: Int, _ value: TextAttributes) {
      guard lower < upper else { return }
      if let last = runs.last, last.value == value, last.range.upperBound == lower {
        runs[runs.count - 1].range = last.range.lowerBound..<upper
      } else {
        runs.append(StyledRun(range: lower..<upper, value: value))
      }
    }
    guard !emphasis.isEmpty else {
      add(range.lowerBound, range.upperBound, attributes)
      return
    }
    // Spans may nest (`*_both_*`): cut at every span boundary.
    var cuts = [range.lowerBound, range.upperBound]
    for span in emphasis {
      cuts.append(range.lowerBound + span.range.lowerBound)
      cuts.append(range.lowerBound + span.range.upperBound)
    }
    cuts.sort()
    for (lower, upper) in zip(cuts, cuts.dropFirst()) where lower < upper {
      var value = attributes
      for span in emphasis
      where span.range.lowerBound + range.lowerBound <= lower
        && upper <= span.range.upperBound + range.lowerBound
      {
        if span.isBold { value.weight = 700 } else { value.isItalic = true }
      }
      add(lower, upper, value)
    }
  }

  func resource(at href: String) throws -> Data {
    throw BookError(.missingResource, path: path, entry: href, "a TXT book has no resources")
  }

  /// How much larger than the text a heading of `level` is set (parts, then chapters).
  static func headingScale(level: Int) -> Double {
    switch level {
    case ...1: 1.5
    case 2: 1.3
    default: 1.15
    }
  }

  /// How much smaller than the text a note is set.
  static let noteScale = 0.85

  /// The paragraphs at the start of the front matter set apart as a title page.
  static let titlePageParagraphs = 6

  /// The longest line of a title page or contents that is centred, in UTF-16 units.
  static let maxFrontMatterLineLength = 60

  /// The style of a paragraph; `follows` says it comes after a paragraph of text (not a
  /// heading, not a scene break, not the chapter's start).
  private func style(
    of paragraph: ParagraphSpan, shape: ParagraphShape, follows: Bool, isFrontMatter: Bool
  ) -> ParagraphStyle {
    var style = ParagraphStyle()
    switch (paragraph.kind, shape) {
    case (.heading(let level), _):
      // Centred with room under it, as a printed chapter opening.
      style = .heading(level: level)
      style.alignment = .center
      style.spacingAfter = level <= 1 ? 2 : 1.5
    case (_, .sceneBreak):
      // Kept with what follows: rows of stars stay together, and a break does not end a
      // page, where a reader could not tell it from the page's end.
      style.alignment = .center
      style.keepWithNext = true
      style.hyphenation = false
      style.spacingBefore = 1
      style.spacingAfter = 1
    case (_, .footnote):
      style.role = .note
      style.spacingBefore = 0.25
      style.spacingAfter = 0.25
    case (_, .illustration):
      style.role = .figure
      style.alignment = .center
      style.hyphenation = false
      style.spacingBefore = 0.5
      style.spacingAfter = 0.5
    case (.verse, _):
      style.role = .verse
      style.alignment = .left
      style.hyphenation = false
      style.leftIndent = 2
      style.spacingBefore = 0.5
      style.spacingAfter = 0.5
    case (.centred, _):
      style.alignment = .center
      style.hyphenation = false
      style.spacingBefore = 0.5
      style.spacingAfter = 0.5
    case (.quote, _):
      style.role = .blockquote
      style.leftIndent = 2
      style.rightIndent = 1
      style.spacingBefore = 0.5
      style.spacingAfter = 0.5
    case (.body, _) where isFrontMatter && paragraph.length <= Self.maxFrontMatterLineLength:
      // A title page's lines: title, author, edition, centred.
      style.alignment = .center
      style.hyphenation = false
      style.spacingAfter = 0.5
    case (.body, _):
      if paragraph.isIndented || follows {
        // Chinese and Japanese indent by two full-width characters.
        let isCJK = language.hasPrefix("zh") || language.hasPrefix("ja")
        style.firstLineIndent = isCJK ? 2 : 1.5
      }
    }
    style.language = language
    return style
  }
}
