import QuireBook

/// Turns broken lines into positioned glyph runs: the finalize stage.
///
/// Justified lines spread their glue by the line's adjustment ratio; last lines and
/// ragged paragraphs keep natural spacing and are aligned left, right or centred. A
/// segment narrower than `fullWidth` (beside an exclusion) stretches its spaces at most
/// by their stretch (r ≤ 1) and is left short rather than set with holes: a few words
/// between a page edge and a shape cannot fill it evenly. Floated boxes are left out of
/// the flow, which is set in what remains between them, and drawn at the line's edges
/// (`Finalize+Floats.swift`); right-to-left text is placed in visual order
/// (`Finalize+Bidi.swift`); glyphs are collected into runs by `RunBuilder`.
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
  // The store does not change while a paragraph is finalized: read it in place.
  return source.words.glyphs.withUnsafeBufferPointer { glyphs in
    var finisher = LineFinisher(
      shaped, source: source, glyphs: glyphs, fullWidth: fullWidth,
      firstLineIndent: firstLineIndent)
    defer { finisher.release() }
    for (k, lineBreak) in breaks.enumerated() {
      lines.append(
        finisher.finish(
          k, at: lineBreak, from: firstItems[k], slot: slots[k], height: heights[k],
          range: starts[k]..<starts[k + 1], overfull: &overfull, images: &images))
    }
    return lines
  }
}

/// Sets a paragraph's broken lines one at a time: a line's adjustment ratio, its items
/// placed at the pen (in visual order when the paragraph has right-to-left text), the
/// line aligned, its floats at its edges and its ruby over its bases. Call `release()`
/// when done.
struct LineFinisher {
  let shaped: ShapedParagraph
  let items: [LineItem]
  let alignment: ParagraphStyle.Alignment
  let source: any GlyphSource
  let glyphs: UnsafeBufferPointer<StoredGlyph>
  let whole: Bool
  let bidi: BidiLevels?
  let rightToLeft: Bool
  /// From a paragraph-relative item offset to an index of `bidi`'s levels.
  let levelBase: Int
  let fullWidth: Double
  let firstLineIndent: Double
  var builder: RunBuilder
  /// Where each item starts, for the ruby readings placed over their bases (empty when
  /// the paragraph has none).
  var penAt: [Double]

  /// A line being set: where its items go and how its glue stretches.
  struct Setting {
    let index: Int
    let ratio: Double
    /// The ratio of glue between characters set solid (`LineItem.isSolid`): on cells 0,
    /// since a cell between two ideographs reads as a space (see `cellRatio`).
    let solidRatio: Double
    let slotX: Double
    let baseline: Double
    /// The break's item: the one penalty drawn (its hyphen).
    let breakItem: Int
    var pen = 0.0
    /// False while the floats are drawn after the flow.
    var drawingFlow = true
  }

  init(
    _ shaped: ShapedParagraph, source: any GlyphSource, glyphs: UnsafeBufferPointer<StoredGlyph>,
    fullWidth: Double, firstLineIndent: Double
  ) {
    let paragraph = shaped.analyzed.paragraph
    self.shaped = shaped
    items = shaped.items
    alignment = paragraph.style.alignment
    self.source = source
    self.glyphs = glyphs
    whole = source.usesWholeUnits
    bidi = shaped.analyzed.bidi
    rightToLeft = bidi?.isRightToLeft ?? false
    levelBase = paragraph.range.lowerBound - paragraph.contentRange.lowerBound
    self.fullWidth = fullWidth
    self.firstLineIndent = firstLineIndent
    builder = RunBuilder(
      source: source, glyphs: glyphs, base: paragraph.range.lowerBound, whole: whole)
    penAt = shaped.annotations.isEmpty ? [] : [Double](repeating: 0, count: items.count)
  }

  func release() { builder.release() }

