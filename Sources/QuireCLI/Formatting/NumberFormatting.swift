extension Int {
  /// The number with thousands separators: 1234567 → "1,234,567" (locale-independent,
  /// so output is the same everywhere).
  var grouped: String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return self < 0 ? "-" + result : result
  }
}

extension Double {
  /// The number without a needless fraction: 2 → "2", 0.5 → "0.5", 1.25 → "1.25".
  var compact: String {
    if self == rounded() && abs(self) < 1e15 { return String(Int(self)) }
    var text = String((self * 1000).rounded() / 1000)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
