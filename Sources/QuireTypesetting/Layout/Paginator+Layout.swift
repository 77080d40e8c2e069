import QuireBook

extension Paginator {
  /// Lays out the next paragraph, or a heading together with what it is kept with.
  func layoutNext() {
    if let fixed {
      if pages.isEmpty { pages = [fixedPage(fixed)] }
      next = paragraphs.count
      return
    }
    guard next < paragraphs.count else {
      finishPage(force: pages.isEmpty)
      return
    }
    var end = next
    while end + 1 < paragraphs.count, paragraphs[end].style.keepWithNext { end += 1 }
    let snapshot = (pages: pages.count, current: current, statistics: lineStatistics)
    let startedFresh = current.isEmpty
    var placed: [(first: Int, last: Int)] = []
    for index in next...end { placed.append(layoutParagraph(paragraphs[index])) }
    let isSplit = placed.indices.dropFirst().contains { placed[$0 - 1].last != placed[$0].first }
    if end > next, !startedFresh, isSplit {
      // A heading (or a row of a scene break) would end a page with what it is kept with on
      // the next: move the group over.
      pages.removeSubrange(snapshot.pages...)
      current = snapshot.current
      lineStatistics = snapshot.statistics
      finishPage()
      for index in next...end { _ = layoutParagraph(paragraphs[index]) }
    }
    next = end + 1
    if next >= paragraphs.count { finishPage() }
  }

  /// Closes the page being filled (a no-op on an empty page unless `force`).
  func finishPage(force: Bool = false) {
    guard !current.isEmpty || force else { return }
    let start = pages.last?.range.upperBound ?? 0
    let end = max(start, current.lines.last?.range.upperBound ?? start)
    let page = Page(
      index: pages.count, range: start..<end, lines: current.lines, images: current.images,
      rules: current.rules, width: container.width, height: container.height)
    pages.append(vertical?.columns(of: page, units: units, source: source) ?? page)
    current = PageContent()
    current.y = container.contentRect.y
  }

  /// Places one paragraph; returns the pages of its first and last lines.
  private func layoutParagraph(_ paragraph: Paragraph) -> (first: Int, last: Int) {
    let style = paragraph.style
    let em = settings.fontSize
    if style.pageBreakBefore { finishPage() }
    var gap = current.isEmpty ? 0 : max(current.spacingAfter, style.spacingBefore * em)
    if source.usesWholeUnits { gap = gap.rounded() }
    defer { current.spacingAfter = style.spacingAfter * em }
    let content = paragraph.contentRange
    if style.role == .rule {
      return placeBlock(paragraph, height: em * settings.lineHeight, gap: gap) { frame in
        current.rules.append(
          Rect(x: frame.x, y: frame.y + frame.height / 2, width: frame.width, height: 1))
      }
    }
    if content.count == 1, units[content.lowerBound] == 0xFFFC,
      let attachment = attachment(at: content.lowerBound)
    {
      let size = imageSize(attachment)
      return placeBlock(paragraph, height: size.height, gap: gap, width: size.width) { frame in
        current.images.append(PlacedImage(attachment: attachment, frame: frame))
      }
    }
    return placeText(paragraph, gap: gap)
  }

  private func attachment(at offset: Int) -> Attachment? {
    text.attachments.first { $0.offset == offset }
  }

  private func imageSize(_ attachment: Attachment) -> (width: Double, height: Double) {
    let area = container.contentRect
    var width = Double(attachment.intrinsicSize?.width ?? Int(area.width / 2))
    var height = Double(attachment.intrinsicSize?.height ?? Int(area.width * 3 / 8))
    // On a turned page (vertical text) the picture's box is turned too, so that it comes
    // out upright at its own proportions.
    if vertical != nil { swap(&width, &height) }
    guard width > 0, height > 0 else { return (1, 1) }
    let scale = min(1, area.width / width, area.height / height)
    return (width * scale, height * scale)
  }

  /// Places an unsplittable block (image, rule) on this page or the next.
  private func placeBlock(
    _ paragraph: Paragraph, height: Double, gap: Double, width: Double? = nil,
    draw: (Rect) -> Void
  ) -> (first: Int, last: Int) {
    let area = container.contentRect
    var top = current.y + gap
    if top + height > area.maxY + 0.001 && !current.isEmpty {
      finishPage()
      top = current.y
    }
    let blockWidth = width ?? area.width
    let frame = Rect(
      x: area.x + (area.width - blockWidth) / 2, y: top, width: blockWidth, height: height)
    draw(frame)
    current.lines.append(
      Line(
        range: paragraph.range, frame: frame, baseline: frame.maxY, runs: [], adjustmentRatio: 0,
        isHyphenated: false, isJustified: false))
    current.y = top + height
    return (pages.count, pages.count)
  }
}
