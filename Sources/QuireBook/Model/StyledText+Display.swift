extension StyledText {
  /// The UTF-16 units layout draws: the text with each run's `textTransform` applied.
  ///
  /// The stored string keeps the book's letters (search, copy and `quire cat` use it);
  /// only what is drawn changes. A letter changes only where its other case is one
  /// scalar of the same UTF-16 length ("ß" stays "ß" in capitals), so every offset of
  /// the text is an offset of the drawn text too.
  /// - Complexity: O(n) in the text's length; the text's own units when no run transforms.
  package var displayUnits: [UInt16] {
    var units = string.utf16Units
    let transformed = runs.filter { $0.value.textTransform != nil }
    guard !transformed.isEmpty else { return units }
    for run in transformed {
      guard let transform = run.value.textTransform else { continue }
      let range = max(0, run.range.lowerBound)..<min(units.count, run.range.upperBound)
      var index = range.lowerBound
      while index < range.upperBound {
        let width = UTF16.isLeadSurrogate(units[index]) && index + 1 < units.count ? 2 : 1
        defer { index += width }
        guard width == 1, let scalar = Unicode.Scalar(units[index]) else { continue }
        let changed: String
        switch transform {
        case .uppercase: changed = String(scalar).uppercased()
        case .lowercase: changed = String(scalar).lowercased()
        case .capitalize:
          guard Self.startsWord(at: index, units), scalar.properties.isAlphabetic else { continue }
          changed = String(scalar).uppercased()
        }
        let changedUnits = Array(changed.utf16)
        if changedUnits.count == 1 { units[index] = changedUnits[0] }
      }
    }
    return units
  }

  /// Whether the unit at `index` begins a word: the text's start, or after a space, a
  /// line break or an opening bracket or quotation mark.
  private static func startsWord(at index: Int, _ units: [UInt16]) -> Bool {
    guard index > 0, let previous = Unicode.Scalar(units[index - 1]) else { return true }
    if previous.properties.isWhitespace { return true }
    switch previous.properties.generalCategory {
    case .openPunctuation, .initialPunctuation: return true
    default: return false
    }
  }
}
