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
  /// An active node as the inner loop reads it: everything in one contiguous record, so
  /// that rating a line needs no look-up in `nodes` or in the running sums.
  struct Active {
    /// The running sums at the first item of the line after this break.
    var width: Double
    var stretch: Double
    var shrink: Double
    /// The width of the line after this break.
    var target: Double
    var demerits: Double
    var line: Int32
    /// Index in `nodes`, for the trace-back.
    var node: Int32
    var fitness: Int8
    /// The break is at a flagged penalty (a hyphen).
    var flagged: Bool
  }

  /// A break as the trace-back needs it.
  struct Node {
    var position: Int
    /// The line's real adjustment ratio (without emergency stretch).
    var ratio: Double
    var previous: Int
  }

  /// The best way found so far to reach the breakpoint being examined, per class.
  struct Candidate {
    var line: Int
    var fitness: Int
    var demerits: Double
    var ratio: Double
    var from: Int
    /// The line number of the break made from this candidate.
    var nextLine: Int
  }

  let items: [LineItem]
  let widths: LineWidths
  var sumWidth: [Double]
  var sumStretch: [Double]
  var sumShrink: [Double]
  // Scratch kept across breakpoints and passes: no allocation per breakpoint.
  var nodes: [Node] = []
  /// Active nodes in breakpoint order; only the first `activeCount` are live.
  var active: [Active] = []
  var activeCount = 0
  /// Candidates of the breakpoint being examined; only the first `candidateCount` are live.
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

  /// Appends an active node for a break at `position` after which line `line` starts.
  mutating func activate(
    position: Int, line: Int, fitness: Int, demerits: Double, ratio: Double, previous: Int
  ) {
    let start = position < 0 ? 0 : lineStart(after: position)
    let flagged = position >= 0 && items[position].isFlagged && items[position].kind == .penalty
    let record = Active(
      width: sumWidth[start], stretch: sumStretch[start], shrink: sumShrink[start],
      target: widths.width(of: line), demerits: demerits, line: Int32(line),
      node: Int32(nodes.count), fitness: Int8(fitness), flagged: flagged)
    nodes.append(Node(position: position, ratio: ratio, previous: previous))
    if activeCount < active.count {
      active[activeCount] = record
    } else {
      active.append(record)
    }
    activeCount += 1
  }

  mutating func run(tolerance: Double, emergencyStretch: Double) -> [LineBreak]? {
    nodes.removeAll(keepingCapacity: true)
    activeCount = 0
    activate(position: -1, line: 0, fitness: 1, demerits: 0, ratio: 0, previous: -1)
    let lineClassLimit = widths.first.count
    // Every line after the first has the same width: looseness only grows along `active`
    // (in breakpoint order), so the loop stops at the first line from a node past the
    // first line that is too loose.
    let uniform = lineClassLimit <= 1
    // The final pass keeps badness uncapped so that very loose lines still rank.
    let cap = tolerance.isInfinite ? 1e12 : 10_000
    let infiniteTolerance = tolerance.isInfinite
    for b in items.indices {
      let item = items[b]
      let isLegal: Bool
      switch item.kind {
      case .box: isLegal = false
      case .glue: isLegal = b > 0 && items[b - 1].kind == .box
      case .penalty: isLegal = item.penalty < KnuthPlass.infinitePenalty
      }
      guard isLegal else { continue }
      let isPenalty = item.kind == .penalty
      let forced = isPenalty && item.penalty <= -KnuthPlass.infinitePenalty
      // What the break itself costs, the same for every line ending here.
      var penaltyDemerits = 0.0
      if isPenalty {
        if item.penalty >= 0 {
          penaltyDemerits = pow2(item.penalty)
        } else if !forced {
          penaltyDemerits = -pow2(item.penalty)
        }
      }
      let flaggedHere = isPenalty && item.isFlagged
      let lastOrder = activeCount - 1
      // Each active node adds at most one candidate: room for all, no growth in the loop.
      if candidates.count < activeCount {
        candidates.append(
          contentsOf: repeatElement(
            Candidate(line: 0, fitness: 0, demerits: 0, ratio: 0, from: 0, nextLine: 0),
            count: activeCount - candidates.count))
      }
      // The sums up to this breakpoint, once: each active node subtracts its own.
      let widthHere = sumWidth[b]
      let penaltyWidth = isPenalty ? item.width : 0
      let stretchHere = sumStretch[b]
      let shrinkHere = sumShrink[b]
      var kept = 0
      var candidateCount = 0
      active.withUnsafeMutableBufferPointer { active in
        candidates.withUnsafeMutableBufferPointer { candidates in
          var order = 0
          while order <= lastOrder {
            let node = active[order]
            var natural = widthHere - node.width
            if penaltyWidth != 0 { natural += penaltyWidth }
            let stretch = stretchHere - node.stretch
            let shrink = shrinkHere - node.shrink
            let target = node.target
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
            if ratio < -1, infiniteTolerance, candidateCount == 0, kept == 0, order == lastOrder {
              // Final pass, nothing else can reach here: accept an overfull line (TeX's
              // artificial demerits) rather than leave the paragraph unbroken.
              feasible = true
              ratio = -1
              rated = -1
              deactivate = true
            }
            if !deactivate {
              active[kept] = node
              kept += 1
            }
            if uniform, !feasible, !forced, natural < target, badness > tolerance, node.line > 0 {
              // Knuth & Plass's sums only grow: a line from a later breakpoint is shorter
              // with less stretch, so looser still. Those stay active, infeasible.
              order += 1
              if kept < order {
                while order <= lastOrder {
                  active[kept] = active[order]
                  kept += 1
                  order += 1
                }
              } else {
                kept = lastOrder + 1
              }
              break
            }
            order += 1
            guard feasible else { continue }
            let fitness = rated < -0.5 ? 0 : rated <= 0.5 ? 1 : rated <= 1 ? 2 : 3
            var demerits = pow2(KnuthPlass.linePenalty + (badness.isFinite ? badness : cap))
            if isPenalty {
              demerits += penaltyDemerits
              if flaggedHere, node.flagged { demerits += KnuthPlass.flaggedDemerits }
            }
            if abs(fitness - Int(node.fitness)) > 1 { demerits += KnuthPlass.fitnessDemerits }
            demerits += node.demerits
            let line = Int(node.line)
            let lineClass = min(line + 1, lineClassLimit)
            var c = 0
            while c < candidateCount {
              if candidates[c].line == lineClass && candidates[c].fitness == fitness { break }
              c += 1
            }
            if c == candidateCount {
              candidateCount += 1
            } else if !(demerits < candidates[c].demerits) {
              continue
            }
            candidates[c] = Candidate(
              line: lineClass, fitness: fitness, demerits: demerits, ratio: ratio,
              from: Int(node.node), nextLine: line + 1)
          }
        }
      }
      activeCount = kept
      if candidateCount > 0 {
        var best = Double.infinity
        for c in 0..<candidateCount { best = min(best, candidates[c].demerits) }
        for c in 0..<candidateCount
        where candidates[c].demerits <= best + KnuthPlass.fitnessDemerits {
          let candidate = candidates[c]
          activate(
            position: b, line: candidate.nextLine, fitness: candidate.fitness,
            demerits: candidate.demerits, ratio: candidate.ratio, previous: candidate.from)
        }
      }
      if activeCount == 0 { return nil }
    }
    var last: Active?
    for a in active.prefix(activeCount) where nodes[Int(a.node)].position == items.count - 1 {
      if last == nil || a.demerits < last!.demerits { last = a }
    }
    guard let last else { return nil }
    var breaks: [LineBreak] = []
    var index = Int(last.node)
    while index > 0 {
      breaks.append(LineBreak(item: nodes[index].position, ratio: nodes[index].ratio))
      index = nodes[index].previous
    }
    return breaks.reversed()
  }
}

private func pow2(_ x: Double) -> Double { x * x }
