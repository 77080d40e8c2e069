import QuireBook

/// Room for ruby above the lines that have it: a line whose leading cannot hold its
/// readings grows by what they lack (at the top, so its baseline moves down), and every
/// other line keeps its height. In vertical text the top of a line is the right side of
/// its column. Inline (terminal) readings need none.
/// - Complexity: O(lines + annotations).
func makeRoomForAnnotations(
  _ heights: inout [LineHeight], _ shaped: ShapedParagraph, breaks: [LineBreak],
  source: any GlyphSource
) {
  let beside = shaped.annotations.filter { !$0.isInline }
  guard !beside.isEmpty else { return }
  let starts = lineStarts(shaped.items, breaks: breaks)
  var a = 0
  for (k, lineBreak) in breaks.enumerated() {
    var above = 0.0
    var below = 0.0
    while a < beside.count, beside[a].firstItem <= lineBreak.item {
      let annotation = beside[a]
      a += 1
      guard annotation.firstItem >= starts[k] else { continue }
      let reading = source.metrics(of: Int(annotation.piece.font))
      let size = annotation.piece.size
      let baseSize = size / rubyScale
      let need = (reading.ascender + reading.descender) * size
      if annotation.isUpright {
        // Beside a column: an em of the reading right of the base's em box, which is
        // centred on the column's centre line.
        let metrics = shaped.metrics
        let aboveBox = (metrics.ascender - metrics.descender) / 2 * baseSize + baseSize / 2
        above = max(above, size - (heights[k].ascent - aboveBox))
      } else if annotation.isUnder {
        let leading =
          heights[k].height - heights[k].ascent - shaped.metrics.descender * baseSize
        below = max(below, need - leading)
      } else {
        above = max(above, need - (heights[k].ascent - shaped.metrics.ascender * baseSize))
      }
    }
    if above > 0 {
      heights[k].height += above
      heights[k].ascent += above
    }
    if below > 0 { heights[k].height += below }
  }
}

/// The glyph runs of the readings of one line, placed from the pen positions of their
/// bases' items (`penAt`, relative to `x`): above the base, centred on it, a reading
/// shorter than a base of several characters spread over it with space around each of
/// its characters (JLREQ §3.3.6), never past the line's ends; on cells, after the base
/// on the baseline.
/// - Complexity: O(annotations of the line + their glyphs).
func placeAnnotations(
  _ shaped: ShapedParagraph, items lineItems: ClosedRange<Int>, penAt: [Double], x: Double,
  lineFrame: (x: Double, width: Double), baseline: Double, source: any GlyphSource,
  glyphs: UnsafeBufferPointer<StoredGlyph>
) -> [GlyphRun] {
  let items = shaped.items
  var runs: [GlyphRun] = []
  for annotation in shaped.annotations
  where lineItems.contains(annotation.firstItem) && lineItems.contains(annotation.lastItem) {
    let piece = annotation.piece
    let size = piece.size
    let baseStart = x + penAt[annotation.firstItem]
    let baseEnd = x + penAt[annotation.lastItem] + items[annotation.lastItem].width
    var start = baseStart
    var gap = 0.0
    var y = baseline
    if !annotation.isInline {
      let baseWidth = baseEnd - baseStart
      if let centre = annotation.centre {
        start = baseStart + centre - annotation.width / 2
      } else if annotation.width >= baseWidth || annotation.glyphCount == 0 {
        start = (baseStart + baseEnd - annotation.width) / 2
      } else {
        gap = (baseWidth - annotation.width) / Double(annotation.glyphCount)
        start = baseStart + gap / 2
      }
      start = min(max(start, lineFrame.x), lineFrame.x + lineFrame.width - annotation.width)
      let baseSize = size / rubyScale
      let reading = source.metrics(of: Int(piece.font))
      y =
        annotation.isUnder
        ? baseline + shaped.metrics.descender * baseSize + reading.ascender * size
        : baseline - shaped.metrics.ascender * baseSize - reading.descender * size
    }
    var run = GlyphRun(
      font: source.reference(of: Int(piece.font)), size: size, color: piece.color, glyphs: [],
      positions: [], range: annotation.base)
    if annotation.isUpright {
      // The pen runs down the column (layout x); the glyphs stand on a centre line half
      // an em of the reading right of the base's em box, drawn at their vertical offsets.
      let across =
        uprightCentreLine(baseline: baseline, metrics: shaped.metrics, size: size / rubyScale)
        - (size / rubyScale + size) / 2
      var pen = start
      for g in Int(piece.glyphStart)..<Int(piece.glyphEnd) {
        let glyph = glyphs[g]
        run.glyphs.append(glyph.id)
        run.positions.append(GlyphPosition(x: Float(pen), y: Float(across)))
        run.drawingOffsets.append(
          GlyphPosition(
            x: Float(Double(glyph.xOffset) * size), y: Float(-Double(glyph.yOffset) * size)))
        run.clusters.append(Int32(annotation.base.lowerBound))
        pen += Double(glyph.advance) * size + gap
      }
      runs.append(run)
      continue
    }
    var pen = start
    for g in Int(piece.glyphStart)..<Int(piece.glyphEnd) {
      let glyph = glyphs[g]
      var gx = pen + Double(glyph.xOffset) * size
      var gy = y - Double(glyph.yOffset) * size
      if source.usesWholeUnits {
        gx = gx.rounded()
        gy = gy.rounded()
      }
      run.glyphs.append(glyph.id)
      run.positions.append(GlyphPosition(x: Float(gx), y: Float(gy)))
      // A reading belongs to its base: styles, links and hit tests see the base.
      run.clusters.append(Int32(annotation.base.lowerBound))
      pen += Double(glyph.advance) * size + gap
    }
    runs.append(run)
  }
  return runs
}

/// The layout y of the centre line of a column whose text of `size` in a face of
/// `metrics` sits on `baseline` (before the page is turned): the middle of the em box,
/// which CSS's half-leading centres in the line.
func uprightCentreLine(baseline: Double, metrics: FontMetrics, size: Double) -> Double {
  baseline - (metrics.ascender - metrics.descender) / 2 * size
}
