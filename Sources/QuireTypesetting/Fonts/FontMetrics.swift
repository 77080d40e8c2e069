/// Vertical and spacing metrics of a face, in ems (multiply by the pixel size).
package struct FontMetrics: Hashable, Sendable {
  /// Height above the baseline.
  package var ascender: Double
  /// Depth below the baseline, positive.
  package var descender: Double
  package var lineGap: Double
  package var xHeight: Double
  /// Advance of U+0020, the basis of interword glue.
  package var spaceAdvance: Double
  /// Advance of the hyphen glyph drawn at a hyphenated line end.
  package var hyphenAdvance: Double
  /// The hyphen's glyph id (or the scalar for the cell backend).
  package var hyphenGlyph: UInt32
}
