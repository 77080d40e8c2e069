extension TotalFit {
  /// One pass's scan: each legal breakpoint rates the lines from the active nodes to it,
  /// drops the nodes no line can leave any more, and becomes a node itself by its best
  /// candidates; the best node at the paragraph's end is traced back. `prunes` is an
  /// argument that inlining makes constant.
  @inline(__always)
  mutating func search(tolerance: Double, emergencyStretch: Double, prunes: Bool)
    -> [LineBreak]?
  {
    nodes.removeAll(keepingCapacity: true)
    head = 0
    end = 0
    leastDemerits = 0
    activate(position: -1, line: 0, fitness: 1, demerits: 0, ratio: 0, previous: -1)
    // Every line after the first has the same width: looseness only grows along `active`
    // (in breakpoint order), so the scan stops at the first line from a node past the
    // first line that is too loose.
    let pass = Pass(
      tolerance: tolerance, emergencyStretch: emergencyStretch,
      uniform: widths.first.count <= 1, prunes: prunes)
    let infiniteTolerance = tolerance.isInfinite
    for b in items.indices {
      guard let breakpoint = breakpoint(at: b) else { continue }
      // The scan below would rate that one line, keep every node and make none (left to
      // the scan without pruning, which checks that skipping it is exact).
      if allowsPruning, pass.uniform, head < end, !breakpoint.isForced,
        isTooLoose(from: active[head], to: b, at: breakpoint, pass: pass)
      {
        continue
      }
      // Each active node adds at most one candidate, then one node.
      reserve()
      let active = self.active
      var slots = CandidateSlots(self, uniform: pass.uniform)
      let lastOrder = end - 1
      let here = sums[b]
      // Survivors so far, and where the next one goes.
      var kept = 0
      var write = head
      // The least demerits of a candidate so far (kept only when `prunes`).
      var best = Double.infinity
      var order = head
      while order <= lastOrder {
        let node = active[order]
        var line = pass.rate(from: node, to: here, at: breakpoint)
        var deactivate = line.ratio < -1 || breakpoint.isForced
        var feasible = line.ratio >= -1 && line.badness <= tolerance
        if line.ratio < -1, infiniteTolerance, slots.count == 0, kept == 0, order == lastOrder {
          // Final pass, nothing else can reach here: accept an overfull line rather than
          // leave the paragraph unbroken.
          feasible = true
          line.acceptOverfull()
          deactivate = true
        }
        if !deactivate {
          if write != order { active[write] = node }
          write += 1
          kept += 1
        } else if kept == 0 {
          head = order + 1
          write = head
        }
        if pass.endsScan(
          after: line, from: node, feasible: feasible, at: breakpoint,
          hasCandidates: slots.count > 0, best: best, leastDemerits: leastDemerits)
        {
          // The rest stay active as they are.
          order += 1
          if write < order {
            (active + write).update(from: active + order, count: lastOrder + 1 - order)
          }
          write += lastOrder + 1 - order
          break
        }
        order += 1
        guard feasible else { continue }
        let fitness = line.fitness
        let demerits = pass.demerits(of: line, fitness: fitness, from: node, at: breakpoint)
        if prunes { best = min(best, demerits) }
        slots.offer(demerits: demerits, ratio: line.ratio, fitness: fitness, from: node)
      }
      end = write
      activate(slots, at: b, forced: breakpoint.isForced)
      if end == head { return nil }
    }
    return traceBack()
  }

  /// Whether the line from `node` (the oldest active one, whose lines are the longest) to
  /// `breakpoint` at `b` is short of its width and too loose for the tolerance: with
  /// uniform widths, lines from every later node are then looser still, and the scan's
  /// first step would end it (`Pass.endsScan`) with nothing changed. Most breakpoints of
  /// a line, those before its last few words, are passed over so.
  @inline(__always)
  private func isTooLoose(from node: Active, to b: Int, at breakpoint: Breakpoint, pass: Pass)
    -> Bool
  {
    guard node.line > 0 else { return false }
    let line = pass.rate(from: node, to: sums[b], at: breakpoint)
    return line.natural < line.target && line.badness > pass.tolerance
  }

  /// The breaks of the active node at the paragraph's end with the least demerits, or nil
  /// when none reached it.
  private func traceBack() -> [LineBreak]? {
    var last: Active?
    for a in UnsafeBufferPointer(start: active + head, count: end - head)
    where nodes[Int(a.node)].position == items.count - 1 {
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
