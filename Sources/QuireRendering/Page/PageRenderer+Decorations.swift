import Foundation
import QuireBook
package import QuireTypesetting

extension PageRenderer {
  /// Where `range` sits on `line`: from the left edge of its first glyph to the right
  /// edge of its last (in a vertical column, from its first glyph's top to its last
  /// one's foot), with the size and colour of its first glyph's run.
  func extent(of range: Range<Int>, in line: Line) -> (
    x0: Double, x1: Double, size: Double, color: Color?
  )? {
    var found: (x0: Double, x1: Double, size: Double, color: Color?)?
    for run in line.runs where run.range.overlaps(range) {
      for index in run.glyphs.indices {
        let offset = index < run.clusters.count ? Int(run.clusters[index]) : run.range.lowerBound
        guard range.contains(offset) else { continue }
        let x = Double(line.isVertical ? run.positions[index].y : run.positions[index].x)
        let right = x + advance(of: run, at: index)
        if let current = found {
          found = (min(current.x0, x), max(current.x1, right), current.size, current.color)
        } else {
          found = (x, right, run.size, run.color)
        }
      }
    }
    return found
  }

  /// Where a band behind `range` is filled on `page` (a highlight's, or the selection's):
  /// one rectangle a line it reaches, in the page's pixels, as `render` fills it. The
  /// window draws its selection from these over a picture of the page without it.
  package func bands(of range: Range<Int>, on page: Page) -> [Rect] {
    page.lines.compactMap { line in line.runs.isEmpty ? nil : band(of: range, in: line, pad: 0) }
  }

  /// The band behind `range` on `line`, the height of the line (the width of a vertical
  /// one), widened by `pad` at both ends; nil when `range` has no glyph there.
  private func band(of range: Range<Int>, in line: Line, pad: Double) -> Rect? {
    guard range.overlaps(line.range), let extent = extent(of: range, in: line) else {
      return nil
    }
    if line.isVertical {
      return Rect(
        x: line.frame.x, y: extent.x0 - pad, width: line.frame.width,
        height: extent.x1 - extent.x0 + 2 * pad)
    }
    return Rect(
      x: extent.x0 - pad, y: line.frame.y, width: extent.x1 - extent.x0 + 2 * pad,
      height: line.frame.height)
  }

  /// Backgrounds, highlights and search marks: bands the height of the line.
  func drawBackgrounds(
    _ spans: DecorationSpans, page: Page, theme: Theme, into canvas: inout RGBAImage
  ) {
    guard !spans.behind.isEmpty || !spans.searchMatches.isEmpty else { return }
    for line in page.lines where !line.runs.isEmpty {
      let bands =
        spans.behind.map { ($0.range, theme.bandColor(for: $0.color ?? theme.searchMatch), 0.0) }
        + spans.searchMatches.map { ($0, theme.searchMatch, 1.0) }
      for (range, color, pad) in bands {
        guard let band = band(of: range, in: line, pad: pad) else { continue }
        if pad > 0 {
          canvas.fillRoundedRect(band, radius: 2, color: color)
        } else {
          canvas.fill(band, color: color)
        }
      }
    }
  }

  /// Underlines (single, double, dotted, wavy), strike-throughs and link underlines.
  func drawLines(_ spans: DecorationSpans, page: Page, theme: Theme, into canvas: inout RGBAImage) {
    guard !spans.underlines.isEmpty || !spans.strikes.isEmpty || !spans.links.isEmpty else {
      return
    }
    var linkUnderline = theme.link
    linkUnderline.alpha = 110
    for line in page.lines where !line.runs.isEmpty {
      if line.isVertical {
        drawColumnLines(spans, line: line, theme: theme, into: &canvas)
        continue
      }
      for (range, style, color) in spans.underlines where range.overlaps(line.range) {
        guard let extent = extent(of: range, in: line) else { continue }
        let ink = theme.textColor(for: color ?? extent.color)
        underline(extent, baseline: line.baseline, style: style, color: ink, into: &canvas)
      }
      for range in spans.links where range.overlaps(line.range) {
        // A link the book already underlines keeps its own line only.
        if spans.underlines.contains(where: { $0.range.overlaps(range) }) { continue }
        guard let extent = extent(of: range, in: line) else { continue }
        underline(
          extent, baseline: line.baseline, style: .single, color: linkUnderline, into: &canvas)
      }
      for (range, color) in spans.strikes where range.overlaps(line.range) {
        guard let extent = extent(of: range, in: line) else { continue }
        let thickness = max(1, (extent.size * 0.055).rounded())
        let y = (line.baseline - extent.size * 0.27).rounded()
        canvas.fill(
          Rect(x: extent.x0, y: y, width: extent.x1 - extent.x0, height: thickness),
          color: theme.textColor(for: color ?? extent.color))
      }
    }
  }

  private func underline(
    _ extent: (x0: Double, x1: Double, size: Double, color: Color?), baseline: Double,
    style: TextAttributes.UnderlineStyle, color: Color, into canvas: inout RGBAImage
  ) {
    let thickness = max(1, (extent.size * 0.055).rounded())
    let y = (baseline + max(1, extent.size * 0.1)).rounded()
    let width = extent.x1 - extent.x0
    switch style {
    case .single:
      canvas.fill(Rect(x: extent.x0, y: y, width: width, height: thickness), color: color)
    case .double:
      canvas.fill(Rect(x: extent.x0, y: y, width: width, height: thickness), color: color)
      canvas.fill(
        Rect(x: extent.x0, y: y + 2 * thickness, width: width, height: thickness), color: color)
    case .dotted:
      var x = extent.x0
      while x < extent.x1 {
        canvas.fill(
          Rect(x: x, y: y, width: min(thickness, extent.x1 - x), height: thickness), color: color)
        x += 2 * thickness
      }
    case .wavy:
      let amplitude = thickness
      let period = 4 * thickness + 2
      var x = extent.x0.rounded(.down)
      while x < extent.x1 {
        let wave = amplitude * sin(2 * Double.pi * (x - extent.x0) / period)
        canvas.fill(
          Rect(x: x, y: y + amplitude + wave, width: 1, height: thickness), color: color)
        x += 1
      }
    }
  }
}
