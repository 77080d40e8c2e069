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
/// that the early stops change no break.
///
/// The passes are in `TotalFit+Passes.swift`; one pass's scan over the breakpoints in
/// `TotalFit+Search.swift`, which classifies each item (`TotalFit+Rating.swift`: is it a
/// legal breakpoint, what does a line ending there cost) and keeps the best ways to reach
/// it (`TotalFit+Candidates.swift`) as the active nodes of the next breakpoints.
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

/// One paragraph's items and widths with the scratch of its passes: the running sums,
/// the active nodes, the nodes made so far and the candidates of a breakpoint.
struct TotalFit: ~Copyable {
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
    // About one node for every seven items: room for them all at once, rather than
    // growing the array three or four times a paragraph.
    nodes.reserveCapacity(items.count / 4 + 16)
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
}
