/// How a run's glyphs stand on the page.
public enum GlyphOrientation: Hashable, Sendable {
  /// Upright on a horizontal line, pens advancing rightwards; also upright glyphs in a
  /// vertical column (CJK, tate-chū-yoko), whose pens advance downwards.
  case horizontal
  /// Turned 90° clockwise about the pen point, so that the text reads downwards: Latin
  /// words and numbers in a vertical column (CSS `text-orientation: mixed`). The pen is
  /// on the turned baseline; the glyphs' tops face right.
  case rotatedClockwise
}
