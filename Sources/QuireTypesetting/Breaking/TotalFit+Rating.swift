extension TotalFit {
  /// What one pass holds constant: the tolerance, the emergency stretch and how the scan
  /// may stop early.
  struct Pass {
    /// The largest badness of a feasible line (infinite in the final passes).
    var tolerance: Double
    /// Stretch imagined on every line when rating it (TeX's `\emergencystretch`).
    var emergencyStretch: Double
    /// Every line after the first has the same width (one line class).
    var uniform: Bool
    /// Whether the scan may stop where no later line can beat the best candidate.
    var prunes: Bool

    /// The final pass keeps badness uncapped (to 10¹²) so that very loose lines still rank.
    var cap: Double { tolerance.isInfinite ? 1e12 : 10_000 }

    /// A line from `node` ending at `breakpoint`, whose running sums are `here`: its
    /// natural width against its target, the ratio it is set with, the ratio it is rated
    /// by (the emergency stretch counted) and its badness, 100|r|³ capped at `cap`.
    @inline(__always)
    func rate(from node: Active, to here: Sums, at breakpoint: Breakpoint) -> LineRating {
      var natural = here.width - node.width
      if breakpoint.width != 0 { natural += breakpoint.width }
      let stretch = here.stretch - node.stretch
      let shrink = here.shrink - node.shrink
      let target = node.target
      var ratio: Double
      var rated: Double
      // A line with nothing on it (a blank line, `<br/><br/>`) ends at a forced break with
      // no glue at all: its fill glue went with the break before it. It is as good as any
      // ragged line, not infinitely bad: rated so, it made the first pass fail and the
      // badness of 10¹² that the final pass gave it swamped (in floating point) every
      // difference between the lines after it.
      let isEmpty = breakpoint.isForced && natural == 0 && stretch == 0
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
      return LineRating(
        natural: natural, target: target, ratio: ratio, rated: rated, badness: badness)
    }

    /// Whether the scan along the active nodes can stop after `line` (from `node`): no
    /// line from a later node, shorter with less stretch and so looser still, can become
    /// a node at this breakpoint.
    ///
    /// With uniform widths, past a line too loose for the tolerance the later ones stay
    /// active, infeasible. Without a tolerance (`prunes`), the later lines' demerits are
    /// at least this line's cost, the break's and the least demerits of any node: past
    /// the best candidate (`best`) by more than the fitness demerits (and rounding), none
    /// becomes a node, so rating them would change nothing.
    @inline(__always)
    func endsScan(
      after line: LineRating, from node: Active, feasible: Bool, at breakpoint: Breakpoint,
      hasCandidates: Bool, best: Double, leastDemerits: Double
    ) -> Bool {
      guard !breakpoint.isForced, line.natural < line.target, node.line > 0 else { return false }
      if uniform, !feasible, line.badness > tolerance { return true }
      guard prunes, hasCandidates else { return false }
      let least =
        pow2(KnuthPlass.linePenalty + (line.badness.isFinite ? line.badness : cap))
        + breakpoint.demerits + leastDemerits
      return least > best + KnuthPlass.fitnessDemerits + 1e-9 * (abs(least) + abs(best)) + 1
    }

    /// The demerits of reaching `breakpoint` by `line` from `node` (Knuth & Plass §2):
    /// (line penalty + badness)², the break's own, a second flagged break in a row and
    /// fitness classes more than one apart, on top of the node's.
    @inline(__always)
    func demerits(
      of line: LineRating, fitness: Int, from node: Active, at breakpoint: Breakpoint
    ) -> Double {
      // Branch-free: fitness classes and flags are data the processor cannot predict.
      var demerits = pow2(KnuthPlass.linePenalty + (line.badness.isFinite ? line.badness : cap))
      if breakpoint.isPenalty {
        demerits += breakpoint.demerits
        if breakpoint.isFlagged, node.flagged { demerits += KnuthPlass.flaggedDemerits }
      }
      // Adding zero leaves the (positive) demerits exactly as they were.
      demerits += abs(fitness - Int(node.fitness)) > 1 ? KnuthPlass.fitnessDemerits : 0
      return demerits + node.demerits
    }
  }

  /// A legal breakpoint as every line ending there sees it.
  struct Breakpoint {
    var isPenalty: Bool
    /// A forced break (a paragraph's end, a line break): no line goes past it.
    var isForced: Bool
    /// A flagged penalty (a hyphen): two in a row cost `flaggedDemerits`.
    var isFlagged: Bool
    /// The penalty's own width (its hyphen's) at the end of the line; 0 at glue.
    var width: Double
    /// What the break itself costs: its penalty squared (negative for a negative one),
    /// 0 at glue or a forced break, `addressBreakCost`² inside an address.
    var demerits: Double
  }

  /// The item at `b` as a breakpoint, or nil when no line may end there: glue right after
  /// a box, or a penalty below +∞ (one inside an address only when this pass allows it).
  @inline(__always)
  func breakpoint(at b: Int) -> Breakpoint? {
    let item = items[b]
    switch item.kind {
    case .box: return nil
    case .glue:
      guard b > 0 && items[b - 1].kind == .box else { return nil }
      return Breakpoint(isPenalty: false, isForced: false, isFlagged: false, width: 0, demerits: 0)
    case .penalty:
      guard
        item.penalty < KnuthPlass.infinitePenalty
          && (allowsAddressBreaks || item.penalty != KnuthPlass.addressPenalty)
      else { return nil }
      let forced = item.penalty <= -KnuthPlass.infinitePenalty
      var demerits = 0.0
      if item.penalty == KnuthPlass.addressPenalty {
        demerits = pow2(KnuthPlass.addressBreakCost)
      } else if item.penalty >= 0 {
        demerits = pow2(item.penalty)
      } else if !forced {
        demerits = -pow2(item.penalty)
      }
      return Breakpoint(
        isPenalty: true, isForced: forced, isFlagged: item.isFlagged, width: item.width,
        demerits: demerits)
    }
  }

  /// A line from an active node to a breakpoint, measured and rated.
  struct LineRating {
    var natural: Double
    var target: Double
    /// The adjustment ratio the line is set with.
    var ratio: Double
    /// The ratio with the emergency stretch counted: what badness and fitness go by.
    var rated: Double
    var badness: Double

    /// Knuth & Plass's fitness class: 0 tight, 1 decent, 2 loose, 3 very loose.
    @inline(__always)
    var fitness: Int {
      (rated < -0.5 ? 0 : 1) + (rated <= 0.5 ? 0 : 1) + (rated <= 1 ? 0 : 1)
    }

    /// Taken overfull as the final pass's last resort (TeX's artificial demerits): set as
    /// tight as a line can be.
    @inline(__always)
    mutating func acceptOverfull() {
      ratio = -1
      rated = -1
    }
  }
}

@inline(__always)
func pow2(_ x: Double) -> Double { x * x }

@inline(__always)
func pow3(_ x: Double) -> Double { x * x * x }
