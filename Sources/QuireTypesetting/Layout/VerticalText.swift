import QuireBook

/// Vertical right-to-left setting of a chapter (tategaki, CSS Writing Modes 3).
///
/// The chapter is laid out by the horizontal machinery on a turned page: its width is the
/// page's height (the column's measure), its lines follow downwards from what will be the
/// page's right edge. Knuth–Plass, kinsoku, indents, widows and orphans therefore work
/// along the column unchanged. `columns(of:)` then turns each finished page: a line becomes
/// a column, its glyphs go down the column's centre line, CJK upright in the font's
/// vertical forms (HarfBuzz's top-to-bottom shaping applies `vert`/`vrt2`), other text
/// turned 90° clockwise, and `text-combine-upright` runs set side by side in one em.
/// Not thread-safe: one per paginator.
final class VerticalText {
  /// The real page size.
  let pageWidth: Double
  let pageHeight: Double
  /// Chapter ranges set upright side by side in one em (tate-chū-yoko), sorted.
  let combined: [Range<Int>]
  /// Chapter ranges of `text-orientation: upright` and `sideways`, sorted.
  let upright: [Range<Int>]
  let sideways: [Range<Int>]
  let language: String
  /// Upright glyphs by face (high 32 bits) and scalar.
  var uprightGlyphs: [UInt64: UprightGlyph?] = [:]

  init(page container: TextContainer, text: StyledText, units: [UInt16], language: String) {
    pageWidth = container.width
    pageHeight = container.height
    combined = Self.combinedRanges(text, units: units)
    upright = text.runs.filter { $0.value.textOrientation == .upright }.map(\.range)
    sideways = text.runs.filter { $0.value.textOrientation == .sideways }.map(\.range)
    self.language = language
  }

  // MARK: - Choosing

  /// Whether `text` is set vertically under `settings`: when most of it is
  /// `writing-mode: vertical-rl` (unless the reader asks for horizontal lines), or when
  /// the reader asks for vertical lines in a Chinese, Japanese or Korean book. Terminal
  /// cells are always horizontal.
  static func applies(
    to text: StyledText, settings: LayoutSettings, source: any GlyphSource
  ) -> Bool {
    guard !source.usesWholeUnits, settings.writingMode != .horizontal else { return false }
    var vertical = 0
    for run in text.paragraphs where run.value.writingMode == .verticalRightToLeft {
      vertical += run.range.count
    }
    // `text.length` counts the string's UTF-16 units (a pass over a non-ASCII chapter):
    // asked only when some of it is vertical.
    if vertical > 0, vertical * 2 > text.length { return true }
    guard settings.writingMode == .vertical else { return false }
    let language = (settings.hyphenationLanguage ?? settings.language).lowercased()
    return ["zh", "ja", "ko"].contains { language.hasPrefix($0) }
  }

  /// The container the horizontal machinery fills: the page turned a quarter left, so
  /// that its lines are the columns and its top margin the right one.
  static func layoutContainer(for page: TextContainer) -> TextContainer {
    let margins = page.margins
    return TextContainer(
      width: page.height, height: page.width,
      margins: EdgeInsets(
        top: margins.right, left: margins.top, bottom: margins.left, right: margins.bottom),
      minimumSegmentWidth: page.minimumSegmentWidth)
  }

  /// The chapter's tate-chū-yoko ranges: a `text-combine-upright: all` element's text
  /// (up to four characters; longer ones stay turned), and with `digits n` each run of up to
  /// n ASCII digits.
  static func combinedRanges(_ text: StyledText, units: [UInt16]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    func isDigit(_ index: Int) -> Bool {
      units.indices.contains(index) && (0x30...0x39).contains(units[index])
    }
    for run in text.runs {
      guard let combine = run.value.combinesUpright else { continue }
      let lower = max(0, run.range.lowerBound)
      let upper = min(units.count, run.range.upperBound)
      guard lower < upper else { continue }
      switch combine {
      case .all:
        var start = lower
        var end = upper
        while start < end, units[start] == 0x20 || units[start] == 0x0A { start += 1 }
        while end > start, units[end - 1] == 0x20 || units[end - 1] == 0x0A { end -= 1 }
        if (1...4).contains(end - start) { ranges.append(start..<end) }
      case .digits(let most):
        var index = lower
        while index < upper {
          guard isDigit(index) else {
            index += 1
            continue
          }
          var end = index
          while end < upper, isDigit(end) { end += 1 }
          if end - index <= most, !isDigit(index - 1), !isDigit(end) {
            ranges.append(index..<end)
          }
          index = end
        }
      }
    }
    return ranges.sorted { $0.lowerBound < $1.lowerBound }
  }

