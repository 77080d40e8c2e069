/// Knuth–Plass total-fit line breaking (Knuth & Plass 1981, "Breaking paragraphs into lines").
///
/// Minimises the sum of demerits over the whole paragraph: badness 100|r|³, line penalty,
/// penalties, flagged-break and fitness-class demerits. A first pass admits lines up to
/// `tolerance`. When none fits, a final pass accepts any stretch (badness uncapped, so
/// the cubic cost still spreads looseness) and, like TeX, lets an overfull line through
/// rather than fail. It runs twice, once as is and once rating every line as if it had
/// TeX's `\emergencystretch` more stretch; the paragraph keeps whichever worst line is
/// less loose.
///
/// Breaks inside URLs (`KnuthPlass.addressPenalty`) are left out at first: only when the
/// breaks found leave a line looser than the emergency stretch allows (its badness with
/// that stretch added still above the tolerance) is the paragraph broken again with them.
/// `prunes: false` rates every line that fits (`LineBreaking.totalFitUnpruned`), to check
/// that the early stop changes no break.
/// - Complexity: O(n × active breakpoints); items must end with a forced break.
func breakLinesTotalFit(_ items: [LineItem], widths: LineWidths, prunes: Bool = true)
  -> [LineBreak]
{
  var fit = TotalFit(items: items, widths: widths)
  fit.allowsPruning = prunes
  let breaks = fit.best()
  guard fit.hasAddressBreaks, fit.isTooLoose(breaks) else { return breaks }
  fit.allowsAddressBreaks = true
  return fit.best()
}

extension TotalFit {
  /// The breaks of the whole procedure: first pass, then the final passes.
  mutating func best() -> [LineBreak] {
    if let breaks = run(tolerance: KnuthPlass.tolerance, emergencyStretch: 0) { return breaks }
    let breaks = final()
    // The final passes weigh looseness against everything else; a line past the loosest
    // allowed is taken only when no breaking of the paragraph does without one.
    guard worstRatio(breaks) > KnuthPlass.loosestRatio else { return breaks }
    let limit = 100 * pow3(KnuthPlass.loosestRatio)
    return run(tolerance: limit, emergencyStretch: 0) ?? breaks
  }

  /// Whether a line before the last is overfull, or looser than the emergency stretch
  /// allows: its spaces would have to stretch by more than their stretch and TeX's
  /// `\emergencystretch` together (r > 1 with the emergency stretch counted), or past
  /// `loosestRatio`.
  func isTooLoose(_ breaks: [LineBreak]) -> Bool {
    let emergency = widths.rest * KnuthPlass.emergencyStretch
    var position = -1
    for (line, lineBreak) in breaks.dropLast().enumerated() {
      let start = position < 0 ? 0 : lineStart(after: position)
      position = lineBreak.item
      let end = items[lineBreak.item]
      let natural =
        sums[lineBreak.item].width - sums[start].width + (end.kind == .penalty ? end.width : 0)
      let stretch = sums[lineBreak.item].stretch - sums[start].stretch
      let shrink = sums[lineBreak.item].shrink - sums[start].shrink
      let room = widths.width(of: line) - natural
      if room > stretch + emergency || room < -shrink - 0.5 { return true }
      if room > KnuthPlass.loosestRatio * stretch { return true }
    }
    return false
  }
}

extension TotalFit {
  /// The final passes, when the first finds no way to break within the tolerance.
  fileprivate mutating func final() -> [LineBreak] {
    guard let plain = run(tolerance: .infinity, emergencyStretch: 0) else {
      return breakLinesFirstFit(items, widths: widths)
    }
    let emergency = widths.rest * KnuthPlass.emergencyStretch
    guard let stretched = run(tolerance: .infinity, emergencyStretch: emergency) else {
      return plain
    }
    return worstRatio(stretched) < worstRatio(plain) ? stretched : plain
  }
}

/// The largest |r| of the lines before the last (which is ragged).
private func worstRatio(_ breaks: [LineBreak]) -> Double {
  breaks.dropLast().reduce(0) { max($0, abs($1.ratio)) }
}

