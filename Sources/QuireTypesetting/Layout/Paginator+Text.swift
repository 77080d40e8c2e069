extension Paginator {
  /// Breaks a text paragraph into lines and places them, with widow and orphan control.
  func placeText(_ paragraph: Paragraph, gap: Double) -> (first: Int, last: Int) {
    let style = paragraph.style
    let em = settings.fontSize
    let started = Stopwatch.now()
    let analyzed = analyze(
      paragraph, units: units, faces: faces, source: source, coverage: &coverage)
    // A terminal's lines are one cell apart, whatever line height the book asks for.
    let styleMultiple = source.usesWholeUnits ? 1 : style.lineHeightMultiple ?? 1
    // A dictionary is looked up (and loaded, the first time) only for a paragraph that
    // may be hyphenated: a HUD label or a book set without hyphens never loads one.
    let hyphenates = settings.hyphenation && style.hyphenation && source.allowsHyphenation
    var options = PrepareOptions(
      fontSize: em, hyphenator: hyphenates ? hyphenator(for: paragraph.hyphenationLanguage) : nil,
      hyphenate: settings.hyphenation, compressesPunctuation: settings.compressesPunctuation)
    if hyphenates { options.hyphenatorForLanguage = { self.hyphenator(for: $0) } }
    if !attachments.isEmpty {
      options.attachments = attachments
      options.lineHeight = em * settings.lineHeight * styleMultiple
      let area = container.contentRect
      options.area = (area.width - (style.leftIndent + style.rightIndent) * em, area.height * 0.9)
    }
    var shaped = prepare(analyzed, units: units, source: source, options: options)
    vertical?.standUpright(&shaped, units: units, source: source)
    if !text.rubies.isEmpty {
      let rubies = text.rubies(in: paragraph.range)
      if !rubies.isEmpty {
        annotate(
          &shaped, rubies: rubies, units: units, source: source,
          terminalRuby: settings.terminalRuby, upright: vertical != nil)
      }
    }
    if paragraph.runs.contains(where: { $0.value.emphasisMark != nil }) {
      emphasize(&shaped, units: units, source: source, upright: vertical != nil)
    }
    vertical?.combine(&shaped)
    let shapedAt = Stopwatch.now()
    lineStatistics.shapeSeconds += shapedAt - started
    var breakSeconds = 0.0
    // Lines of the paragraph's largest size; a line of other sizes gets its own height.
    let lineHeight = shaped.largestSize * settings.lineHeight * styleMultiple
    var heights: [LineHeight] = []
    var images: [(line: Int, image: PlacedImage)] = []
    // Kept lines (`<pre>`) and verse wrap only where a line is too long, as far along as
    // it fits.
    let kept = style.preservesWhitespace || style.role == .verse
    let greedy =
      kept || settings.lineBreaking == .firstFit || shaped.items.count > settings.totalFitLimit
    if greedy && !kept && settings.lineBreaking != .firstFit {
      lineStatistics.greedyParagraphs += 1
    }
    let uniform = container.exclusionPaths.isEmpty
    var forced: Set<Int> = []
    var planner: SlotPlanner
    var breaks: [LineBreak] = []
    var attempt = 0
    var minimumWidth = 0.0
    var lines: [Line] = []
    repeat {
      planner = SlotPlanner(
        container: container, lineHeight: lineHeight, heights: heights.map(\.height),
        leftIndent: style.leftIndent * em,
        rightIndent: style.rightIndent * em, firstLineIndent: style.firstLineIndent * em,
        forcedBreaks: forced, page: pages.count, y: current.y + gap,
        pageHasContent: !current.isEmpty)
      planner.minimumWidth = minimumWidth
      if breaks.isEmpty || !uniform {
        let breakStart = Stopwatch.now()
        breaks = breakLines(shaped, planner: &planner, uniform: uniform, greedy: greedy)
        breakSeconds += Stopwatch.now() - breakStart
      }
      let measured = lineHeights(
        shaped, breaks: breaks, lineHeight: settings.lineHeight, styleMultiple: styleMultiple,
        source: source)
      let planned = measured.indices.allSatisfy {
        measured[$0].height == ($0 < heights.count ? heights[$0].height : lineHeight)
      }
      heights = measured
      if !planned && attempt < 6 {
        // Lines of other sizes than the paragraph's: plan their bands again.
        attempt += 1
        if !uniform { breaks = [] }
        continue
      }
      planner.ensure(breaks.count)
      attempt += 1
      if uniform, attempt < 6,
        let fix = widowOrOrphanFix(planner.slots, lines: breaks.count, forced)
      {
        // Same lines, other slots: decide before finalizing, which then runs once.
        if fix == 0 { forced = [0] } else { forced.insert(fix) }
        continue
      }
      images.removeAll()
      var overfull: [Int] = []
      lines = finalize(
        shaped, breaks: breaks, slots: planner.slots, heights: heights,
        fullWidth: container.contentRect.width - (style.leftIndent + style.rightIndent) * em,
        firstLineIndent: planner.firstLineIndent, source: source, overfull: &overfull,
        images: &images)
      let full = container.contentRect.width
      if attempt < 6, !uniform,
        let narrow = overfull.map({
          planner.slots[$0].width + ($0 == 0 ? planner.firstLineIndent : 0)
        })
        .filter({ $0 < full - 1 }).max()
      {
        // A word overflowed a segment beside an exclusion: skip segments that narrow.
        minimumWidth = narrow + 1
        breaks = []
        continue
      }
      guard !uniform, attempt < 6,
        let fix = widowOrOrphanFix(planner.slots, lines: breaks.count, forced)
      else { break }
      // Moving the whole paragraph over makes breaks forced for the old placement stale:
      // kept, they would start yet another page after the paragraph's first line.
      if fix == 0 { forced = [0] } else { forced.insert(fix) }
      if !uniform { breaks = [] }
    } while true
    let first = planner.slots.first?.page ?? pages.count
    var nextImage = 0
    for (k, (line, slot)) in zip(lines, planner.slots).enumerated() {
      while pages.count < slot.page { finishPage(force: true) }
      current.lines.append(line)
      lineStatistics.record(line)
      while nextImage < images.count, images[nextImage].line == k {
        current.images.append(images[nextImage].image)
        nextImage += 1
      }
    }
    // Lines too loose to justify are set ragged (`finalize`) and keep the ratio they needed.
    let veryLoose =
      style.alignment == .justified
      ? lines.filter { abs($0.adjustmentRatio) > KnuthPlass.loosestRatio }.count : 0
    if veryLoose > 0, uniform, !greedy, let slot = planner.slots.first {
      // Rare: is there a breaking of this paragraph without such a line?
      let widths = LineWidths(first: [slot.width], rest: slot.width + planner.firstLineIndent)
      if leastWorstRatio(shaped.items, widths: widths) <= KnuthPlass.loosestRatio {
        lineStatistics.avoidableVeryLooseLines += veryLoose
      }
    }
    lineStatistics.breakSeconds += breakSeconds
    lineStatistics.fillSeconds += Stopwatch.now() - shapedAt - breakSeconds
    // The planner may have planned more slots than the paragraph used.
    guard let last = planner.slots.prefix(lines.count).last else { return (first, first) }
    current.y = last.top + heights[lines.count - 1].height
    return (first, last.page)
  }

  private func breakLines(
    _ shaped: ShapedParagraph, planner: inout SlotPlanner, uniform: Bool, greedy: Bool
  ) -> [LineBreak] {
    let prunes = settings.lineBreaking != .totalFitUnpruned
    let breaker =
      greedy
      ? breakLinesFirstFit : { breakLinesTotalFit($0, widths: $1, prunes: prunes) }
    if uniform {
      planner.ensure(1)
      let first = planner.slots[0].width
      let rest = first + planner.firstLineIndent
      return breaker(shaped.items, LineWidths(first: [first], rest: rest))
    }
    // Lines the paragraph will take, with room to spare; a hostile width (negative, NaN,
    // astronomically large) still plans at least a few slots and never traps.
    // Never more than the paragraph has items: a line holds at least one.
    let lines = min(
      shaped.naturalWidth / max(1, container.contentRect.width) * 1.3, Double(shaped.items.count))
    planner.ensure(lines.isFinite ? Int(min(max(lines, 0), 1e6)) + 4 : 4)
    var breaks = breaker(
      shaped.items, LineWidths(first: planner.slots.map(\.width), rest: planner.slots.last!.width))
    if breaks.count > planner.slots.count {
      planner.ensure(breaks.count + 8)
      breaks = breaker(
        shaped.items,
        LineWidths(first: planner.slots.map(\.width), rest: planner.slots.last!.width))
    }
    return breaks
  }

  /// A slot index to start a new page at, when a single line would be left alone.
  ///
  /// An orphan (a paragraph's first line alone at a page's foot) moves the paragraph to
  /// the next page. A widow (its last line alone at a page's head) takes the line before
  /// it along, unless that would leave a single line behind: then the paragraph moves.
  private func widowOrOrphanFix(_ slots: [LineSlot], lines: Int, _ forced: Set<Int>) -> Int? {
    guard lines >= 2, let firstPage = slots.first?.page else { return nil }
    let lastPage = slots[lines - 1].page
    guard lastPage != firstPage else { return nil }
    let onFirst = slots.prefix(lines).filter { $0.page == firstPage }.count
    let onLast = slots.prefix(lines).filter { $0.page == lastPage }.count
    if onFirst == 1 && !forced.contains(0) { return 0 }  // orphan: move the paragraph over
    guard onLast == 1, lines >= 3, !forced.contains(lines - 2) else { return nil }
    let page = slots[lines - 2].page
    let staying = slots.prefix(lines - 2).filter { $0.page == page }.count
    if staying >= 2 { return lines - 2 }  // widow: its line before goes with it
    return page == firstPage && !forced.contains(0) ? 0 : nil
  }
}
