/// Where one line segment goes: its page, left edge, top and width.
struct LineSlot {
  var page: Int
  var x: Double
  var top: Double
  var width: Double
}

/// Hands out line slots down the pages from a starting point: the container's free
/// intervals at each line's band, one slot per interval, a new page when the band
/// passes the bottom margin.
struct SlotPlanner {
  let container: TextContainer
  /// The height of lines past `heights`.
  let lineHeight: Double
  /// The height of each line, when known (lines of different sizes).
  let heights: [Double]
  let leftIndent: Double
  let rightIndent: Double
  let firstLineIndent: Double
  /// Slot indices that must start a new page (widow and orphan control).
  let forcedBreaks: Set<Int>
  /// Segments narrower than this are skipped (raised when a word overflowed one).
  var minimumWidth = 0.0
  private(set) var slots: [LineSlot] = []
  private var page: Int
  private var y: Double
  private var pageHasContent: Bool
  private var pending: [LineSlot] = []
  /// The line height at which a whole page has no room at all (every band excluded or too
  /// narrow): every page is alike, so later lines of that height go straight to the
  /// fallback instead of walking each page band by band.
  private var fullyExcludedLineHeight: Double?

  init(
    container: TextContainer, lineHeight: Double, heights: [Double] = [], leftIndent: Double,
    rightIndent: Double,
    firstLineIndent: Double, forcedBreaks: Set<Int>, page: Int, y: Double, pageHasContent: Bool
  ) {
    self.container = container
    self.lineHeight = lineHeight
    self.heights = heights
    self.leftIndent = leftIndent
    self.rightIndent = rightIndent
    self.firstLineIndent = firstLineIndent
    self.forcedBreaks = forcedBreaks
    self.page = page
    self.y = y
    self.pageHasContent = pageHasContent
  }

  /// Makes sure `count` slots exist.
  mutating func ensure(_ count: Int) {
    while slots.count < count { slots.append(next()) }
  }

  private mutating func next() -> LineSlot {
    let content = container.contentRect
    let lineHeight = slots.count < heights.count ? heights[slots.count] : self.lineHeight
    if pending.isEmpty && forcedBreaks.contains(slots.count) && pageHasContent {
      newPage(content)
    }
    var emptyBands = 0
    if pending.isEmpty, fullyExcludedLineHeight == lineHeight {
      if pageHasContent { newPage(content) }
      pending = [fallback(content)]
    }
    while pending.isEmpty {
      if y + lineHeight > content.maxY + 0.001 && pageHasContent {
        newPage(content)
      } else if y + lineHeight > content.maxY + 0.001 && emptyBands > 0 {
        // A page whose every band is excluded: set the line across it regardless.
        pending = [fallback(content)]
        fullyExcludedLineHeight = lineHeight
        break
      }
      if container.exclusionPaths.isEmpty {
        // One interval, the same on every band: the slot is made without the arrays of
        // the general case (three for every line of every page).
        let free = container.span(left: leftIndent, right: rightIndent)
        let width = free.upperBound - free.lowerBound
        guard width >= container.minimumSegmentWidth, width >= minimumWidth else {
          emptyBands += 1
          y += max(lineHeight, 1)
          continue
        }
        let slot = LineSlot(page: page, x: free.lowerBound, top: y, width: width)
        y += lineHeight
        return placed(slot)
      }
      let intervals = container.freeIntervals(
        top: y, bottom: y + lineHeight, left: leftIndent, right: rightIndent)
      // A band with no room is skipped by at least a pixel: a line height of zero (or less)
      // would otherwise look at the same band for ever.
      if intervals.isEmpty {
        emptyBands += 1
        y += max(lineHeight, 1)
        continue
      }
      pending = intervals.filter { $0.upperBound - $0.lowerBound >= minimumWidth }.map {
        LineSlot(page: page, x: $0.lowerBound, top: y, width: $0.upperBound - $0.lowerBound)
      }
      if pending.isEmpty { emptyBands += 1 }
      y += pending.isEmpty ? max(lineHeight, 1) : lineHeight
    }
    return placed(pending.removeFirst())
  }

  /// A slot taken for the next line: the first line's indented.
  private mutating func placed(_ slot: LineSlot) -> LineSlot {
    var slot = slot
    if slots.isEmpty {
      slot.x += firstLineIndent
      slot.width -= firstLineIndent
    }
    pageHasContent = true
    return slot
  }

  /// The slot of a line on a page with no room: across the top, regardless.
  private func fallback(_ content: Rect) -> LineSlot {
    LineSlot(
      page: page, x: content.x + leftIndent, top: content.y,
      width: content.width - leftIndent - rightIndent)
  }

  private mutating func newPage(_ content: Rect) {
    page += 1
    y = content.y
    pageHasContent = false
  }
}
