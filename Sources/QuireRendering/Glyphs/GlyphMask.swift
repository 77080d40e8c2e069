/// One rendered glyph: an 8-bit coverage bitmap and where it sits relative to the pen.
struct GlyphMask {
  var width: Int
  var height: Int
  /// Pixels from the pen position to the bitmap's left edge.
  var left: Int
  /// Pixels from the baseline up to the bitmap's top edge.
  var top: Int
  /// Unhinted advance width in pixels, for measuring decorations (underlines, highlights).
  var advance: Float
  /// `width × height` coverage values, row by row; 0 transparent, 255 full ink.
  var coverage: [UInt8]
}
