import QuireBook

/// Turns broken lines into positioned glyph runs: the finalize stage.
///
/// Justified lines spread their glue by the line's adjustment ratio; last lines and
/// ragged paragraphs keep natural spacing and are aligned left, right or centred. A
/// segment narrower than `fullWidth` (beside an exclusion) stretches its spaces at most
/// by their stretch (r ≤ 1) and is left short rather than set with holes: a few words
/// between a page edge and a shape cannot fill it evenly. Floated boxes are left out of
/// the flow, which is set in what remains between them, and drawn at the line's edges.
/// - Complexity: O(items + glyphs).
func finalize(
  _ shaped: ShapedParagraph, breaks: [LineBreak], slots: [LineSlot], heights: [LineHeight],
  fullWidth: Double, firstLineIndent: Double, source: any GlyphSource, overfull: inout [Int],
  images: inout [(line: Int, image: PlacedImage)]
) -> [Line] {
  let items = shaped.items
  let paragraph = shaped.analyzed.paragraph
  let base = paragraph.range.lowerBound
  let contentEnd = paragraph.contentRange.upperBound
  let firstItems = lineStarts(items, breaks: breaks)
  var starts = [paragraph.range.lowerBound]
  for next in firstItems.dropFirst() {
    let offset = next < items.count ? base + Int(items[next].offset) : contentEnd
    starts.append(min(max(offset, starts.last!), contentEnd))
  }
  starts.append(paragraph.range.upperBound)
  var lines: [Line] = []
  lines.reserveCapacity(breaks.count)
  let words = source.words
  let whole = source.usesWholeUnits
  let bidi = shaped.analyzed.bidi
  let rightToLeft = bidi?.isRightToLeft ?? false
  // Where each item starts, for the ruby readings placed over their bases.
  var penAt = shaped.annotations.isEmpty ? [] : [Double](repeating: 0, count: items.count)
  // The store does not change while a paragraph is finalized: read it in place.
  return words.glyphs.withUnsafeBufferPointer { glyphs in
    var builder = RunBuilder(source: source, glyphs: glyphs, base: base, whole: whole)
    defer { builder.release() }
    for (k, lineBreak) in breaks.enumerated() {
      let slot = slots[k]
      let end = items[lineBreak.item]
      let forced = end.kind == .penalty && end.penalty <= -KnuthPlass.infinitePenalty
      var justified = paragraph.style.alignment == .justified && !forced
      var ratio = lineBreak.ratio
      if !ratio.isFinite { ratio = ratio > 0 ? 0 : -1 }
      if !justified { ratio = min(ratio, 0) }
      let segment = slot.width + (k == 0 ? firstLineIndent : 0)
      if segment < fullWidth - 1 { ratio = min(ratio, 1) }
      ratio = max(ratio, -1)
      // A line the breaker could set no tighter than |r| 3 (total fit breaks a paragraph
      // again to avoid one; this one it could not) goes ragged: a short line reads better
      // than gaps of four spaces. Its ratio stays what it needed, for the statistics.
      let needed = ratio
      if justified && ratio > KnuthPlass.loosestRatio {
        justified = false
        ratio = 0
      }
      // On cells, glue between characters set solid stays as it is (see `cellRatio`).
      var solidRatio = ratio
      if whole && ratio > 0 {
        ratio = cellRatio(items, firstItems[k]..<lineBreak.item, ratio: ratio)
        solidRatio = 0
      }
      let lineHeight = heights[k].height
      let baseline = slot.top + heights[k].ascent
      builder.beginLine()
      var pen = 0.0
      var drawingFlow = true
      let hyphenated = end.kind == .penalty && end.piece >= 0 && end.width > 0
      // The line's items, and the hyphen of the break after them; in visual order when
      // the paragraph has right-to-left text.
      let first = firstItems[k]
      let last = lineBreak.item + (hyphenated ? 1 : 0)
      let visual = bidi.map {
        visualOrder(
          items, first..<last, hyphen: hyphenated ? lineBreak.item : -1, bidi: $0,
          offsetBase: base - paragraph.contentRange.lowerBound)
      }
      // A right-to-left paragraph's first-line indent is on the right.
      let slotX = k == 0 && rightToLeft ? slot.x - firstLineIndent : slot.x
      // Floated runs are drawn at the line's edges after the flow; the flow keeps what is
      // left between them.
      var leftFloats: [Int] = []
      var rightFloats: [Int] = []
      var leftWidth = 0.0
      var rightWidth = 0.0
      for i in first..<last {
        switch items[i].float {
        case .left?:
          leftFloats.append(i)
          leftWidth += items[i].width
        case .right?:
          rightFloats.append(i)
          rightWidth += items[i].width
        case nil: break
        }
      }
      let available = slot.width - leftWidth - rightWidth
      // One item placed at the pen.
      func place(_ i: Int) {
        let item = items[i]
        guard item.float == nil || !drawingFlow else {
          return
        }
        if !penAt.isEmpty { penAt[i] = pen }
        switch item.kind {
        case .box:
          if item.piece >= 0 {
            builder.add(shaped.pieces[Int(item.piece)], pen: pen, slotX: slotX, baseline: baseline)
          } else if item.piece <= -2 {
            let image = shaped.images[-2 - Int(item.piece)]
            let frame = Rect(
              x: slotX + pen, y: baseline - image.height, width: image.width,
              height: image.height)
            images.append((k, PlacedImage(attachment: image.attachment, frame: frame)))
          }
          pen += item.width
        case .glue:
          let r = item.isSolid ? solidRatio : ratio
          pen += item.width + (r >= 0 ? r * item.stretch : r * item.shrink)
        case .penalty:
          // Only the break's own hyphen is in the range.
          if i == lineBreak.item {
            builder.add(shaped.pieces[Int(item.piece)], pen: pen, slotX: slotX, baseline: baseline)
            pen += item.width
          }
        }
      }
      if let visual {
        for i in visual { place(i) }
      } else {
        for i in first..<last { place(i) }
      }
      if pen > available + 0.5 { overfull.append(k) }
      var shift = 0.0
      switch paragraph.style.alignment {
      case .right: shift = max(0, available - pen)
      case .center: shift = max(0, (available - pen) / 2)
      // A right-to-left paragraph starts at the right.
      case .left, .justified: shift = rightToLeft ? max(0, available - pen) : 0
      }
      if whole { shift = shift.rounded(.down) }
      shift += leftWidth
      var runs = builder.finish()
      if shift != 0 {
        for r in runs.indices {
          for g in runs[r].positions.indices { runs[r].positions[g].x += Float(shift) }
        }
      }
      if !leftFloats.isEmpty || !rightFloats.isEmpty {
        // The floats' own runs, after the flow's: left ones from the left edge, right ones
        // ending at the right edge, each with its gap of an em towards the text.
        // The first line's indent is the text's, not the float's: a float on it stands at
        // the margin as on the other lines (at the right one when the paragraph is
        // right to left).
        let indent = k == 0 ? firstLineIndent : 0
        drawingFlow = false
        builder.beginLine()
        pen = rightToLeft ? 0 : -indent
        for i in leftFloats { place(i) }
        pen = slot.width - rightWidth + (rightToLeft ? indent : 0)
        for i in rightFloats { place(i) }
        runs += builder.finish()
      }
      var line = Line(
        range: starts[k]..<starts[k + 1],
        frame: Rect(x: slotX, y: slot.top, width: slot.width, height: lineHeight),
        baseline: baseline, runs: runs, adjustmentRatio: justified ? ratio : max(needed, ratio),
        isHyphenated: hyphenated,
        isJustified: justified)
      if !penAt.isEmpty {
        line.annotations = placeAnnotations(
          shaped, items: first...max(first, lineBreak.item), penAt: penAt, x: slotX + shift,
          lineFrame: (slotX, slot.width), baseline: baseline, source: source, glyphs: glyphs)
        if !line.annotations.isEmpty,
          let upright = shaped.annotations.first(where: \.isUpright)
        {
          // The column's text keeps its place when the readings widened the line.
          line.centreLine = uprightCentreLine(
            baseline: baseline, metrics: shaped.metrics, size: upright.piece.size / rubyScale)
        }
      }
      lines.append(line)
    }
    return lines
  }
}

