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
      for index in run.glyphs.indices {
        let position = run.positions[index]
        let (x, bin) = GlyphCache.split(position.x + Float(dx))
        let y = Int((Double(position.y) + dy).rounded())
        guard let mask = glyphs.mask(face: face, glyph: run.glyphs[index], size: run.size, bin: bin)
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
