import QuireBook
import QuireTypesetting

extension PageRenderer {
  /// Draws the HUD's parts that are switched on and returns their hit-test regions.
  func drawHUD(_ hud: HUD, theme: Theme, into canvas: inout RGBAImage) -> [HUDRegion] {
    let layout = HUDLayout(width: Double(canvas.width), height: Double(canvas.height), hud: hud)
    var regions: [HUDRegion] = []
    if hud.parts.contains(.progressBar) {
      let bar = layout.progressBar
      let read = bar.width * min(max(hud.progression, 0), 1)
      canvas.fill(bar, color: theme.track)
      canvas.fill(Rect(x: bar.x, y: bar.y, width: read, height: bar.height), color: theme.accent)
      regions.append(HUDRegion(kind: .progressBar, frame: bar))
    }
    if hud.showsOverlay {
      regions += drawOverlay(hud, layout: layout, theme: theme, into: &canvas)
      return regions
    }
    if hud.parts.contains(.header) {
      if hud.heads.isEmpty {
        let half = layout.header.width * 0.48
        text(
          hud.bookTitle, in: layout.header, width: half, alignment: .left, hud: hud,
          theme: theme, into: &canvas)
        text(
          hud.chapterTitle, in: layout.header, width: half, alignment: .right, hud: hud,
          theme: theme, into: &canvas)
      }
      for head in hud.heads where head.width > 0 {
        let box = Rect(
          x: head.left, y: layout.header.y, width: head.width, height: layout.header.height)
        text(
          head.text, in: box, width: head.width, alignment: head.alignment, hud: hud,
          theme: theme, into: &canvas)
      }
      regions.append(HUDRegion(kind: .header, frame: layout.headerBand))
    }
    if hud.parts.contains(.footer) {
      let third = layout.footer.width / 3
      text(
        hud.pageLabel, in: layout.footer, width: third, alignment: .left, hud: hud, theme: theme,
        into: &canvas)
      text(
        hud.percentLabel + (hud.listening.map { " · \($0)" } ?? ""), in: layout.footer,
        width: third, alignment: .center, hud: hud, theme: theme, into: &canvas)
      text(
        hud.timeLeftLabel, in: layout.footer, width: third * 1.4, alignment: .right, hud: hud,
        theme: theme, into: &canvas)
      regions.append(HUDRegion(kind: .footer, frame: layout.footerBand))
    }
    return regions
  }

  /// Sets `string` in one line of `width` inside `box`: left-aligned at its left edge,
  /// right-aligned at its right edge, centred in its middle.
  func text(
    _ string: String, in box: Rect, width: Double, alignment: ParagraphStyle.Alignment,
    size: Double? = nil, weight: Int = 400, color: Color? = nil, hud: HUD, theme: Theme,
    into canvas: inout RGBAImage
  ) {
    guard !string.isEmpty else { return }
    let line = hudText.line(
      string, size: size ?? hud.fontSize, width: width, alignment: alignment, weight: weight,
      language: hud.language)
    let x: Double =
      switch alignment {
      case .right: box.maxX - width
      case .center: box.x + (box.width - width) / 2
      case .left, .justified: box.x
      }
    let y = box.y + (box.height - line.height) / 2
    drawRuns(
      line.runs, theme: theme, color: color ?? theme.secondaryText, dx: x, dy: y.rounded(),
      into: &canvas)
  }
}

/// Where the HUD's parts go on a page of a given size: margins scale with the page and
/// the text size, so the header and footer sit in the page's top and bottom margins.
struct HUDLayout {
  let width: Double
  let height: Double
  let size: Double
  /// Left and right inset of the header and footer text.
  let inset: Double

  /// The footer's left edge and width: the text column's, else the width less the inset.
  let column: (left: Double, width: Double)

  init(width: Double, height: Double, hud: HUD) {
    self.width = width
    self.height = height
    size = hud.fontSize
    inset = max(12, (width * 0.08).rounded())
    if let text = hud.textColumn, text.width > 0 {
      column = (text.left, text.width)
    } else {
      column = (inset, width - 2 * inset)
    }
  }

  var progressBar: Rect { Rect(x: 0, y: height - 3, width: width, height: 3) }
  /// The header's text line.
  var header: Rect {
    Rect(x: inset, y: (size * 0.9).rounded(), width: width - 2 * inset, height: size * 1.6)
  }
  var headerBand: Rect { Rect(x: 0, y: 0, width: width, height: header.maxY + size * 0.5) }
  /// The footer's text line.
  var footer: Rect {
    Rect(
      x: column.left, y: (height - 3 - size * 0.9 - size * 1.6).rounded(), width: column.width,
      height: size * 1.6)
  }
  var footerBand: Rect {
    Rect(x: 0, y: footer.y - size * 0.5, width: width, height: height - 3 - footer.y + size * 0.5)
  }
}
