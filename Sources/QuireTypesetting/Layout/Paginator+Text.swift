import QuireBook

extension Paginator {
  /// Breaks a text paragraph into lines and places them, with widow and orphan control:
  /// the paragraph is shaped (`shapeText`), its lines fitted into the page's line slots
  /// (`fitLines`), then placed on their pages.
  func placeText(_ paragraph: Paragraph, gap: Double) -> (first: Int, last: Int) {
    let started = Stopwatch.now()
    let text = shapeText(paragraph)
    let shapedAt = Stopwatch.now()
    lineStatistics.shapeSeconds += shapedAt - started
    if text.greedy && !text.kept && settings.lineBreaking != .firstFit {
      lineStatistics.greedyParagraphs += 1
    }
    let fitted = fitLines(text, gap: gap)
    let slots = fitted.slots
    let first = slots.first?.page ?? pages.count
    var nextImage = 0
    for (k, (line, slot)) in zip(fitted.lines, slots).enumerated() {
      while pages.count < slot.page { finishPage(force: true) }
      current.lines.append(line)
      lineStatistics.record(line)
      while nextImage < fitted.images.count, fitted.images[nextImage].line == k {
        current.images.append(fitted.images[nextImage].image)
        nextImage += 1
      }
    }
    countAvoidableVeryLooseLines(fitted, text)
    lineStatistics.breakSeconds += fitted.breakSeconds
    lineStatistics.fillSeconds += Stopwatch.now() - shapedAt - fitted.breakSeconds
    // The planner may have planned more slots than the paragraph used.
    guard let last = slots.prefix(fitted.lines.count).last else { return (first, first) }
    current.y = last.top + fitted.heights[fitted.lines.count - 1].height
    return (first, last.page)
  }

  /// Counts the very loose lines (|r| past `loosestRatio`) of a paragraph that some other
  /// breaking would have done without: rare, so the check runs only when there are some.
  private func countAvoidableVeryLooseLines(_ fitted: FittedLines, _ text: ShapedText) {
    // Lines too loose to justify are set ragged (`finalize`) and keep the ratio they needed.
    let veryLoose =
      text.paragraph.style.alignment == .justified
      ? fitted.lines.filter { abs($0.adjustmentRatio) > KnuthPlass.loosestRatio }.count : 0
    guard veryLoose > 0, container.exclusionPaths.isEmpty, !text.greedy,
      let slot = fitted.slots.first
    else { return }
    let widths = LineWidths(first: [slot.width], rest: slot.width + fitted.firstLineIndent)
    if leastWorstRatio(text.shaped.items, widths: widths) <= KnuthPlass.loosestRatio {
      lineStatistics.avoidableVeryLooseLines += veryLoose
    }
  }
}