private struct TotalFit: ~Copyable {
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

  /// The running sums of width, stretch and shrink before an item.
  struct Sums {
    var width: Double
    var stretch: Double
    var shrink: Double
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
    var from: Int32
    /// The line number of the break made from this candidate.
    var nextLine: Int32
    var isPresent: Bool
  }

  let items: [LineItem]
  let widths: LineWidths
  /// Knuth & Plass's running sums of width, stretch and shrink before each item.
  let sums: [Sums]
  // Scratch kept across breakpoints and passes: no allocation per breakpoint.
  var nodes: [Node] = []
  /// Active nodes in breakpoint order: those in `head..<end` of `capacity` are live. The
  /// oldest nodes are the ones whose lines grow too long first: dropping them only moves
  /// `head`.
  var active: UnsafeMutablePointer<Active>
  var head = 0
  var end = 0
  /// Candidates of the breakpoint being examined when line widths vary (`capacity`).
  var candidates: UnsafeMutablePointer<Candidate>
  var capacity = 64
  /// With uniform widths the line class is the same for every node: one candidate slot
  /// per fitness class, found without a search.
  var classes: UnsafeMutablePointer<Candidate>
  /// The fitness classes in the order they were first reached, as a search through
  /// candidates would list them (and one spare place).
  var reached: UnsafeMutablePointer<Int>
  /// The least demerits of any node made in this pass (a bound for those still active).
  var leastDemerits = 0.0
  /// The items have breaks inside addresses, and whether this pass may use them.
  let hasAddressBreaks: Bool
  var allowsAddressBreaks = false
  /// Whether the final passes may stop a scan early (off only to check that it is exact).
  var allowsPruning = true

  init(items: [LineItem], widths: LineWidths) {
    self.items = items
    self.widths = widths
    sums = [Sums](unsafeUninitializedCapacity: items.count + 1) { sums, initialized in
      var width = 0.0
      var stretch = 0.0
      var shrink = 0.0
      sums[0] = Sums(width: 0, stretch: 0, shrink: 0)
      items.withUnsafeBufferPointer { items in
        for (i, item) in items.enumerated() {
          if item.kind != .penalty { width += item.width }
          stretch += item.stretch
          shrink += item.shrink
          sums[i + 1] = Sums(width: width, stretch: stretch, shrink: shrink)
        }
      }
      initialized = items.count + 1
    }
    hasAddressBreaks = items.contains {
      $0.kind == .penalty && $0.penalty == KnuthPlass.addressPenalty
    }
    active = .allocate(capacity: capacity)
    candidates = .allocate(capacity: capacity)
    classes = .allocate(capacity: 4)
    reached = .allocate(capacity: 5)
    reached.initialize(repeating: 0, count: 5)
    for fitness in 0..<4 {
      (classes + fitness).initialize(
        to: Candidate(
          line: 0, fitness: fitness, demerits: 0, ratio: 0, from: 0, nextLine: 0, isPresent: false))
    }
  }

