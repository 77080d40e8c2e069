extension StatisticsCharts {
  /// A time as the charts say it: "0 min", "45 min", "1 h", "2 h 5 min".
  public static func duration(_ seconds: Double) -> String {
    let minutes = Int((max(0, seconds) / 60).rounded())
    if minutes < 60 { return "\(minutes) min" }
    let rest = minutes % 60
    return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(rest) min"
  }

  /// "1 page", "1,204 pages".
  static func count(_ value: Int, _ noun: String) -> String {
    "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
  }

  /// A whole number with thousands separated by commas.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (value < 0 ? "-" : "") + text
  }

  /// The top of a time scale: the first of 15, 30, 45 minutes, 1, 1½, 2, 3, 4, 6, 8, 12,
  /// 24 hours at or above `seconds` (an hour when nothing was read).
  static func timeScale(_ seconds: Double) -> Double {
    let steps: [Double] = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440]
    guard seconds > 0 else { return 3600 }
    return (steps.first { $0 * 60 >= seconds } ?? 1440) * 60
  }

  /// The top of a scale of counts: the first 1, 2 or 5 × 10ⁿ at or above `value` (10
  /// when there is nothing).
  static func numberScale(_ value: Double) -> Double {
    guard value > 0 else { return 10 }
    var magnitude = 1.0
    while true {
      for step in [1.0, 2, 5] where step * magnitude >= value { return step * magnitude }
      magnitude *= 10
    }
  }

  /// A script's name for a chart's title.
  static func scriptName(_ script: ReadingScript) -> String {
    let raw = script.rawValue
    return raw.prefix(1).uppercased() + raw.dropFirst()
  }

  /// The month (1…12) of a `yyyy-MM-dd` date.
  static func month(_ date: String) -> Int {
    let parts = date.split(separator: "-")
    return parts.count == 3 ? min(12, max(1, Int(parts[1]) ?? 1)) : 1
  }

  /// The day of the month of a `yyyy-MM-dd` date.
  static func dayOfMonth(_ date: String) -> Int {
    let parts = date.split(separator: "-")
    return parts.count == 3 ? Int(parts[2]) ?? 0 : 0
  }
}