/// The adjustment ratio of a justified line on terminal cells for its glue that may
/// stretch there: spaces, and the gaps between ideographs and Latin letters. Glue between
/// characters set solid (`LineItem.isSolid`: ideographs, kana, CJK punctuation) does not,
/// since a cell between two of them reads as a space in the text; the room it would have
/// taken goes to the others, up to 8 times their stretch (2 cells beside an ideograph, 4
/// more in a space), and what is left ends the line ragged, as JLREQ lets a line of
/// full-width characters end short by a cell rather than break a word apart.
/// - Complexity: O(items in the line).
func cellRatio(_ items: [LineItem], _ range: Range<Int>, ratio: Double) -> Double {
  var solid = 0.0
  var other = 0.0
  for i in range where items[i].kind == .glue {
    if items[i].isSolid { solid += items[i].stretch } else { other += items[i].stretch }
  }
  guard solid > 0 else { return ratio }
  guard other > 0 else { return 0 }
  return min(ratio * (solid + other) / other, max(ratio, 8))
}

/// Item indices `range` of a line in visual order (UAX #9 rule L2). An item has the level
/// of its first character; the hyphen at the break (`hyphen`, or -1) that of the letter
/// before it.
private func visualOrder(
  _ items: [LineItem], _ range: Range<Int>, hyphen: Int, bidi: BidiLevels, offsetBase: Int
) -> [Int] {
  let levels = range.map { i -> UInt8 in
    let offset = Int(items[i].offset) + offsetBase - (i == hyphen ? 1 : 0)
    return bidi.levels[min(max(offset, 0), bidi.levels.count - 1)]
  }
  return Bidi.visualOrder(levels: levels).map { range.lowerBound + $0 }
}

