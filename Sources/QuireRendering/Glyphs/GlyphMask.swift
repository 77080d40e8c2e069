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

extension GlyphMask {
  /// The mask turned 90° clockwise about the pen: the glyph's top faces right and its
  /// advance runs down the page (the advance is kept, now a vertical one).
  var turnedClockwise: GlyphMask {
    // A pixel (column c, row r) at (left + c, −top + r) from the pen goes to
    // (top − r − 1, left + c): column h − 1 − r of a bitmap whose left edge is top − h.
    var turned = [UInt8](repeating: 0, count: coverage.count)
    for row in 0..<height {
      for column in 0..<width {
        turned[column * height + (height - 1 - row)] = coverage[row * width + column]
      }
    }
    return GlyphMask(
      width: height, height: width, left: top - height, top: -left, advance: advance,
      coverage: turned)
  }
}
