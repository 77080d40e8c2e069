/// The glyphs of one shaped piece of text (a word, a CJK character), in ems.
///
/// Shared by every occurrence of the word: the shape cache hands out the same instance.
package final class ShapedWord: Sendable {
  package let glyphs: [UInt32]
  /// Horizontal advances, in ems.
  package let advances: [Float]
  package let xOffsets: [Float]
  package let yOffsets: [Float]
  /// UTF-16 offset of each glyph's cluster inside the word.
  package let clusters: [Int32]
  /// Sum of the advances, in ems.
  package let width: Double
  /// UTF-16 length of the shaped text.
  package let length: Int

  package init(
    glyphs: [UInt32], advances: [Float], xOffsets: [Float], yOffsets: [Float], clusters: [Int32],
    length: Int
  ) {
    self.length = length
    self.glyphs = glyphs
    self.advances = advances
    self.xOffsets = xOffsets
    self.yOffsets = yOffsets
    self.clusters = clusters
    width = advances.reduce(0) { $0 + Double($1) }
  }

  /// Width in ems of the glyphs whose clusters lie before `offset` (a prefix of the word).
  ///
  /// Returns nil when `offset` falls inside a cluster (a ligature across it).
  package func prefixWidth(upTo offset: Int) -> (width: Double, glyphCount: Int)? {
    var width = 0.0
    for i in 0..<glyphs.count {
      let cluster = Int(clusters[i])
      if cluster >= offset {
        if cluster > offset, i > 0, Int(clusters[i - 1]) < offset { return nil }
        return (width, i)
      }
      width += Double(advances[i])
    }
    return nil
  }
}
