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

  /// The final passes, when the first finds no way to break within the tolerance.
  private mutating func final() -> [LineBreak] {
    guard let plain = run(tolerance: .infinity, emergencyStretch: 0) else {
      return breakLinesFirstFit(items, widths: widths)
    }
    let emergency = widths.rest * KnuthPlass.emergencyStretch
    guard let stretched = run(tolerance: .infinity, emergencyStretch: emergency) else {
      return plain
    }
    return worstRatio(stretched) < worstRatio(plain) ? stretched : plain
  }

  /// One pass: the best breaks with every line's badness within `tolerance`, or nil.
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
  private var isMonotone: Bool {
    items.allSatisfy { ($0.kind == .penalty || $0.width >= 0) && $0.stretch >= 0 }
  }
}

/// The largest |r| of the lines before the last (which is ragged).
private func worstRatio(_ breaks: [LineBreak]) -> Double {
  breaks.dropLast().reduce(0) { max($0, abs($1.ratio)) }
}
