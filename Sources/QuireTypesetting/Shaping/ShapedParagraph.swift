import QuireBook

/// A stretch of glyphs of one shaped word, at one size: what a box draws.
struct GlyphPiece {
  var word: ShapedWord
  var glyphs: Range<Int>
  var font: Int
  /// Pixels per em.
  var size: Double
  var color: Color?
  /// Baseline shift in pixels, up positive (superscripts).
  var rise: Double
  /// Paragraph-relative UTF-16 offset of the word's first unit.
  var wordOffset: Int
}

/// A paragraph as shaped pieces and Knuth–Plass items: the shaping stage's output.
struct ShapedParagraph {
  var analyzed: AnalyzedParagraph
  var pieces: [GlyphPiece]
  var items: [LineItem]
  /// Pixel size of the paragraph's largest text, for its line height.
  var largestSize: Double
  /// Metrics of the paragraph's first face, for baselines.
  var metrics: FontMetrics
  /// Sum of box widths, to estimate the number of lines.
  var naturalWidth: Double
}
