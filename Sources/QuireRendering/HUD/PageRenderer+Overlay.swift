import QuireBook
import QuireTypesetting

extension PageRenderer {
  /// The on-demand overlay: a top panel with title, author and chapter; a bottom panel
  /// with the page label, a slider through the book, and Contents / Bookmark / Settings.
  func drawOverlay(_ hud: HUD, layout: HUDLayout, theme: Theme, into canvas: inout RGBAImage)
    -> [HUDRegion]
  {
    let s = hud.fontSize
    let inset = layout.inset
    let lineWidth = layout.width - 2 * inset
    var edge = theme.rule
    edge.alpha = 120

    // Top panel.
    let top = Rect(x: 0, y: 0, width: layout.width, height: (s * 6.4).rounded())
    canvas.fill(top, color: theme.panel)
    canvas.fill(Rect(x: 0, y: top.maxY, width: top.width, height: 1), color: edge)
    let titleBox = Rect(x: inset, y: (s * 0.8).rounded(), width: lineWidth, height: s * 2)
    text(
      hud.bookTitle, in: titleBox, width: lineWidth, alignment: .center, size: s * 1.3,
      weight: 700, color: theme.panelText, hud: hud, theme: theme, into: &canvas)
    let authorBox = Rect(x: inset, y: titleBox.maxY, width: lineWidth, height: s * 1.5)
    text(
      hud.author, in: authorBox, width: lineWidth, alignment: .center, color: theme.panelText,
      hud: hud, theme: theme, into: &canvas)
    let chapterBox = Rect(x: inset, y: authorBox.maxY, width: lineWidth, height: s * 1.5)
    text(
      hud.chapterTitle, in: chapterBox, width: lineWidth, alignment: .center, hud: hud,
      theme: theme, into: &canvas)

    // Bottom panel, above the progress bar.
    let barSpace = hud.parts.contains(.progressBar) ? 3.0 : 0
    let panelHeight = (s * 8.6).rounded()
    let bottom = Rect(
      x: 0, y: layout.height - barSpace - panelHeight, width: layout.width, height: panelHeight)
    canvas.fill(bottom, color: theme.panel)
    canvas.fill(Rect(x: 0, y: bottom.y - 1, width: bottom.width, height: 1), color: edge)
    let labelBox = Rect(x: inset, y: bottom.y + s * 0.6, width: lineWidth, height: s * 1.5)
    let listening = hud.listening.map { " · \($0)" } ?? ""
    text(
      hud.sliderTarget?.label
        ?? (hud.isPageCountPending
          ? hud.percentLabel : "Page \(hud.pageLabel) · \(hud.percentLabel)") + listening,
      in: labelBox,
      width: lineWidth, alignment: .center, hud: hud, theme: theme, into: &canvas)

    let trackY = (labelBox.maxY + s * 1.1).rounded()
    let track = Rect(x: inset, y: trackY - 2, width: lineWidth, height: 4)
    let progress = min(max(hud.sliderTarget?.fraction ?? hud.progression, 0), 1)
    canvas.fillRoundedRect(track, radius: 2, color: theme.track)
    canvas.fillRoundedRect(
      Rect(x: track.x, y: track.y, width: track.width * progress, height: track.height), radius: 2,
      color: theme.accent)
    let knob = s * 0.65
    canvas.fillRoundedRect(
      Rect(
        x: track.x + track.width * progress - knob, y: trackY - knob, width: 2 * knob,
        height: 2 * knob), radius: knob, color: theme.accent)
    var regions = [
      HUDRegion(
        kind: .slider, frame: Rect(x: track.x, y: trackY - s, width: track.width, height: 2 * s))
    ]

    let gap = s
    let count = Double(max(1, hud.buttons.count))
    let buttonWidth = (lineWidth - (count - 1) * gap) / count
    let buttonY = (trackY + s * 1.6).rounded()
    var fill = theme.accent
    fill.alpha = 40
    for (index, kind) in hud.buttons.enumerated() {
      let label =
        hud.buttonLabels[kind]
        ?? HUDRegion(kind: kind, frame: Rect(x: 0, y: 0, width: 0, height: 0)).label
      let frame = Rect(
        x: (inset + Double(index) * (buttonWidth + gap)).rounded(), y: buttonY,
        width: buttonWidth.rounded(), height: (s * 2.4).rounded())
      canvas.fillRoundedRect(frame, radius: 6, color: fill)
      text(
        label, in: frame, width: frame.width - 8, alignment: .center, color: theme.panelText,
        hud: hud, theme: theme, into: &canvas)
      regions.append(HUDRegion(kind: kind, frame: frame))
    }
    return regions
  }
}
