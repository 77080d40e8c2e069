import QuireBook
import QuireReading
import QuireRendering
import QuireTypesetting
import QuireUI

extension DesktopPanelPainter {
  /// The statistics panel as real charts on a card: the totals as three tiles, the heat
  /// map of days read (a square a day, weeks as columns, darker for more time), time and
  /// pages a day as bars with their scale, speed as a line per script, and the books —
  /// all from the panel's `charts`, scrolled as far down as its `scroll` is of its limit.
  func paintStatistics(
    _ panel: Panel, theme: Theme, window: Rect, into canvas: inout RGBAImage
  ) -> PanelLayout {
    let s = textSize
    let width = min(window.width - 4 * s, 900 * scale)
    let height = window.height - 4 * s
    let card = Rect(
      x: ((window.width - width) / 2).rounded(), y: ((window.height - height) / 2).rounded(),
      width: width.rounded(), height: height.rounded())
    drawCard(card, theme: theme, into: &canvas)
    let inset = (s * 1.4).rounded()
    var y = card.y + s
    title(panel.title, at: &y, card: card, inset: inset, theme: theme, into: &canvas)
    hint(panel.hint, card: card, inset: inset, theme: theme, into: &canvas)
    guard let charts = panel.charts else { return PanelLayout(card: card) }
    // The charts are drawn on a layer of the visible part's size, moved up by the scroll.
    let visible = Rect(
      x: card.x + inset, y: y, width: card.width - 2 * inset,
      height: max(1, card.maxY - rowHeight - s * 0.5 - y))
    let full = StatisticsChartsDrawing(
      renderer: renderer, theme: theme, size: s, scale: scale, width: visible.width)
    let contentHeight = full.height(of: charts)
    // The keys scroll in the terminal's rows (`Panel.scrollLimit` of them): the same share
    // of the way down here.
    let share = panel.scrollLimit > 0 ? min(1, Double(panel.scroll) / Double(panel.scrollLimit)) : 0
    let offset = share * max(0, contentHeight - visible.height)
    // The layer is the card's colour, opaque: charts blended over it as over the card
    // (`RGBAImage.draw` takes premultiplied pixels, which blending over transparency in
    // linear light does not give).
    var layer = RGBAImage(width: max(1, Int(visible.width)), height: max(1, Int(visible.height)))
    var background = theme.panel
    background.alpha = 255
    layer.fill(Rect(x: 0, y: 0, width: visible.width, height: visible.height), color: background)
    full.draw(charts, top: -offset.rounded(), into: &layer)
    canvas.draw(layer, x: Int(visible.x), y: Int(visible.y))
    return PanelLayout(card: card)
  }
}
