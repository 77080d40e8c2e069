/// File names in the order a person reads them: runs of digits compare by their value, so
/// "page2.jpg" comes before "page10.jpg"; letters compare without case.
enum NaturalOrder {
  /// Whether `a` comes before `b`.
  /// - Complexity: O(n) in the names' lengths.
  static func precedes(_ a: String, _ b: String) -> Bool {
    var left = a.unicodeScalars[...]
    var right = b.unicodeScalars[...]
    while let l = left.first, let r = right.first {
      let lDigit = isDigit(l)
      let rDigit = isDigit(r)
      if lDigit && rDigit {
        let lRun = left.prefix(while: isDigit)
        let rRun = right.prefix(while: isDigit)
        let lValue = lRun.drop { $0 == "0" }
        let rValue = rRun.drop { $0 == "0" }
        if lValue.count != rValue.count { return lValue.count < rValue.count }
        if !lValue.elementsEqual(rValue) { return lValue.lexicographicallyPrecedes(rValue) }
        left = left.dropFirst(lRun.count)
        right = right.dropFirst(rRun.count)
        continue
      }
      let lFolded = folded(l)
      let rFolded = folded(r)
      if lFolded != rFolded { return lFolded < rFolded }
      left = left.dropFirst()
      right = right.dropFirst()
    }
    if left.isEmpty != right.isEmpty { return left.isEmpty }
    return a < b
  }

  /// `names` sorted naturally.
  static func sorted(_ names: [String]) -> [String] {
    names.sorted(by: precedes)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }

  private static func folded(_ scalar: Unicode.Scalar) -> UInt32 {
    scalar.value >= 0x41 && scalar.value <= 0x5A ? scalar.value + 0x20 : scalar.value
  }
}
