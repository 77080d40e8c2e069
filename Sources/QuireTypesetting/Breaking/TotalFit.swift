/// Knuth–Plass total-fit line breaking (Knuth & Plass 1981, "Breaking paragraphs into lines").
///
/// Minimises the sum of demerits over the whole paragraph: badness 100|r|³, line penalty,
/// penalties, flagged-break and fitness-class demerits. A first pass admits lines up to
/// `tolerance`. When none fits, a final pass accepts any stretch (badness uncapped, so
/// the cubic cost still spreads looseness) and, like TeX, lets an overfull line through
/// rather than fail. It runs twice, once as is and once rating every line as if it had
/// TeX's `\emergencystretch` more stretch; the paragraph keeps whichever worst line is
/// less loose.
/// - Complexity: O(n × active breakpoints); items must end with a forced break.
func breakLinesTotalFit(_ items: [LineItem], widths: LineWidths) -> [LineBreak] {
  var fit = TotalFit(items: items, widths: widths)
  if let breaks = fit.run(tolerance: KnuthPlass.tolerance, emergencyStretch: 0) { return breaks }
  guard let plain = fit.run(tolerance: .infinity, emergencyStretch: 0) else {
    return breakLinesFirstFit(items, widths: widths)
  }
  let emergency = widths.rest * KnuthPlass.emergencyStretch
  guard let stretched = fit.run(tolerance: .infinity, emergencyStretch: emergency) else {
    return plain
  }
  return worstRatio(stretched) < worstRatio(plain) ? stretched : plain
}

/// The largest |r| of the lines before the last (which is ragged).
private func worstRatio(_ breaks: [LineBreak]) -> Double {
  breaks.dropLast().reduce(0) { max($0, abs($1.ratio)) }
}

private struct TotalFit {
  struct Node {
    var position: Int
    var line: Int
    var fitness: Int
    var demerits: Double
    /// The line's real adjustment ratio (without emergency stretch).
    var ratio: Double
    var previous: Int
    /// Index of the first item of the line after this break.
    var start: Int
  }

  /// The best way found so far to reach the breakpoint being examined, per class.
  struct Candidate {
    var line: Int
    var fitness: Int
    var demerits: Double
    var ratio: Double
    var from: Int
  }

  let items: [LineItem]
  let widths: LineWidths
  var sumWidth: [Double]
  var sumStretch: [Double]
  var sumShrink: [Double]
  // Scratch kept across breakpoints and passes: no allocation per breakpoint.
  var nodes: [Node] = []
  var active: [Int] = []
  var survivors: [Int] = []
  var candidates: [Candidate] = []

  init(items: [LineItem], widths: LineWidths) {
    self.items = items
    self.widths = widths
    let count = items.count + 1
    sumWidth = [Double](repeating: 0, count: count)
    sumStretch = [Double](repeating: 0, count: count)
    sumShrink = [Double](repeating: 0, count: count)
    var width = 0.0
    var stretch = 0.0
    var shrink = 0.0
    for (i, item) in items.enumerated() {
      if item.kind != .penalty { width += item.width }
      stretch += item.stretch
      shrink += item.shrink
      sumWidth[i + 1] = width
      sumStretch[i + 1] = stretch
      sumShrink[i + 1] = shrink
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

  mutating func run(tolerance: Double, emergencyStretch: Double) -> [LineBreak]? {
    nodes.removeAll(keepingCapacity: true)
    nodes.append(
      Node(position: -1, line: 0, fitness: 1, demerits: 0, ratio: 0, previous: -1, start: 0))
    active.removeAll(keepingCapacity: true)
    active.append(0)
    let lineClassLimit = widths.first.count
    // Every line after the first has the same width: looseness only grows along `active`
    // (in breakpoint order), so the loop stops at the first line from a node past the
    // first line that is too loose.
    let uniform = lineClassLimit <= 1
    // The final pass keeps badness uncapped so that very loose lines still rank.
    let cap = tolerance.isInfinite ? 1e12 : 10_000
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
      candidates.removeAll(keepingCapacity: true)
      survivors.removeAll(keepingCapacity: true)
      let lastOrder = active.count - 1
      // The sums up to this breakpoint, once: each active node subtracts its own.
      let widthHere = sumWidth[b]
      let penaltyWidth = item.kind == .penalty ? item.width : 0
      let stretchHere = sumStretch[b]
      let shrinkHere = sumShrink[b]
      for order in 0...lastOrder {
        let a = active[order]
        let node = nodes[a]
        let start = node.start
        var natural = widthHere - sumWidth[start]
        if penaltyWidth != 0 { natural += penaltyWidth }
        let stretch = stretchHere - sumStretch[start]
        let shrink = shrinkHere - sumShrink[start]
        let target = node.line < lineClassLimit ? widths.first[node.line] : widths.rest
        var ratio: Double
        // Badness and fitness are rated with the emergency stretch (when any).
        var rated: Double
        if natural < target {
          ratio = stretch > 0 ? (target - natural) / stretch : .infinity
          if emergencyStretch == 0 {
            rated = ratio
          } else {
            let rateStretch = stretch + emergencyStretch
            rated = rateStretch > 0 ? (target - natural) / rateStretch : .infinity
          }
        } else if natural > target {
          ratio = shrink > 0 ? (target - natural) / shrink : -.infinity
          rated = ratio
        } else {
          ratio = 0
          rated = 0
        }
        let badness = rated < -1 ? .infinity : min(100 * abs(rated * rated * rated), cap)
        var deactivate = ratio < -1 || forced
        var feasible = ratio >= -1 && badness <= tolerance
        if ratio < -1, tolerance.isInfinite, candidates.isEmpty, survivors.isEmpty,
          order == lastOrder
        {
          // Final pass, nothing else can reach here: accept an overfull line (TeX's
          // artificial demerits) rather than leave the paragraph unbroken.
          feasible = true
          ratio = -1
          rated = -1
          deactivate = true
        }
        if !deactivate { survivors.append(a) }
        if uniform, !feasible, !forced, natural < target, badness > tolerance, node.line > 0 {
          // Knuth & Plass's sums only grow: a line from a later breakpoint is shorter
          // with less stretch, so looser still. Those stay active, infeasible.
          survivors.append(contentsOf: active[(order + 1)...])
          break
        }
        guard feasible else { continue }
        let fitness = rated < -0.5 ? 0 : rated <= 0.5 ? 1 : rated <= 1 ? 2 : 3
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
        var merged = false
        for c in candidates.indices
        where candidates[c].line == lineClass && candidates[c].fitness == fitness {
          if demerits < candidates[c].demerits {
            candidates[c] = Candidate(
              line: lineClass, fitness: fitness, demerits: demerits, ratio: ratio, from: a)
          }
          merged = true
          break
        }
        if !merged {
          candidates.append(
            Candidate(line: lineClass, fitness: fitness, demerits: demerits, ratio: ratio, from: a))
        }
      }
      swap(&active, &survivors)
      if !candidates.isEmpty {
        let start = lineStart(after: b)
        var best = Double.infinity
        for candidate in candidates { best = min(best, candidate.demerits) }
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
    var last: Int?
    for a in active where nodes[a].position == items.count - 1 {
      if last == nil || nodes[a].demerits < nodes[last!].demerits { last = a }
    }
    guard let last else { return nil }
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