/// Collects positioned glyphs into runs of one face, size and colour.
///
/// Glyphs of the run being built go into three scratch buffers (ids, positions,
/// clusters) written in place, their capacity kept from line to line; a run's arrays are
/// copied out of them when the face, size or colour changes and at `finish()`. Call
/// `release()` when done.
private struct RunBuilder {
  let source: any GlyphSource
  /// `WordStore.glyphs`.
  let store: UnsafeBufferPointer<StoredGlyph>
  let base: Int
  let whole: Bool
  private var runs: [GlyphRun] = []
  private var lastFont: Int32 = -1
  private var size = 0.0
  private var color: Color?
  private var ids: UnsafeMutablePointer<UInt32>
  private var positions: UnsafeMutablePointer<GlyphPosition>
  private var clusters: UnsafeMutablePointer<Int32>
  private var capacity = 256
  /// Glyphs of the run being built.
  private var count = 0
  private var range = 0..<0

  init(source: any GlyphSource, glyphs: UnsafeBufferPointer<StoredGlyph>, base: Int, whole: Bool) {
    self.source = source
    self.store = glyphs
    self.base = base
    self.whole = whole
    ids = .allocate(capacity: capacity)
    positions = .allocate(capacity: capacity)
    clusters = .allocate(capacity: capacity)
  }

  /// Frees the scratch buffers.
  func release() {
    ids.deallocate()
    positions.deallocate()
    clusters.deallocate()
  }

  /// Starts a new line's runs.
  mutating func beginLine() {
    runs = []
    lastFont = -1
    count = 0
  }

  // Inlined into the line loop, as it was before that loop became a local function.
  @inline(__always)
  mutating func add(_ piece: GlyphPiece, pen: Double, slotX: Double, baseline: Double) {
    guard piece.glyphEnd > piece.glyphStart else { return }
    let start = Int(piece.glyphStart)
    let end = Int(piece.glyphEnd)
    let wordBase = base + Int(piece.wordOffset)
    // A right-to-left word's glyphs are in visual order: its first character is last.
    let lower = wordBase + Int(min(store[start].cluster, store[end - 1].cluster))
    let upper =
      wordBase
      + (piece.glyphEnd < piece.wordGlyphEnd ? Int(store[end].cluster) : Int(piece.wordLength))
    if lastFont != piece.font || size != piece.size || color != piece.color {
      flush()
      lastFont = piece.font
      size = piece.size
      color = piece.color
      range = lower..<max(lower, upper)
    }
    if count + end - start > capacity { reserve(count + end - start) }
    // In cells a piece starts at a whole cell and its glyphs follow a cell apart: rounding
    // each glyph on its own would let a word break apart where the pen sits near .5.
    var x = whole ? (slotX + pen + piece.shift).rounded() : slotX + pen + piece.shift
    let y = baseline - piece.rise
    let size = piece.size
    let clusterBase = Int32(wordBase)
    var n = count
    for g in start..<end {
      let glyph = store[g]
      let gx = x + Double(glyph.xOffset) * size
      let gy = y - Double(glyph.yOffset) * size
      ids[n] = glyph.id
      clusters[n] = clusterBase + glyph.cluster
      positions[n] = GlyphPosition(
        x: Float(whole ? gx.rounded() : gx), y: Float(whole ? gy.rounded() : gy))
      n += 1
      x += Double(glyph.advance) * size
    }
    count = n
    range = min(range.lowerBound, lower)..<max(range.upperBound, upper)
  }

  /// The runs of the line.
  mutating func finish() -> [GlyphRun] {
    flush()
    return runs
  }

  private mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let grown = max(needed, capacity * 2)
    func move<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
      let new = UnsafeMutablePointer<T>.allocate(capacity: grown)
      new.moveInitialize(from: old, count: count)
      old.deallocate()
      return new
    }
    ids = move(ids)
    positions = move(positions)
    clusters = move(clusters)
    capacity = grown
  }

  private mutating func flush() {
    guard lastFont >= 0 else { return }
    var run = GlyphRun(
      font: source.reference(of: Int(lastFont)), size: size, color: color,
      glyphs: Array(UnsafeBufferPointer(start: ids, count: count)),
      positions: Array(UnsafeBufferPointer(start: positions, count: count)), range: range)
    run.clusters = Array(UnsafeBufferPointer(start: clusters, count: count))
    runs.append(run)
    count = 0
    lastFont = -1
  }
}
