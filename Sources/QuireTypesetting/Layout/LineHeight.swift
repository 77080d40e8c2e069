/// How tall one line is and where its baseline sits below the line's top.
struct LineHeight: Equatable {
  var height: Double
  /// Distance from the line's top to its baseline.
  var ascent: Double
}

/// The first item of each line after `breaks`: the item after the break, past the glue
/// and penalties a line never starts with.
func lineStarts(_ items: [LineItem], breaks: [LineBreak]) -> [Int] {
  var starts = [0]
  starts.reserveCapacity(breaks.count)
  for (k, lineBreak) in breaks.enumerated().dropLast() {
    var i = lineBreak.item + 1
    // Never past the next break: two breaks with no box between them make an empty
    // line, not a line that starts after it ends.
    let limit = min(items.count, breaks[k + 1].item)
    while i < limit, items[i].kind != .box,
      !(items[i].kind == .penalty && items[i].penalty <= -KnuthPlass.infinitePenalty)
    {
      i += 1
    }
    starts.append(i)
  }
  return starts
}

/// The height of each line: its largest text sets the line's height and baseline (a
/// larger word makes its own line taller, not the whole paragraph), and an image in the
/// line makes it tall enough to stand on the baseline.
///
/// `lineHeight × styleMultiple` is the line height as a multiple of the text size. A line
/// with the paragraph's size throughout gets exactly what the whole paragraph got before.
/// - Complexity: O(items).
func lineHeights(
  _ shaped: ShapedParagraph, breaks: [LineBreak], lineHeight: Double, styleMultiple: Double,
  source: any GlyphSource
) -> [LineHeight] {
  var heights = textLineHeights(
    shaped, breaks: breaks, lineHeight: lineHeight, styleMultiple: styleMultiple)
  if !shaped.annotations.isEmpty {
    makeRoomForAnnotations(&heights, shaped, breaks: breaks, source: source)
  }
  return heights
}

/// The heights of the lines from their text and images alone.
private func textLineHeights(
  _ shaped: ShapedParagraph, breaks: [LineBreak], lineHeight: Double, styleMultiple: Double
) -> [LineHeight] {
  let metrics = shaped.metrics
  if let size = shaped.uniformSize {
    // Every line's largest text is the paragraph's one size (a line without a box falls
    // back to `largestSize`, the same): one height for all.
    let height = size * lineHeight * styleMultiple
    let ascender = metrics.ascender * size
    let line = LineHeight(
      height: height, ascent: (height - ascender - metrics.descender * size) / 2 + ascender)
    return [LineHeight](repeating: line, count: breaks.count)
  }
  let items = shaped.items
  let starts = lineStarts(items, breaks: breaks)
  var heights: [LineHeight] = []
  heights.reserveCapacity(breaks.count)
  for (k, lineBreak) in breaks.enumerated() {
    var size = 0.0
    var image = 0.0
    for i in starts[k]...lineBreak.item where items[i].kind == .box || items[i].piece >= 0 {
      let piece = Int(items[i].piece)
      if piece >= 0 {
        if shaped.pieces[piece].rise == 0 { size = max(size, shaped.pieces[piece].size) }
      } else if piece <= -2 {
        image = max(image, shaped.images[-2 - piece].height)
      }
    }
    if size == 0 && image == 0 { size = shaped.largestSize }
    let height = size * lineHeight * styleMultiple
    let ascender = metrics.ascender * size
    var line = LineHeight(
      height: height, ascent: (height - ascender - metrics.descender * size) / 2 + ascender)
    if image > line.ascent {
      // The image stands on the baseline: the line grows above it.
      line.height += image - line.ascent
      line.ascent = image
    }
    if size == 0 {
      // A line of its own for an image: half a leading below it.
      line.height += shaped.largestSize * (lineHeight * styleMultiple - 1) / 2
    }
    heights.append(line)
  }
  return heights
}