  /// Line `k`, which starts at item `first` and ends at `lineBreak`, set in `slot`.
  /// Appends `k` to `overfull` when its items do not fit, and its pictures to `images`.
  mutating func finish(
    _ k: Int, at lineBreak: LineBreak, from first: Int, slot: LineSlot, height: LineHeight,
    range: Range<Int>, overfull: inout [Int], images: inout [(line: Int, image: PlacedImage)]
  ) -> Line {
    let end = items[lineBreak.item]
    let forced = end.kind == .penalty && end.penalty <= -KnuthPlass.infinitePenalty
    var justified = alignment == .justified && !forced
    var ratio = ratio(k, lineBreak, slot: slot, justified: justified)
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
      ratio = cellRatio(items, first..<lineBreak.item, ratio: ratio)
      solidRatio = 0
    }
    let baseline = slot.top + height.ascent
    let hyphenated = end.kind == .penalty && end.piece >= 0 && end.width > 0
    // A right-to-left paragraph's first-line indent is on the right.
    var line = Setting(
      index: k, ratio: ratio, solidRatio: solidRatio,
      slotX: k == 0 && rightToLeft ? slot.x - firstLineIndent : slot.x, baseline: baseline,
      breakItem: lineBreak.item)
    builder.beginLine()
    // The line's items, and the hyphen of the break after them.
    let last = lineBreak.item + (hyphenated ? 1 : 0)
    // Floated runs are drawn at the line's edges after the flow; the flow keeps what is
    // left between them.
    let floats = FloatedItems(items, first..<last)
    let available = slot.width - floats.leftWidth - floats.rightWidth
    if let bidi {
      let visual = visualOrder(
        items, first..<last, hyphen: hyphenated ? lineBreak.item : -1, bidi: bidi,
        offsetBase: levelBase)
      for i in visual { place(i, &line, images: &images) }
    } else {
      for i in first..<last { place(i, &line, images: &images) }
    }
    if line.pen > available + 0.5 { overfull.append(k) }
    var shift = 0.0
    switch alignment {
    case .right: shift = max(0, available - line.pen)
    case .center: shift = max(0, (available - line.pen) / 2)
    // A right-to-left paragraph starts at the right.
    case .left, .justified: shift = rightToLeft ? max(0, available - line.pen) : 0
    }
    if whole { shift = shift.rounded(.down) }
    shift += floats.leftWidth
    var runs = builder.finish()
    if shift != 0 {
      for r in runs.indices {
        for g in runs[r].positions.indices { runs[r].positions[g].x += Float(shift) }
      }
    }
    if !floats.isEmpty { runs += placeFloats(floats, &line, slot: slot, images: &images) }
    var set = Line(
      range: range,
      frame: Rect(x: line.slotX, y: slot.top, width: slot.width, height: height.height),
      baseline: baseline, runs: runs, adjustmentRatio: justified ? ratio : max(needed, ratio),
      isHyphenated: hyphenated, isJustified: justified)
    if !penAt.isEmpty {
      set.annotations = placeAnnotations(
        shaped, items: first...max(first, lineBreak.item), penAt: penAt, x: line.slotX + shift,
        lineFrame: (line.slotX, slot.width), baseline: baseline, source: source, glyphs: glyphs)
      if !set.annotations.isEmpty, let upright = shaped.annotations.first(where: \.isUpright) {
        // The column's text keeps its place when the readings widened the line.
        set.centreLine = uprightCentreLine(
          baseline: baseline, metrics: shaped.metrics, size: upright.piece.size / rubyScale)
      }
    }
    return set
  }

  /// The ratio line `k` is set with: the breaker's, natural spacing (or shrunk, never
  /// stretched) when not justified, and at most the spaces' stretch in a segment narrower
  /// than the page.
  private func ratio(_ k: Int, _ lineBreak: LineBreak, slot: LineSlot, justified: Bool) -> Double {
    var ratio = lineBreak.ratio
    if !ratio.isFinite { ratio = ratio > 0 ? 0 : -1 }
    if !justified { ratio = min(ratio, 0) }
    let segment = slot.width + (k == 0 ? firstLineIndent : 0)
    if segment < fullWidth - 1 { ratio = min(ratio, 1) }
    return max(ratio, -1)
  }

  /// Item `i` placed at the line's pen, which it moves on.
  @inline(__always)
  mutating func place(
    _ i: Int, _ line: inout Setting, images: inout [(line: Int, image: PlacedImage)]
  ) {
    let item = items[i]
    guard item.float == nil || !line.drawingFlow else { return }
    if !penAt.isEmpty { penAt[i] = line.pen }
    switch item.kind {
    case .box:
      if item.piece >= 0 {
        builder.add(
          shaped.pieces[Int(item.piece)], pen: line.pen, slotX: line.slotX,
          baseline: line.baseline)
      } else if item.piece <= -2 {
        let image = shaped.images[-2 - Int(item.piece)]
        let frame = Rect(
          x: line.slotX + line.pen, y: line.baseline - image.height, width: image.width,
          height: image.height)
        images.append((line.index, PlacedImage(attachment: image.attachment, frame: frame)))
      }
      line.pen += item.width
    case .glue:
      let r = item.isSolid ? line.solidRatio : line.ratio
      line.pen += item.width + (r >= 0 ? r * item.stretch : r * item.shrink)
    case .penalty:
      // Only the break's own hyphen is in the range.
      if i == line.breakItem {
        builder.add(
          shaped.pieces[Int(item.piece)], pen: line.pen, slotX: line.slotX,
          baseline: line.baseline)
        line.pen += item.width
      }
    }
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