  deinit {
    active.deallocate()
    candidates.deallocate()
    classes.deallocate()
    reached.deallocate()
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

  /// Room after `end` for as many new nodes as there are live ones (each adds at most one
  /// candidate, then one node), and for as many candidates.
  @inline(__always)
  mutating func reserve() {
    if end + (end - head) > capacity { makeRoom() }
  }

  mutating func makeRoom() {
    let count = end - head
    if 2 * count <= capacity {
      active.update(from: active + head, count: count)
    } else {
      let grown = max(2 * count, 2 * capacity)
      let moved = UnsafeMutablePointer<Active>.allocate(capacity: grown)
      moved.initialize(from: active + head, count: count)
      active.deallocate()
      active = moved
      candidates.deallocate()
      candidates = .allocate(capacity: grown)
      capacity = grown
    }
    head = 0
    end = count
  }

  /// Appends an active node for a break at `position` after which line `line` starts.
  mutating func activate(
    position: Int, line: Int, fitness: Int, demerits: Double, ratio: Double, previous: Int
  ) {
    let start = position < 0 ? 0 : lineStart(after: position)
    let flagged = position >= 0 && items[position].isFlagged && items[position].kind == .penalty
    active[end] = Active(
      width: sums[start].width, stretch: sums[start].stretch, shrink: sums[start].shrink,
      target: widths.width(of: line), demerits: demerits, line: Int32(line),
      node: Int32(nodes.count), fitness: Int8(fitness), flagged: flagged)
    nodes.append(Node(position: position, ratio: ratio, previous: previous))
    leastDemerits = min(leastDemerits, demerits)
    end += 1
  }

  mutating func run(tolerance: Double, emergencyStretch: Double) -> [LineBreak]? {
    // The final passes rate every line that fits: the scan stops instead when no line
    // from here on along `active` can come within reach of the best candidate. The first
    // pass gets its own copy of the loop, without that test.
    if allowsPruning, tolerance.isInfinite, widths.first.count <= 1, isMonotone {
      return search(tolerance: tolerance, emergencyStretch: emergencyStretch, prunes: true)
    }
    return search(tolerance: tolerance, emergencyStretch: emergencyStretch, prunes: false)
  }

  /// No item has a negative width or stretch: the running sums only grow, so along
  /// `active` lines only get looser, exactly, rounding included.
  var isMonotone: Bool {
    items.allSatisfy { ($0.kind == .penalty || $0.width >= 0) && $0.stretch >= 0 }
  }

  /// Finds the best breaks; `prunes` is an argument that inlining makes constant.
  @inline(__always)
  mutating func search(tolerance: Double, emergencyStretch: Double, prunes: Bool)
    -> [LineBreak]?
  {
    nodes.removeAll(keepingCapacity: true)
    head = 0
    end = 0
    leastDemerits = 0
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
      case .penalty:
        isLegal =
          item.penalty < KnuthPlass.infinitePenalty
          && (allowsAddressBreaks || item.penalty != KnuthPlass.addressPenalty)
      }
      guard isLegal else { continue }
      let isPenalty = item.kind == .penalty
      let forced = isPenalty && item.penalty <= -KnuthPlass.infinitePenalty
      // What the break itself costs, the same for every line ending here.
      var penaltyDemerits = 0.0
      if isPenalty {
        if item.penalty == KnuthPlass.addressPenalty {
          penaltyDemerits = pow2(KnuthPlass.addressBreakCost)
        } else if item.penalty >= 0 {
          penaltyDemerits = pow2(item.penalty)
        } else if !forced {
          penaltyDemerits = -pow2(item.penalty)
        }
      }
      let flaggedHere = isPenalty && item.isFlagged
      // Each active node adds at most one candidate, then one node.
      reserve()
      let active = self.active
      let candidates = self.candidates
      let classes = self.classes
      let reached = self.reached
      let lastOrder = end - 1
      // The sums up to this breakpoint, once: each active node subtracts its own.
      let here = sums[b]
      let widthHere = here.width
      let penaltyWidth = isPenalty ? item.width : 0
      let stretchHere = here.stretch
      let shrinkHere = here.shrink
      // Survivors so far, and where the next one goes.
      var kept = 0
      var write = head
      var candidateCount = 0
      // The least demerits of a candidate so far (kept only when `prunes`).
      var best = Double.infinity
      for f in 0..<4 { classes[f].isPresent = false }
      var order = head
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
        // A line with nothing on it (a blank line, `<br/><br/>`) ends at a forced break with
        // no glue at all: its fill glue went with the break before it. It is as good as any
        // ragged line, not infinitely bad: rated so, it made the first pass fail and the
        // badness of 10¹² that the final pass gave it swamped (in floating point) every
        // difference between the lines after it.
        let isEmpty = forced && natural == 0 && stretch == 0
        if natural < target && !isEmpty {
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
          if write != order { active[write] = node }
          write += 1
          kept += 1
        } else if kept == 0 {
          head = order + 1
          write = head
        }
        // Knuth & Plass's sums only grow: a line from a later breakpoint is shorter with
        // less stretch, so looser still. Past a line too loose for the tolerance, those
        // stay active, infeasible.
        var stops = false
        if uniform, !feasible, !forced, natural < target, badness > tolerance, node.line > 0 {
          stops = true
        } else if prunes, !forced, candidateCount > 0, natural < target, node.line > 0 {
          // No tolerance: the later lines' demerits are at least this line's cost, the
          // break's penalty and the least demerits of any node. Past the best candidate
          // by more than the fitness demerits (and rounding), none of them becomes a node,
          // so rating them would change nothing.
          let least =
            pow2(KnuthPlass.linePenalty + (badness.isFinite ? badness : cap)) + penaltyDemerits
            + leastDemerits
          stops = least > best + KnuthPlass.fitnessDemerits + 1e-9 * (abs(least) + abs(best)) + 1
        }
        if stops {
          order += 1
          if write < order {
            (active + write).update(from: active + order, count: lastOrder + 1 - order)
          }
          write += lastOrder + 1 - order
          break
        }
        order += 1
        guard feasible else { continue }
        // Branch-free from here: fitness classes and the cheaper candidate are data
        // the processor cannot predict.
        let fitness = (rated < -0.5 ? 0 : 1) + (rated <= 0.5 ? 0 : 1) + (rated <= 1 ? 0 : 1)
        var demerits = pow2(KnuthPlass.linePenalty + (badness.isFinite ? badness : cap))
        if isPenalty {
          demerits += penaltyDemerits
          if flaggedHere, node.flagged { demerits += KnuthPlass.flaggedDemerits }
        }
        // Adding zero leaves the (positive) demerits exactly as they were.
        demerits += abs(fitness - Int(node.fitness)) > 1 ? KnuthPlass.fitnessDemerits : 0
        demerits += node.demerits
        if prunes { best = min(best, demerits) }
        if uniform {
          // The line class is the same for all: the slot is the fitness class.
          let slot = classes + fitness
          let isPresent = slot.pointee.isPresent
          let better = !isPresent || demerits < slot.pointee.demerits
          // A class reached for the first time keeps its place in `reached`.
          reached[candidateCount] = fitness
          candidateCount += isPresent ? 0 : 1
          slot.pointee.isPresent = true
          slot.pointee.demerits = better ? demerits : slot.pointee.demerits
          slot.pointee.ratio = better ? ratio : slot.pointee.ratio
          slot.pointee.from = better ? node.node : slot.pointee.from
          slot.pointee.nextLine = better ? node.line + 1 : slot.pointee.nextLine
          continue
        }
        let lineClass = min(Int(node.line) + 1, lineClassLimit)
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
          line: lineClass, fitness: fitness, demerits: demerits, ratio: ratio, from: node.node,
          nextLine: node.line + 1, isPresent: true)
      }
      end = write
      if candidateCount > 0 {
        var best = Double.infinity
        for c in 0..<candidateCount {
          best = min(best, (uniform ? classes[reached[c]] : candidates[c]).demerits)
        }
        // Every line after a forced break starts from a node made here, so the demerits
        // so far are common to all of them: subtracting them keeps the lines after it as
        // exactly rated as those of a paragraph of their own, however bad a line before.
        let common = forced ? best : 0
        for c in 0..<candidateCount {
          let candidate = uniform ? classes[reached[c]] : candidates[c]
          guard candidate.demerits <= best + KnuthPlass.fitnessDemerits else { continue }
          activate(
            position: b, line: Int(candidate.nextLine), fitness: candidate.fitness,
            demerits: candidate.demerits - common, ratio: candidate.ratio,
            previous: Int(candidate.from))
        }
      }
      if end == head { return nil }
    }
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

private func pow2(_ x: Double) -> Double { x * x }

private func pow3(_ x: Double) -> Double { x * x * x }
