extension LineBreakRules {
  /// Outcomes of the reference analysis for a string of code points: one `Opportunity` raw
  /// value per code point (the one after its last UTF-16 unit).
  typealias Reference = ([UInt32]) -> [UInt8]

  /// Builds the rules by asking the reference (libunibreak) how each pair of classes breaks.
  ///
  /// The pair table is not copied from anywhere: for every two pair-table classes the
  /// reference analyses "AB" (a direct break?) and "A B" (a break after spaces?), using a
  /// representative character of each class. A class outside the pair table (AI, SA, XX…)
  /// resolves to the pair class it behaves exactly like in every pair, or to `unsupported`.
  /// - Complexity: about 2 000 short reference calls.
  convenience init(overrides: [ClassRange], defaults: [ClassRange], probing reference: Reference) {
    let identity = (0..<UInt8(LineBreakClass.count)).map { $0 }
    let unresolved = LineBreakRules(
      overrides: overrides, defaults: defaults, resolution: identity,
      pairs: [PairEntry](repeating: 0, count: Self.stride * Self.stride))
    let representatives = unresolved.representatives()
    let space: UInt32 = 0x20
    let paired = 1...LineBreakClass.lastPaired

    var pairs = [PairEntry](repeating: 0, count: Self.stride * Self.stride)
    for before in paired {
      guard let a = representatives[Int(before)] else { continue }
      for after in paired {
        guard let b = representatives[Int(after)] else { continue }
        let direct = reference([a, b])[0]
        let spaced = reference([a, space, b])[1]
        guard (1...2).contains(direct), (1...2).contains(spaced) else { continue }
        let none = LineBreakAnalyzer.Opportunity.none.rawValue
        let keepsBase = after == LineBreakClass.cm && spaced == none ? Self.keepsBase : 0
        pairs[Int(before) * Self.stride + Int(after)] = direct | spaced << 2 | keepsBase
      }
    }

    var resolution = identity
    // libunibreak 1.1 aborts on a regional indicator after another character (RI is not in
    // its pair table), so it cannot be probed: flags break like ideographs (UAX #14 LB31),
    // and the two indicators of one flag stay together (LB30a).
    let ri = Int(LineBreakClass.ri)
    let id = Int(LineBreakClass.id)
    for other in 0..<Self.stride {
      pairs[ri * Self.stride + other] = pairs[id * Self.stride + other]
      pairs[other * Self.stride + ri] = pairs[other * Self.stride + id]
    }
    let none = LineBreakAnalyzer.Opportunity.none.rawValue
    let allowed = LineBreakAnalyzer.Opportunity.allowed.rawValue
    pairs[ri * Self.stride + ri] = none | allowed << 2
    for raw in LineBreakClass.resolvable {
      resolution[Int(raw)] = LineBreakClass.unsupported
      guard let x = representatives[Int(raw)] else { continue }
      // Likely answers first; the first exact match wins.
      let candidates =
        [LineBreakClass.al, LineBreakClass.id] + paired.filter { $0 != LineBreakClass.al }
      for candidate in candidates {
        guard let p = representatives[Int(candidate)] else { continue }
        let same = paired.allSatisfy { other in
          guard let q = representatives[Int(other)] else { return true }
          return reference([q, x]) == reference([q, p])
            && reference([q, space, x]) == reference([q, space, p])
            && reference([x, q]) == reference([p, q])
            && reference([x, space, q]) == reference([p, space, q])
        }
        if same {
          resolution[Int(raw)] = candidate
          break
        }
      }
    }
    self.init(overrides: overrides, defaults: defaults, resolution: resolution, pairs: pairs)
  }

  /// A code point of each raw class (with the language ranges applied), indexed by class:
  /// BMP first; a lone trail surrogate for SG.
  func representatives() -> [UInt32?] {
    var found = [UInt32?](repeating: nil, count: LineBreakClass.count)
    found[Int(LineBreakClass.sg)] = 0xDC00
    for unit in UInt32(0)...0xFFFF where !(0xD800...0xDFFF).contains(unit) && unit != 0xFFFF {
      let lineBreakClass = Int(rawClass(of: unit))
      if found[lineBreakClass] == nil { found[lineBreakClass] = unit }
    }
    for range in overrides + defaults where range.end > 0xFFFF {
      let scalar = max(range.start, 0x10000)
      let lineBreakClass = Int(rawClass(of: scalar))
      if found[lineBreakClass] == nil { found[lineBreakClass] = scalar }
    }
    found[0] = nil
    return found
  }
}
