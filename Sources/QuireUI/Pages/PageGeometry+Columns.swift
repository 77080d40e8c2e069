import QuireTypesetting

extension PageGeometry {
  /// The boxes of a vertical column: each glyph's from its pen down to the next pen below
  /// it (an em for the column's last glyph), the column's width across. The digits of a
  /// tate-chū-yoko share their pen's height and so their box.
  static func columnBoxes(of line: Line) -> [Box] {
    var glyphs: [(y: Double, offset: Int, size: Double)] = []
    for run in line.runs {
      for index in run.glyphs.indices {
        let offset =
          run.clusters.indices.contains(index) ? Int(run.clusters[index]) : run.range.lowerBound
        glyphs.append((Double(run.positions[index].y), offset, run.size))
      }
    }
    glyphs.sort { $0.y < $1.y || ($0.y == $1.y && $0.offset < $1.offset) }
    var boxes: [Box] = []
    var next = 0
    for (index, glyph) in glyphs.enumerated() {
      if next <= index { next = index + 1 }
      while next < glyphs.count, glyphs[next].y <= glyph.y { next += 1 }
      let bottom = next < glyphs.count ? glyphs[next].y : glyph.y + glyph.size
      guard bottom > glyph.y else { continue }
      boxes.append(
        Box(
          rect: Rect(
            x: line.frame.x, y: glyph.y, width: line.frame.width, height: bottom - glyph.y),
          offset: glyph.offset))
    }
    return boxes
  }
}
