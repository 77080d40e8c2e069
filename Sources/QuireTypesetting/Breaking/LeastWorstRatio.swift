/// The least worst |r| any breaking of a paragraph can have: over every way of breaking
/// `items` into lines that fit (r ≥ −1), the smallest largest |r| of a justified line (one
/// that ends neither the paragraph nor at a forced break).
///
/// The yardstick for "a paragraph that cannot do better": a line looser than some bound
/// is excused only when this is above the bound too. Independent of the demerits Knuth &
/// Plass minimise; a bottleneck shortest path over the legal breakpoints.
/// - Complexity: O(n × breakpoints per line); items must end with a forced break and
///   have no negative widths (kept-whitespace paragraphs are not justified anyway).
func leastWorstRatio(_ items: [LineItem], widths: LineWidths) -> Double {
  var width = [0.0]
  var stretch = [0.0]
  var shrink = [0.0]
  for item in items {
    width.append(width.last! + (item.kind == .penalty ? 0 : item.width))
    stretch.append(stretch.last! + item.stretch)
    shrink.append(shrink.last! + item.shrink)
  }
  // Live breakpoints: item index (-1 for the start), where its line starts, its line
  // number, and the least worst ratio of reaching it.
  var live: [(position: Int, start: Int, line: Int, worst: Double)] = [(-1, 0, 0, 0)]
  var result = Double.infinity
  for b in items.indices {
    let item = items[b]
    let legal: Bool
    switch item.kind {
    case .box: legal = false
    case .glue: legal = b > 0 && items[b - 1].kind == .box
    case .penalty: legal = item.penalty < KnuthPlass.infinitePenalty
    }
    guard legal else { continue }
    let forced = item.kind == .penalty && item.penalty <= -KnuthPlass.infinitePenalty
    var best = Double.infinity
    var bestLine = 0
    var kept: [(position: Int, start: Int, line: Int, worst: Double)] = []
    for node in live {
      let natural =
        width[b] - width[node.start] + (item.kind == .penalty ? item.width : 0)
      let target = widths.width(of: node.line)
      let ratio = adjustmentRatio(
        natural, stretch[b] - stretch[node.start], shrink[b] - shrink[node.start], target)
      // Lines only grow along the paragraph: one too full now stays too full.
      if ratio >= -1 {
        if !forced { kept.append(node) }
        let worst = max(node.worst, forced || b == items.count - 1 ? 0 : abs(ratio))
        if worst < best {
          best = worst
          bestLine = node.line + 1
        }
      }
    }
    if best.isFinite {
      var start = b + 1
      while start < items.count, items[start].kind != .box,
        !(items[start].kind == .penalty && items[start].penalty <= -KnuthPlass.infinitePenalty)
      {
        start += 1
      }
      kept.append((b, start, bestLine, best))
      if b == items.count - 1 { result = best }
    }
    live = kept
    if live.isEmpty { return .infinity }
  }
  return result
}
