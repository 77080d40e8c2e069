import QuireBook

/// A stretch of glyphs of one stored word, at one size: what a box draws.
///
/// Plain values only (indices into the glyph source's `WordStore`): pieces are copied
/// without reference counting.
struct GlyphPiece {
  /// The piece's glyphs in `WordStore.glyphs`.
  var glyphStart: Int32
  var glyphEnd: Int32
  /// End of the whole word's glyphs, and the word's UTF-16 length: where the piece's
  /// text ends when it ends the word.
  var wordGlyphEnd: Int32
  var wordLength: Int32
  /// Paragraph-relative UTF-16 offset of the word's first unit.
  var wordOffset: Int32
  var font: Int32
  /// Pixels per em.
  var size: Double
  /// Baseline shift in pixels, up positive (superscripts).
  var rise: Double
  var color: Color?
  /// Horizontal shift of the glyphs in pixels (an opening mark losing its blank half).
  var shift = 0.0
}

/// An image set inside a line of text, already scaled: a box of its width.
struct InlineImage {
  var attachment: Attachment
  var width: Double
  var height: Double
}

/// A paragraph as shaped pieces and Knuth–Plass items: the shaping stage's output.
struct ShapedParagraph {
  var analyzed: AnalyzedParagraph
  var pieces: [GlyphPiece]
  var items: [LineItem]
  /// Images inside the text; a box whose `piece` is `-2 - i` shows image i.
  var images: [InlineImage] = []
  /// Pixel size of the paragraph's largest text, for its line height.
  var largestSize: Double
  /// Metrics of the paragraph's first face, for baselines.
  var metrics: FontMetrics
  /// Sum of box widths, to estimate the number of lines.
  var naturalWidth: Double
  /// The size of all the paragraph's text when it has one (no other size, nothing raised
  /// or lowered, no image): every line is then as tall as the others.
  var uniformSize: Double?
  /// Ruby readings tied to their bases' items (`annotate`), in item order.
  var annotations: [ShapedAnnotation] = []
}
