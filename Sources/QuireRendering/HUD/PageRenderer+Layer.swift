package import QuireBook
package import QuireTypesetting

extension PageRenderer {
  /// The HUD alone, on a transparent `width`×`height` layer that a window draws over the
  /// page: the header, footer and progress bar, or the overlay. The page under it can then
  /// turn, and the HUD change, without rendering the other again.
  public func renderHUD(_ hud: HUD, width: Int, height: Int, theme: Theme) -> RenderedPage {
    var canvas = RGBAImage(width: max(1, width), height: max(1, height))
    let regions = drawHUD(hud, theme: theme, into: &canvas)
    return RenderedPage(image: canvas, hudRegions: regions)
  }

  /// The HUD drawn over `canvas`, a transparent layer kept from one HUD to the next (a
  /// window's, so that a change does not allocate and fault in a window-sized picture).
  package func renderHUD(_ hud: HUD, theme: Theme, into canvas: inout RGBAImage) -> [HUDRegion] {
    drawHUD(hud, theme: theme, into: &canvas)
  }

  /// Sets `string` in one line inside `box` (cut with "…" when it does not fit) in
  /// Quire's sans face: what panels, buttons and labels are written with.
  package func drawLabel(
    _ string: String, in box: Rect, size: Double, weight: Int = 400, color: Color,
    alignment: ParagraphStyle.Alignment = .left, language: String = "en",
    into canvas: inout RGBAImage
  ) {
    guard !string.isEmpty, box.width > 1 else { return }
    let line = hudText.line(
      string, size: size, width: box.width, alignment: alignment, weight: weight,
      language: language)
    let y = box.y + (box.height - line.height) / 2
    drawRuns(
      line.runs, theme: .day, color: color, dx: box.x, dy: y.rounded(), into: &canvas)
  }

  /// Sets `string` in at most `lines` lines from the top of `box`, each `size` × 1.25
  /// high, the last cut with "…": a long title wraps before it is cut. Returns the lines
  /// used.
  @discardableResult
  package func drawLabelLines(
    _ string: String, in box: Rect, size: Double, weight: Int = 400, color: Color,
    lines: Int, language: String = "en", into canvas: inout RGBAImage
  ) -> Int {
    guard !string.isEmpty, box.width > 1 else { return 0 }
    let set = hudText.lines(
      string, size: size, width: box.width, weight: weight, language: language, maximum: lines)
    for (index, line) in set.enumerated() {
      drawRuns(
        line.runs, theme: .day, color: color, dx: box.x,
        dy: (box.y + Double(index) * line.height).rounded(), into: &canvas)
    }
    return set.count
  }

  /// How wide `string` is when `drawLabel` sets it in one line (pixels): what a front end
  /// sizes a button or a menu item by.
  package func labelWidth(_ string: String, size: Double, weight: Int = 400) -> Double {
    // Set flush right in a box wider than any label: its first glyph's distance from the
    // box's right edge is the width.
    let box = 100_000.0
    let line = hudText.line(
      string, size: size, width: box, alignment: .right, weight: weight, language: "en")
    guard let left = line.runs.compactMap({ $0.positions.first?.x }).min() else { return 0 }
    return box - Double(left)
  }

  /// Draws a typeset page's glyphs, rules and pictures at (`x`, `y`) of `canvas` without
  /// filling its background: a footnote's text in a popup, a panel's paragraphs.
  package func drawText(
    _ page: Page, theme: Theme, x: Double, y: Double, into canvas: inout RGBAImage
  ) {
    for rule in page.rules {
      canvas.fill(
        Rect(x: rule.x + x, y: rule.y + y, width: rule.width, height: rule.height),
        color: theme.rule)
    }
    for line in page.lines {
      drawRuns(line.runs, theme: theme, dx: x, dy: y, into: &canvas)
    }
  }
}

extension RGBAImage {
  /// The image with straight (not premultiplied) alpha, for a window system that blends
  /// source-over with straight alpha. Colours blended into transparent pixels in linear
  /// light are divided back in linear light, so anti-aliased text keeps its colour.
  package func straightAlpha() -> RGBAImage {
    var result = self
    result.makeStraightAlpha(rows: 0..<height)
    return result
  }

  /// Turns the pixels of `rows` to straight alpha in place (see `straightAlpha()`).
  package mutating func makeStraightAlpha(rows: Range<Int>) {
    let linear = LinearLight.fromSRGB
    let code = LinearLight.toSRGB
    let maximum = LinearLight.maximum
    let start = rows.lowerBound * width * 4
    let end = rows.upperBound * width * 4
    pixels.withUnsafeMutableBufferPointer { buffer in
      for index in stride(from: start, to: end, by: 4) {
        let alpha = Int(buffer[index + 3])
        guard alpha > 0, alpha < 255 else { continue }
        for channel in 0..<3 {
          let value = Int(linear[Int(buffer[index + channel])]) * 255 / alpha
          buffer[index + channel] = code[min(maximum, value)]
        }
      }
    }
  }
}
