/// One glyph of a shaped word, in ems: what `WordStore` keeps for every distinct word.
///
/// The fields of a glyph sit together (an array of structs, not five arrays), so that
/// reading a word's glyphs touches one or two cache lines.
package struct StoredGlyph: Hashable, Sendable {
  /// Glyph id in the face (a Unicode scalar for the terminal backend).
  package var id: UInt32
  package var advance: Float
  package var xOffset: Float
  package var yOffset: Float
  /// UTF-16 offset of the glyph's cluster inside the word.
  package var cluster: Int32

  /// Creates a glyph.
  package init(id: UInt32, advance: Float, xOffset: Float = 0, yOffset: Float = 0, cluster: Int32) {
    self.id = id
    self.advance = advance
    self.xOffset = xOffset
    self.yOffset = yOffset
    self.cluster = cluster
  }
}

/// A stored word as the line builder sees it: where its glyphs and segments are.
package struct StoredWord: Hashable, Sendable {
  /// Index of the first glyph in `WordStore.glyphs`.
  package var glyphStart: Int32
  package var glyphCount: Int32
  /// Index of the first segment in `WordStore.segments`; 0 segments = not hyphenated.
  package var segmentStart: Int32
  package var segmentCount: Int32
  /// Sum of the advances in ems, added up in glyph order.
  package var width: Double
  /// UTF-16 length of the word.
  package var length: Int32
}

/// A piece of a hyphenated word from its start (or the previous point) to a hyphenation
/// point: the glyphs before the point and their width.
package struct WordSegment: Hashable, Sendable {
  /// Glyphs of the word before the point (counted from the word's first glyph).
  package var glyphEnd: Int32
  /// UTF-16 offset of the point inside the word (the break goes before this unit).
  package var unitEnd: Int32
  /// Width in ems of the segment's own glyphs, added up in glyph order.
  package var width: Double
}
