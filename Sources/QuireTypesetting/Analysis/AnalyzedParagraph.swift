import QuireBook

/// A run of text set in one face with one set of attributes.
struct FontRun {
  /// Chapter UTF-16 range.
  var range: Range<Int>
  var font: Int
  var attributes: TextAttributes
}

/// A paragraph with its break opportunities and font runs: the analysis stage.
struct AnalyzedParagraph {
  var paragraph: Paragraph
  /// `LineBreakAnalyzer.Opportunity` after each unit of the content (without the "\n").
  var breaks: [UInt8]
  /// Runs covering the content, split by attributes and by font fallback.
  var fontRuns: [FontRun]
  /// Bidirectional levels of the content; nil when it is left to right throughout.
  var bidi: BidiLevels?
}

/// Finds break opportunities (UAX #14) and itemises the paragraph into font runs.
///
/// A character the run's face lacks goes to the first fallback face that has it, so
/// Chinese in English text and Latin in Chinese text never show as tofu.
/// - Complexity: O(n) in the paragraph length.
func analyze(
  _ paragraph: Paragraph, units: [UInt16], faces: [FontFace] = [], source: any GlyphSource,
  coverage memo: inout CoverageMemo
) -> AnalyzedParagraph {
  let content = paragraph.contentRange
  let breaks = units.withUnsafeBufferPointer { buffer in
    LineBreakAnalyzer.opportunities(
      UnsafeBufferPointer(rebasing: buffer[content]), language: paragraph.language)
  }
  var fontRuns: [FontRun] = []
  var hasRightToLeft = false
  for run in paragraph.runs {
    let range = run.range.clamped(to: content)
    guard !range.isEmpty else { continue }
    let primary = source.font(
      for: FontRequest(run.value, language: paragraph.language, faces: faces))
    var start = range.lowerBound
    var current = primary
    var i = range.lowerBound
    while i < range.upperBound {
      var scalar = UInt32(units[i])
      var width = 1
      if UTF16.isLeadSurrogate(units[i]), i + 1 < range.upperBound,
        UTF16.isTrailSurrogate(units[i + 1])
      {
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
        width = 2
      }
      if scalar >= 0x0590, !hasRightToLeft { hasRightToLeft = Bidi.mayBeRightToLeft(scalar) }
      var font = current
      // Spaces, marks and controls stay with the face around them.
      if scalar > 0x20, scalar != 0xA0, scalar != 0x2028, scalar != 0xFFFC,
        !memo.covers(current, scalar)
      {
        font =
          memo.covers(primary, scalar)
          ? primary : source.fallbackFont(for: scalar, like: primary)
      } else if current != primary, scalar > 0x20, memo.covers(primary, scalar),
        !isNeutral(scalar)
      {
        font = primary
      }
      if font != current {
        if i > start {
          fontRuns.append(FontRun(range: start..<i, font: current, attributes: run.value))
        }
        start = i
        current = font
      }
      i += width
    }
    fontRuns.append(FontRun(range: start..<range.upperBound, font: current, attributes: run.value))
  }
  let bidi = units.withUnsafeBufferPointer { buffer in
    Bidi.levels(
      of: UnsafeBufferPointer(rebasing: buffer[content]), language: paragraph.language,
      direction: paragraph.style.direction, hasRightToLeft: hasRightToLeft)
  }
  return AnalyzedParagraph(paragraph: paragraph, breaks: breaks, fontRuns: fontRuns, bidi: bidi)
}

/// Punctuation that may stay in a fallback face rather than switch back mid-phrase.
private func isNeutral(_ scalar: UInt32) -> Bool {
  scalar < 0x80 && !CJK.isAlphanumeric(scalar)
}

/// Which characters faces cover, remembered: asking the glyph source costs an
/// existential call per code unit, and body text is mostly one face.
///
/// ASCII in a bit set for the face asked last; other characters in a small direct-mapped
/// table of (face, scalar) answers, which holds a Chinese book's few thousand ideographs.
/// A paginator keeps one for all its paragraphs.
struct CoverageMemo {
  let source: any GlyphSource
  private var font = -1
  private var known: (UInt64, UInt64) = (0, 0)
  private var present: (UInt64, UInt64) = (0, 0)
  /// Per slot: scalar << 24 | (face + 1) << 1 | covered; 0 = empty.
  private var answers: [UInt64] = []

  init(source: any GlyphSource) { self.source = source }

  @inline(__always)
  mutating func covers(_ font: Int, _ scalar: UInt32) -> Bool {
    guard scalar < 128 else { return coversOther(font, scalar) }
    if font != self.font {
      self.font = font
      known = (0, 0)
      present = (0, 0)
    }
    let bit = UInt64(1) << UInt64(scalar & 63)
    if scalar < 64 {
      if known.0 & bit == 0 {
        known.0 |= bit
        if source.font(font, covers: scalar) { present.0 |= bit }
      }
      return present.0 & bit != 0
    }
    if known.1 & bit == 0 {
      known.1 |= bit
      if source.font(font, covers: scalar) { present.1 |= bit }
    }
    return present.1 & bit != 0
  }

  @inline(__always)
  private mutating func coversOther(_ font: Int, _ scalar: UInt32) -> Bool {
    guard font >= 0, font < 0x7F_FFFF else { return source.font(font, covers: scalar) }
    if answers.isEmpty { answers = [UInt64](repeating: 0, count: 4096) }
    let slot = Int((scalar ^ UInt32(truncatingIfNeeded: font) &* 0x9E37) & 4095)
    let key = UInt64(scalar) << 24 | UInt64(font + 1) << 1
    let answer = answers[slot]
    if answer & ~1 == key { return answer & 1 == 1 }
    let covered = source.font(font, covers: scalar)
    answers[slot] = key | (covered ? 1 : 0)
    return covered
  }
}
