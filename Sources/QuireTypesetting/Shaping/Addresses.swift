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
    var candidate = false
    for i in range where units[i] == 0x40 || units[i] == 0x2F || units[i] | 0x20 == 0x77 {
      if units[i] != 0x77 && units[i] != 0x57 {
        candidate = true
        break
      }
      if i + 3 < range.upperBound, units[i + 1] | 0x20 == 0x77, units[i + 2] | 0x20 == 0x77,
        units[i + 3] == 0x2E
      {
        candidate = true
        break
      }
    }
    guard candidate else { return [] }
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
}
