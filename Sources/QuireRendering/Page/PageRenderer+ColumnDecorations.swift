import QuireBook
import QuireTypesetting

extension PageRenderer {
  /// Underlines, link lines and strike-throughs of a vertical column: a line beside the
  /// glyphs on the right (where Japanese books put side lines, CSS's `over` side) or
  /// through their middle. Every underline style is drawn solid.
  func drawColumnLines(
    _ spans: DecorationSpans, line: Line, theme: Theme, into canvas: inout RGBAImage
  ) {
    var linkLine = theme.link
    linkLine.alpha = 110
    var marks: [(range: Range<Int>, color: Color?, through: Bool)] = []
    marks += spans.underlines.map { ($0.range, $0.color, false) }
    marks += spans.links.filter { link in
      !spans.underlines.contains { $0.range.overlaps(link) }
    }.map { ($0, linkLine, false) }
    marks += spans.strikes.map { ($0.range, $0.color, true) }
    for mark in marks where mark.range.overlaps(line.range) {
      guard let extent = extent(of: mark.range, in: line) else { continue }
      let thickness = max(1, (extent.size * 0.055).rounded())
      let x =
        mark.through
        ? (line.baseline - thickness / 2).rounded() : (line.baseline + extent.size * 0.58).rounded()
      let ink = mark.color == linkLine ? linkLine : theme.textColor(for: mark.color ?? extent.color)
      canvas.fill(
        Rect(x: x, y: extent.x0, width: thickness, height: extent.x1 - extent.x0), color: ink)
    }
  }
}
