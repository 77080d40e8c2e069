/// Greedy first-fit line breaking: each line takes as much as fits (with shrink).
///
/// The setting for readers who prefer it, and the bounded fallback for paragraphs too
/// long for total fit. When nothing fits, the line breaks at the first legal point
/// after the overflow (an overfull line) so that the work stays linear. A URL breaks
/// inside (`KnuthPlass.addressPenalty`) only where the line would otherwise be overfull
/// or looser than the emergency stretch allows.
/// - Complexity: O(n): each item is visited at most twice.
func breakLinesFirstFit(_ items: [LineItem], widths: LineWidths) -> [LineBreak] {
  var breaks: [LineBreak] = []
  var start = 0
  var line = 0
  while start < items.count {
    var natural = 0.0
    var stretch = 0.0
    var shrink = 0.0
    var lastFit: LineBreak?
    var lastFitIsTooLoose = false
    var lastAddressFit: LineBreak?
    var chosen: LineBreak?
    let target = widths.width(of: line)
    let emergency = widths.rest * KnuthPlass.emergencyStretch
    var i = start
    while i < items.count {
      let item = items[i]
      let isLegal: Bool
      switch item.kind {
      case .box: isLegal = false
      case .glue: isLegal = i > start && items[i - 1].kind == .box
      case .penalty: isLegal = item.penalty < KnuthPlass.infinitePenalty
      }
      if isLegal {
        let width = natural + (item.kind == .penalty ? item.width : 0)
        let ratio = adjustmentRatio(width, stretch, shrink, target)
        if width - shrink <= target {
          if item.kind == .penalty && item.penalty == KnuthPlass.addressPenalty {
            lastAddressFit = LineBreak(item: i, ratio: ratio)
          } else {
            lastFit = LineBreak(item: i, ratio: ratio)
            // Looser than the emergency stretch allows (as `TotalFit.isTooLoose`).
            lastFitIsTooLoose =
              target - width > stretch + emergency
              || target - width > KnuthPlass.loosestRatio * stretch
          }
        } else {
          if let address = lastAddressFit, lastFit == nil || lastFitIsTooLoose,
            address.item > lastFit?.item ?? -1
          {
            chosen = address
          } else {
            chosen = lastFit ?? LineBreak(item: i, ratio: max(ratio, -1))
          }
          break
        }
        if item.kind == .penalty && item.penalty <= -KnuthPlass.infinitePenalty {
          chosen = lastFit
          break
        }
      }
      if item.kind != .penalty {
        natural += item.width
        stretch += item.stretch
        shrink += item.shrink
      }
      i += 1
    }
    guard let lineBreak = chosen ?? lastFit else { break }
    breaks.append(lineBreak)
    line += 1
    start = lineBreak.item + 1
    while start < items.count, items[start].kind != .box,
      !(items[start].kind == .penalty && items[start].penalty <= -KnuthPlass.infinitePenalty)
    {
      start += 1
    }
    if lineBreak.item == items.count - 1 { break }
  }
  return breaks
}

/// Knuth & Plass's adjustment ratio of a line of natural width `width`.
func adjustmentRatio(_ width: Double, _ stretch: Double, _ shrink: Double, _ target: Double)
  -> Double
{
  if width < target { return stretch > 0 ? (target - width) / stretch : .infinity }
  if width > target { return shrink > 0 ? (target - width) / shrink : -.infinity }
  return 0
}
