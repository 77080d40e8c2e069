extension TotalFit {
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

  /// The candidates of one breakpoint: the least demerits by which it is reached for each
  /// line class and fitness class (Knuth & Plass keep one node per class), in the order
  /// the classes were first reached.
  ///
  /// With uniform widths the line class is the same for every node, and a class's slot is
  /// its fitness (`classes`); else they are searched for in `candidates`. The storage is
  /// `TotalFit`'s: made again for each breakpoint, after `reserve()`.
  struct CandidateSlots {
    let uniform: Bool
    let lineClassLimit: Int
    let classes: UnsafeMutablePointer<Candidate>
    let reached: UnsafeMutablePointer<Int>
    let candidates: UnsafeMutablePointer<Candidate>
    /// Classes reached so far.
    private(set) var count = 0

    @inline(__always)
    init(_ fit: borrowing TotalFit, uniform: Bool) {
      self.uniform = uniform
      lineClassLimit = fit.widths.first.count
      classes = fit.classes
      reached = fit.reached
      candidates = fit.candidates
      for f in 0..<4 { classes[f].isPresent = false }
    }

    /// The `c`th class reached.
    @inline(__always)
    subscript(c: Int) -> Candidate { uniform ? classes[reached[c]] : candidates[c] }

    /// Keeps a line from `node` with `demerits` when it is the first or the cheapest of
    /// its class so far.
    @inline(__always)
    mutating func offer(demerits: Double, ratio: Double, fitness: Int, from node: Active) {
      if uniform {
        // Branch-free: whether the class is new and the line cheaper are data the
        // processor cannot predict.
        let slot = classes + fitness
        let isPresent = slot.pointee.isPresent
        let better = !isPresent || demerits < slot.pointee.demerits
        // A class reached for the first time keeps its place in `reached`.
        reached[count] = fitness
        count += isPresent ? 0 : 1
        slot.pointee.isPresent = true
        slot.pointee.demerits = better ? demerits : slot.pointee.demerits
        slot.pointee.ratio = better ? ratio : slot.pointee.ratio
        slot.pointee.from = better ? node.node : slot.pointee.from
        slot.pointee.nextLine = better ? node.line + 1 : slot.pointee.nextLine
        return
      }
      let lineClass = min(Int(node.line) + 1, lineClassLimit)
      var c = 0
      while c < count {
        if candidates[c].line == lineClass && candidates[c].fitness == fitness { break }
        c += 1
      }
      if c == count {
        count += 1
      } else if !(demerits < candidates[c].demerits) {
        return
      }
      candidates[c] = Candidate(
        line: lineClass, fitness: fitness, demerits: demerits, ratio: ratio, from: node.node,
        nextLine: node.line + 1, isPresent: true)
    }
  }

  /// Makes active nodes at breakpoint `b` of the candidates within the fitness demerits
  /// of the best (a worse one could never win: the best reaches every later line as
  /// cheaply, but for a change of fitness class).
  mutating func activate(_ slots: CandidateSlots, at b: Int, forced: Bool) {
    guard slots.count > 0 else { return }
    var best = Double.infinity
    for c in 0..<slots.count { best = min(best, slots[c].demerits) }
    // Every line after a forced break starts from a node made here, so the demerits so
    // far are common to all of them: subtracting them keeps the lines after it as
    // exactly rated as those of a paragraph of their own, however bad a line before.
    let common = forced ? best : 0
    for c in 0..<slots.count {
      let candidate = slots[c]
      guard candidate.demerits <= best + KnuthPlass.fitnessDemerits else { continue }
      activate(
        position: b, line: Int(candidate.nextLine), fitness: candidate.fitness,
        demerits: candidate.demerits - common, ratio: candidate.ratio,
        previous: Int(candidate.from))
    }
  }
}
