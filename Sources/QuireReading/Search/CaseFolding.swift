/// Case folding for search: a scalar becomes the lowercase of its uppercase, which is
/// Unicode's full case folding for nearly every character (`ß` → `ss`, final `ς` → `σ`,
/// `ﬁ` → `fi`) without a data table of our own. Diacritics are kept: `é` never matches `e`.
///
/// ASCII and the scripts below U+3000 are answered from a table built once per process;
/// CJK ideographs, kana and Hangul have no case and are passed through without a lookup,
/// which keeps Chinese text on the fast path.
struct CaseFolding {
  /// Folds of the scalars below `tableLimit`: the folded scalar, or `multiple` when the
  /// fold has several scalars (then `slowFold` answers).
  private static let table: [UInt32] = (0..<tableLimit).map { value in
    let folded = foldedScalars(UInt32(value))
    return folded.count == 1 ? folded[0] : multiple
  }
  private static let tableLimit = 0x3000
  private static let multiple = UInt32.max

  /// Folds of rarer scalars met so far (above the table, or folding to several scalars).
  private var cache: [UInt32: [UInt32]] = [:]

  /// Appends the fold of `value` to `output`, each folded scalar with the source range
  /// `start..<end`.
  @inline(__always)
  mutating func fold(_ value: UInt32, from start: Int, to end: Int, into output: inout FoldedText) {
    if value < 0x80 {
      let lower = value &- 0x41 < 26 ? value | 0x20 : value
      output.append(lower, from: start, to: end)
      return
    }
    if value < Self.tableLimit {
      let folded = Self.table[Int(value)]
      if folded != Self.multiple {
        output.append(folded, from: start, to: end)
        return
      }
    } else if Self.hasNoCase(value) {
      output.append(value, from: start, to: end)
      return
    }
    for scalar in slowFold(value) { output.append(scalar, from: start, to: end) }
  }

  /// Blocks without case (CJK, kana, Hangul, Yi, private use, …): no lookup needed.
  @inline(__always)
  private static func hasNoCase(_ value: UInt32) -> Bool {
    (0x3000..<0xA640).contains(value) || (0xAC00..<0xFB00).contains(value)
      || value >= 0x20000
  }

  private mutating func slowFold(_ value: UInt32) -> [UInt32] {
    if let folded = cache[value] { return folded }
    let folded = Self.foldedScalars(value)
    cache[value] = folded
    return folded
  }

  /// The lowercase of the uppercase of a scalar, as scalar values.
  private static func foldedScalars(_ value: UInt32) -> [UInt32] {
    guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else {
      return [value]
    }
    let folded = scalar.properties.uppercaseMapping.lowercased()
    return folded.unicodeScalars.map(\.value)
  }
}
