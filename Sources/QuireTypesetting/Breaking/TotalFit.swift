/// Knuth–Plass total-fit line breaking (Knuth & Plass 1981, "Breaking paragraphs into lines").
///
/// Minimises the sum of demerits over the whole paragraph: badness 100|r|³, line penalty,
/// penalties, flagged-break and fitness-class demerits. A first pass admits lines up to
/// `tolerance`; when none fits, a final pass accepts any stretch and, like TeX, lets an
/// overfull line through rather than fail.
/// - Complexity: O(n × active breakpoints); items must end with a forced break.
func breakLinesTotalFit(_ items: [LineItem], widths: LineWidths) -> [LineBreak] {
  var first = TotalFit(items: items, widths: widths, tolerance: KnuthPlass.tolerance)
  if let breaks = first.run() { return breaks }
  var final = TotalFit(items: items, widths: widths, tolerance: .infinity)
  return final.run() ?? breakLinesFirstFit(items, widths: widths)
}

private struct TotalFit {
  struct Node {
    var position: Int
    var line: Int
    var fitness: Int
    var demerits: Double
    var ratio: Double
    var previous: Int
    /// Index of the first item of the line after this break.
    var start: Int
  }

  let items: [LineItem]
  let widths: LineWidths
  let tolerance: Double
  var sumWidth: [Double]
  var sumStretch: [Double]
  var sumShrink: [Double]
  var nodes: [Node] = []

  init(items: [LineItem], widths: LineWidths, tolerance: Double) {
    self.items = items
    self.widths = widths
    self.tolerance = tolerance
    sumWidth = [0]
    sumStretch = [0]
    sumShrink = [0]
    sumWidth.reserveCapacity(items.count + 1)
    sumStretch.reserveCapacity(items.count + 1)
    sumShrink.reserveCapacity(items.count + 1)
    for item in items {
      let isPenalty = item.kind == .penalty
      sumWidth.append(sumWidth.last! + (isPenalty ? 0 : item.width))
      sumStretch.append(sumStretch.last! + item.stretch)
      sumShrink.append(sumShrink.last! + item.shrink)
    }
  }

  /// The first item of a line that starts after a break at `position`.
  func lineStart(after position: Int) -> Int {
    var i = position + 1
    while i < items.count, items[i].kind != .box,
      !(items[i].kind == .penalty && items[i].penalty <= -KnuthPlass.infinitePenalty)
    {
      i += 1
    }
    return i
  }

  mutating func run() -> [LineBreak]? {
    nodes = [Node(position: -1, line: 0, fitness: 1, demerits: 0, ratio: 0, previous: -1, start: 0)]
    var active = [0]
    let lineClassLimit = widths.first.count
    for b in items.indices {
      let item = items[b]
      let isLegal: Bool
      switch item.kind {
      case .box: isLegal = false
      case .glue: isLegal = b > 0 && items[b - 1].kind == .box
      case .penalty: isLegal = item.penalty < KnuthPlass.infinitePenalty
      }
      guard isLegal else { continue }
      let forced = item.kind == .penalty && item.penalty <= -KnuthPlass.infinitePenalty
      // Best candidate per (line class, fitness).
      var candidates: [(line: Int, fitness: Int, demerits: Double, ratio: Double, from: Int)] = []
      var survivors: [Int] = []
      survivors.reserveCapacity(active.count)
      for (order, a) in active.enumerated() {
        let node = nodes[a]
        let start = node.start
        var natural = sumWidth[b] - sumWidth[start]
        if item.kind == .penalty { natural += item.width }
        let stretch = sumStretch[b] - sumStretch[start]
        let shrink = sumShrink[b] - sumShrink[start]
        let target = widths.width(of: node.line)
        var ratio: Double
        if natural < target {
          ratio = stretch > 0 ? (target - natural) / stretch : .infinity
        } else if natural > target {
          ratio = shrink > 0 ? (target - natural) / shrink : -.infinity
        } else {
          ratio = 0
        }
        // The final pass keeps badness uncapped so that very loose lines still rank.
        let cap = tolerance.isInfinite ? 1e12 : 10_000
        let badness = ratio < -1 ? .infinity : min(100 * abs(ratio * ratio * ratio), cap)
        var deactivate = ratio < -1 || forced
        var feasible = ratio >= -1 && badness <= tolerance
        if ratio < -1, tolerance.isInfinite, candidates.isEmpty,
          survivors.isEmpty, order == active.count - 1
        {
          // Final pass, nothing else can reach here: accept an overfull line (TeX's
          // artificial demerits) rather than leave the paragraph unbroken.
          feasible = true
          ratio = -1
          deactivate = true
        }
        if !deactivate { survivors.append(a) }
        guard feasible else { continue }
        let fitness = ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
        var demerits = pow2(KnuthPlass.linePenalty + (badness.isFinite ? badness : cap))
        if item.kind == .penalty {
          if item.penalty >= 0 {
            demerits += pow2(item.penalty)
          } else if !forced {
            demerits -= pow2(item.penalty)
          }
          if item.isFlagged, node.position >= 0, items[node.position].isFlagged,
            items[node.position].kind == .penalty
          {
            demerits += KnuthPlass.flaggedDemerits
          }
        }
        if abs(fitness - node.fitness) > 1 { demerits += KnuthPlass.fitnessDemerits }
        demerits += node.demerits
        let lineClass = min(node.line + 1, lineClassLimit)
        if let existing = candidates.firstIndex(where: {
          $0.line == lineClass && $0.fitness == fitness
        }) {
          if demerits < candidates[existing].demerits {
            candidates[existing] = (lineClass, fitness, demerits, ratio, a)
          }
        } else {
          candidates.append((lineClass, fitness, demerits, ratio, a))
        }
      }
      active = survivors
      if !candidates.isEmpty {
        let start = lineStart(after: b)
        let best = candidates.map(\.demerits).min()!
        for candidate in candidates
        where candidate.demerits <= best + KnuthPlass.fitnessDemerits {
          nodes.append(
            Node(
              position: b, line: nodes[candidate.from].line + 1, fitness: candidate.fitness,
              demerits: candidate.demerits, ratio: candidate.ratio, previous: candidate.from,
              start: start))
          active.append(nodes.count - 1)
        }
      }
      if active.isEmpty { return nil }
    }
    guard
      let last = active.filter({ nodes[$0].position == items.count - 1 })
        .min(by: { nodes[$0].demerits < nodes[$1].demerits })
    else { return nil }
    var breaks: [LineBreak] = []
    var index = last
    while index > 0 {
      breaks.append(LineBreak(item: nodes[index].position, ratio: nodes[index].ratio))
      index = nodes[index].previous
    }
    return breaks.reversed()
  }
}

private func pow2(_ x: Double) -> Double { x * x }
