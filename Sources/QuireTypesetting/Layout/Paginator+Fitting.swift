import QuireBook

/// A paragraph's lines fitted into the page's line slots, ready to be placed.
struct FittedLines {
  var lines: [Line]
  /// Each line's slot (the planner may have planned more than there are lines).
  var slots: [LineSlot]
  var heights: [LineHeight]
  /// Pictures set in the lines, by line.
  var images: [(line: Int, image: PlacedImage)]
  var firstLineIndent: Double
  /// Time spent choosing line breaks, in seconds.
  var breakSeconds: Double
}

/// Why a paragraph's lines are fitted again: its breaks are found for planned slots, and
/// what they give can show the plan wrong.
enum Refit {
  /// Lines of other sizes than the paragraph's: their bands are planned again with these
  /// heights.
  case lineHeights
  /// A single line would be left alone at a page's foot (an orphan) or head (a widow): a
  /// page starts at this slot (0: the paragraph moves over).
  case widowOrOrphan(Int)
  /// A word overflowed a segment beside an exclusion: segments narrower than this are
  /// skipped.
  case overfullBesideExclusion(minimumWidth: Double)
}

/// What the rounds of fitting a paragraph have learnt so far.
private struct Fitting {
  /// A paragraph is fitted again at most this many times.
  static let refits = 6
  /// Slots at which a page starts (widow and orphan control).
  var forced: Set<Int> = []
  /// Each line's height, as the last round measured them.
  var heights: [LineHeight] = []
  /// Segments beside exclusions narrower than this are skipped.
  var minimumWidth = 0.0
  /// The last round's breaks: on a page without exclusions the slots' widths never
  /// change, so they are kept while only the slots move.
  var breaks: [LineBreak] = []
  /// Rounds begun before this one.
  var round = 0

  /// Takes `refit` into the next round; `uniform` when the page has no exclusions.
  mutating func apply(_ refit: Refit, uniform: Bool) {
    switch refit {
    case .lineHeights:
      break
    case .widowOrOrphan(let slot):
      // Moving the whole paragraph over makes breaks forced for the old placement stale:
      // kept, they would start yet another page after the paragraph's first line.
      if slot == 0 { forced = [0] } else { forced.insert(slot) }
    case .overfullBesideExclusion(let minimumWidth):
      self.minimumWidth = minimumWidth
    }
    if !uniform { breaks = [] }
  }
}

extension Paginator {
  /// Breaks the paragraph's lines for the line slots from the page's current place and
  /// finalizes them, fitting them again while the result shows the plan wrong (`Refit`):
  /// other line heights, a widow or an orphan, a word too wide beside an exclusion.
  ///
  /// On a page without exclusions a widow or orphan is fixed before finalizing, which
  /// then runs once; beside exclusions the slots' widths change with their place, so it
  /// is fixed after, and the lines broken again.
  func fitLines(_ text: ShapedText, gap: Double) -> FittedLines {
    let style = text.paragraph.style
    let em = settings.fontSize
    let uniform = container.exclusionPaths.isEmpty
    var fitting = Fitting()
    var breakSeconds = 0.0
    while true {
      defer { fitting.round += 1 }
      var planner = SlotPlanner(
        container: container, lineHeight: text.lineHeight,
        heights: fitting.heights.map(\.height), leftIndent: style.leftIndent * em,
        rightIndent: style.rightIndent * em, firstLineIndent: style.firstLineIndent * em,
        forcedBreaks: fitting.forced, page: pages.count, y: current.y + gap,
        pageHasContent: !current.isEmpty)
      planner.minimumWidth = fitting.minimumWidth
      if fitting.breaks.isEmpty || !uniform {
        let breakStart = Stopwatch.now()
        fitting.breaks = breakLines(
          text.shaped, planner: &planner, uniform: uniform, greedy: text.greedy)
        breakSeconds += Stopwatch.now() - breakStart
      }
      let breaks = fitting.breaks
      let measured = lineHeights(
        text.shaped, breaks: breaks, lineHeight: settings.lineHeight,
        styleMultiple: text.styleMultiple, source: source)
      let planned = measured.indices.allSatisfy {
        measured[$0].height
          == ($0 < fitting.heights.count ? fitting.heights[$0].height : text.lineHeight)
      }
      fitting.heights = measured
      if !planned && fitting.round < Fitting.refits {
        fitting.apply(.lineHeights, uniform: uniform)
        continue
      }
      planner.ensure(breaks.count)
      // The rounds to come, counting this one: a widow, orphan or overfull segment is
      // fixed only while another round may follow.
      let mayRefit = fitting.round + 1 < Fitting.refits
      if uniform, mayRefit,
        let slot = widowOrOrphanFix(planner.slots, lines: breaks.count, fitting.forced)
      {
        // Same lines, other slots: decided before finalizing, which then runs once.
        fitting.apply(.widowOrOrphan(slot), uniform: uniform)
        continue
      }
      var images: [(line: Int, image: PlacedImage)] = []
      var overfull: [Int] = []
      let lines = finalize(
        text.shaped, breaks: breaks, slots: planner.slots, heights: fitting.heights,
        fullWidth: container.contentRect.width - (style.leftIndent + style.rightIndent) * em,
        firstLineIndent: planner.firstLineIndent, source: source, overfull: &overfull,
        images: &images)
      if mayRefit, !uniform,
        let narrow = narrowestOverfullSegment(overfull, planner: planner)
      {
        fitting.apply(.overfullBesideExclusion(minimumWidth: narrow + 1), uniform: uniform)
        continue
      }
      if !uniform, mayRefit,
        let slot = widowOrOrphanFix(planner.slots, lines: breaks.count, fitting.forced)
      {
        fitting.apply(.widowOrOrphan(slot), uniform: uniform)
        continue
      }
      return FittedLines(
        lines: lines, slots: planner.slots, heights: fitting.heights, images: images,
        firstLineIndent: planner.firstLineIndent, breakSeconds: breakSeconds)
    }
  }

  /// The widest segment narrower than the page that a line overflowed, if any.
  private func narrowestOverfullSegment(_ overfull: [Int], planner: SlotPlanner) -> Double? {
    let full = container.contentRect.width
    return overfull.map { planner.slots[$0].width + ($0 == 0 ? planner.firstLineIndent : 0) }
      .filter { $0 < full - 1 }.max()
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
