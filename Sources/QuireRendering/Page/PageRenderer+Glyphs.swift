import QuireBook
import QuireTypesetting

extension PageRenderer {
  /// Draws glyph runs: each glyph's mask at its whole-pixel position and subpixel bin.
  ///
  /// Glyphs inside `links` that have no colour of their own take the theme's link
  /// colour; `color` overrides every run's colour (HUD text). `dx`, `dy` move the runs.
  func drawRuns(
    _ runs: [GlyphRun], theme: Theme, links: [Range<Int>] = [], color: Color? = nil,
    dx: Double = 0, dy: Double = 0, into canvas: inout RGBAImage
  ) {
    for run in runs {
      guard let face = glyphs.face(for: run.font) else { continue }
      let ink = color ?? theme.textColor(for: run.color)
      let linked =
        color == nil && run.color == nil
        && links.contains { $0.overlaps(run.range) || $0.lowerBound == run.range.lowerBound }
      let turned = run.orientation == .rotatedClockwise
      let offsets = run.drawingOffsets.count == run.glyphs.count ? run.drawingOffsets : nil
      for index in run.glyphs.indices {
        var position = run.positions[index]
        if let offsets {
          position.x += offsets[index].x
          position.y += offsets[index].y
        }
        let (x, bin) =
          turned
          ? (Int((position.x + Float(dx)).rounded()), 0) : GlyphCache.split(position.x + Float(dx))
        let y = Int((Double(position.y) + dy).rounded())
        let glyph = run.glyphs[index]
        guard
          let mask = turned
            ? glyphs.turnedMask(face: face, glyph: glyph, size: run.size)
            : glyphs.mask(face: face, glyph: glyph, size: run.size, bin: bin)
        else { continue }
        var glyphInk = ink
        if linked, index < run.clusters.count {
          let offset = Int(run.clusters[index])
          if links.contains(where: { $0.contains(offset) }) { glyphInk = theme.link }
        }
        canvas.blend(mask, x: x, y: y, color: glyphInk)
      }
    }
  }

  /// The advance of a run's glyph in pixels (from its cached mask), 0 when unknown.
  func advance(of run: GlyphRun, at index: Int) -> Double {
    guard let face = glyphs.face(for: run.font) else { return 0 }
    let (_, bin) = GlyphCache.split(run.positions[index].x)
    return Double(
      glyphs.mask(face: face, glyph: run.glyphs[index], size: run.size, bin: bin)?.advance ?? 0)
  }
}
