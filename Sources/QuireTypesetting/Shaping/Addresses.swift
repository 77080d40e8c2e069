/// URLs and e-mail addresses in a paragraph: the line breaker never breaks inside one
/// (seed 003), only at the spaces around it.
enum Addresses {
  /// Space-delimited tokens that look like URLs or e-mail addresses, as ranges of
  /// `units`, in order.
  /// - Complexity: O(n); one pass when the range has no "@", "/" or "www.".
  static func ranges(in range: Range<Int>, units: UnsafeBufferPointer<UInt16>)
    -> [Range<Int>]
  {
    // Most paragraphs have no "@", "/" or "www." at all: one cheap pass says so.
    guard mayHoldAddress(range, units) else { return [] }
    var found: [Range<Int>] = []
    var i = range.lowerBound
    while i < range.upperBound {
      while i < range.upperBound, units[i] == 0x20 || units[i] == 0x0A { i += 1 }
      let start = i
      var isAddress = false
      var previous: UInt16 = 0
      while i < range.upperBound, units[i] != 0x20 {
        let unit = units[i]
        if unit == 0x40 && previous != 0 { isAddress = true }  // name@host
        if unit == 0x2F && previous == 0x2F { isAddress = true }  // scheme://
        if unit == 0x2E, i - start == 3, units[start] | 0x20 == 0x77,
          units[start + 1] | 0x20 == 0x77,
          units[start + 2] | 0x20 == 0x77
        {
          isAddress = true  // www.
        }
        previous = unit
        i += 1
      }
      if isAddress { found.append(start..<i) }
    }
    return found
  }

  /// Whether `range` holds an "@", a "/" or a "www." (any case), read four units at a
  /// time: only a group holding one of "@", "/", "w" or "W" is looked at unit by unit.
  /// - Complexity: O(n).
  private static func mayHoldAddress(_ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>)
    -> Bool
  {
    guard let base = units.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0001_0001_0001_0001
    var i = range.lowerBound
    while i + 4 <= range.upperBound {
      let group = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self)
      let at = hasZeroUnit(group ^ (0x40 &* ones))
      let slash = hasZeroUnit(group ^ (0x2F &* ones))
      let w = hasZeroUnit((group | (0x20 &* ones)) ^ (0x77 &* ones))
      if at | slash | w != 0 {
        for j in i..<(i + 4) where startsAddress(j, range, units) { return true }
      }
      i += 4
    }
    while i < range.upperBound {
      if startsAddress(i, range, units) { return true }
      i += 1
    }
    return false
  }

  /// Non-zero when one of the four 16-bit units of `group` is zero (exact: a borrow
  /// only ever runs on from a zero unit).
  @inline(__always)
  private static func hasZeroUnit(_ group: UInt64) -> UInt64 {
    (group &- 0x0001_0001_0001_0001) & ~group & 0x8000_8000_8000_8000
  }

  /// Whether the unit at `i` is an "@" or a "/", or starts a "www.".
  @inline(__always)
  private static func startsAddress(
    _ i: Int, _ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>
  ) -> Bool {
    let unit = units[i]
    if unit == 0x40 || unit == 0x2F { return true }
    return unit | 0x20 == 0x77 && i + 3 < range.upperBound && units[i + 1] | 0x20 == 0x77
      && units[i + 2] | 0x20 == 0x77 && units[i + 3] == 0x2E
  }
}
