import QuireBook

extension Paginator {
  /// A fixed-layout chapter (`StyledText.fixedLayout`) as its one page: the text set in a
  /// container of the page's own size, in CSS pixels with a 16 px body and no margins, as
  /// its designer laid it out; then every line, picture and rule scaled to fit the text
  /// area and centred in it. Content that runs past the designed height is stacked below
  /// and the whole scaled to fit, so nothing is cut off. The page's range is the chapter's.
  ///
  /// On terminal cells, which cannot be scaled, only a page that is one picture gets one
  /// (`cellPicturePage`); any other chapter is reflowed there.
  func fixedPage(_ layout: FixedLayout) -> Page {
    if source is CellGlyphSource { return cellPicturePage(layout) }
    var inner = settings
    inner.fontSize = 16
    let viewport = TextContainer(
      width: layout.width, height: layout.height,
      margins: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0), minimumSegmentWidth: 8)
    var flowing = text
    flowing.fixedLayout = nil
    let pages = Paginator(
      text: flowing, container: viewport, settings: inner, source: source, selecting: .flow
    ).paginateAll()
    let designed = Rect(
      x: 0, y: 0, width: layout.width, height: layout.height * Double(max(1, pages.count)))
    let area = container.contentRect
    let scale = min(area.width / designed.width, area.height / designed.height)
    let placement = FixedPlacement(
      scale: scale, dx: area.x + (area.width - designed.width * scale) / 2,
      dy: area.y + (area.height - designed.height * scale) / 2)
    var page = Page(
      index: 0, range: 0..<text.length, lines: [], images: [], rules: [],
      width: container.width, height: container.height)
    page.kind = .fixed(layout)
    for (index, designedPage) in pages.enumerated() {
      let shift = layout.height * Double(index)
      page.lines += designedPage.lines.map { placement.line($0, shift: shift) }
      page.images += designedPage.images.map { image in
        var image = image
        image.frame = placement.rect(image.frame, shift: shift)
        return image
      }
      page.rules += designedPage.rules.map { placement.rect($0, shift: shift) }
    }
    for box in boxes(of: text) {
      place(box, of: flowing, layout: layout, settings: inner, placement: placement, on: &page)
    }
    return page
  }

  /// The positioned boxes of a chapter's paragraphs, each once, in the order they come.
  private func boxes(of text: StyledText) -> [PositionedBox] {
    var seen: Set<Int> = []
    return text.paragraphs.compactMap { paragraph in
      guard let box = paragraph.value.box, seen.insert(box.id).inserted else { return nil }
      return box
    }
  }

  /// Sets the paragraphs of a positioned box in a container of its size at its place on
  /// the designed page (what runs past its height goes on below it, as CSS lets a box's
  /// content overflow), and adds them to `page` through `placement`.
  private func place(
    _ box: PositionedBox, of text: StyledText, layout: FixedLayout, settings: LayoutSettings,
    placement: FixedPlacement, on page: inout Page
  ) {
    let left = min(max(0, box.left.pixels(of: layout.width)), layout.width - 1)
    let top = min(max(0, box.top.pixels(of: layout.height)), layout.height - 1)
    let width = max(8, min(box.width?.pixels(of: layout.width) ?? .infinity, layout.width - left))
    let height = max(
      8, min(box.height?.pixels(of: layout.height) ?? .infinity, layout.height - top))
    let container = TextContainer(
      width: width, height: height, margins: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
      minimumSegmentWidth: 8)
    let pages = Paginator(
      text: text, container: container, settings: settings, source: source,
      selecting: .box(box.id)
    ).paginateAll()
    let shifted = FixedPlacement(
      scale: placement.scale, dx: placement.dx + left * placement.scale,
      dy: placement.dy + top * placement.scale)
    for (index, boxPage) in pages.enumerated() {
      let shift = height * Double(index)
      page.lines += boxPage.lines.map { shifted.line($0, shift: shift) }
      page.images += boxPage.images.map { image in
        var image = image
        image.frame = shifted.rect(image.frame, shift: shift)
        return image
      }
      page.rules += boxPage.rules.map { shifted.rect($0, shift: shift) }
    }
  }
}

extension Paginator {
  /// Whether a fixed-layout chapter is one picture and nothing else to read: a comic's
  /// page, a fixed-layout image page.
  static func isPicturePage(_ text: StyledText) -> Bool {
    text.fixedLayout != nil && text.attachments.count == 1
      && text.string.unicodeScalars.allSatisfy {
        $0 == "\u{FFFC}" || $0.properties.isWhitespace
      }
  }

  /// A picture page on terminal cells: the picture given the whole text area, which a
  /// terminal that draws pictures fills with it at its proportions (and one that cannot
  /// fills with a message saying so). The page's range is the chapter's.
  func cellPicturePage(_ layout: FixedLayout) -> Page {
    var page = Page(
      index: 0, range: 0..<text.length, lines: [],
      images: text.attachments.map { PlacedImage(attachment: $0, frame: container.contentRect) },
      rules: [], width: container.width, height: container.height)
    page.kind = .fixed(layout)
    return page
  }
}

/// Where a fixed-layout page's designed coordinates land on the real page.
private struct FixedPlacement {
  var scale: Double
  var dx: Double
  var dy: Double

  func x(_ x: Double) -> Double { x * scale + dx }
  func y(_ y: Double, shift: Double) -> Double { (y + shift) * scale + dy }

  func rect(_ rect: Rect, shift: Double) -> Rect {
    Rect(
      x: x(rect.x), y: y(rect.y, shift: shift), width: rect.width * scale,
      height: rect.height * scale)
  }

  func line(_ line: Line, shift: Double) -> Line {
    var line = line
    line.frame = rect(line.frame, shift: shift)
    line.baseline = line.isVertical ? x(line.baseline) : y(line.baseline, shift: shift)
    line.runs = line.runs.map { run(($0), shift: shift) }
    line.annotations = line.annotations.map { run($0, shift: shift) }
    line.centreLine = line.centreLine.map { $0 * scale }
    return line
  }

  func run(_ run: GlyphRun, shift: Double) -> GlyphRun {
    var run = run
    run.size *= scale
    run.positions = run.positions.map {
      GlyphPosition(x: Float(x(Double($0.x))), y: Float(y(Double($0.y), shift: shift)))
    }
    run.drawingOffsets = run.drawingOffsets.map {
      GlyphPosition(x: $0.x * Float(scale), y: $0.y * Float(scale))
    }
    return run
  }
}