  /// The combined range that contains chapter offset `offset`.
  func combinedRange(containing offset: Int) -> Range<Int>? {
    Self.range(in: combined, containing: offset)
  }

  /// The range of sorted, disjoint `ranges` that contains `offset`.
  static func range(in ranges: [Range<Int>], containing offset: Int) -> Range<Int>? {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low < ranges.count && ranges[low].contains(offset) ? ranges[low] : nil
  }

  // MARK: - Items

  /// Gives each tate-chū-yoko run one em of the column: its first box becomes an em wide,
  /// the rest of it nothing, so that breaking and justifying see it as one ideograph.
  func combine(_ shaped: inout ShapedParagraph) {
    guard !combined.isEmpty else { return }
    let base = shaped.analyzed.paragraph.range.lowerBound
    let paragraph = shaped.analyzed.paragraph.range
    guard combined.contains(where: { $0.overlaps(paragraph) }) else { return }
    var started: Range<Int>?
    for i in shaped.items.indices {
      let item = shaped.items[i]
      let offset = base + Int(item.offset)
      if item.kind == .glue, item.width > 0,
        combined.contains(where: { $0.lowerBound == offset || $0.upperBound == offset })
      {
        // No quarter em between the run and its ideographs: it is one of them now.
        shaped.items[i].width = 0
        shaped.items[i].shrink = 0
        continue
      }
      guard item.kind == .box, item.piece >= 0, let range = combinedRange(containing: offset)
      else { continue }
      let size = shaped.pieces[Int(item.piece)].size
      shaped.items[i].width = started == range ? 0 : size
      started = range
    }
  }

  // MARK: - Turning pages

  /// `page`, laid out in `layoutContainer(for:)`, turned into columns on the real page.
  func columns(of page: Page, units: [UInt16], source: any GlyphSource) -> Page {
    var turnedPage = page
    turnedPage.width = pageWidth
    turnedPage.height = pageHeight
    turnedPage.lines = page.lines.map { column(of: $0, units: units, source: source) }
    turnedPage.images = page.images.map {
      PlacedImage(attachment: $0.attachment, frame: turned($0.frame))
    }
    turnedPage.rules = page.rules.map(turned)
    return turnedPage
  }

  /// A rectangle of the turned layout on the real page: layout x goes down the page,
  /// layout y leftwards from the right edge.
  func turned(_ rect: Rect) -> Rect {
    Rect(x: pageWidth - rect.y - rect.height, y: rect.x, width: rect.height, height: rect.width)
  }

  private func column(of line: Line, units: [UInt16], source: any GlyphSource) -> Line {
    var column = line
    column.isVertical = true
    column.frame = turned(line.frame)
    let centre = line.centreLine.map { pageWidth - $0 } ?? column.frame.x + column.frame.width / 2
    column.baseline = centre
    column.centreLine = nil
    var runs: [GlyphRun] = []
    for run in line.runs {
      runs += columnRuns(of: run, centre: centre, units: units, source: source)
    }
    column.runs = runs
    // Ruby and emphasis marks were placed upright already (`placeAnnotations`): the
    // layout's x goes down the page, its y leftwards from the right edge.
    column.annotations = line.annotations.map { run in
      var run = run
      run.positions = run.positions.map {
        GlyphPosition(x: Float(pageWidth) - $0.y, y: $0.x)
      }
      return run
    }
    return column
  }
}
