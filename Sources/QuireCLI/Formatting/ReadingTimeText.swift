import Foundation

/// Dates and durations as the library commands print them: fixed formats, the same in
/// every locale, so output can be compared and parsed.
enum ReadingTimeText {
  /// "2026-05-01 14:03" in `timeZone`.
  static func date(_ date: Date, timeZone: TimeZone = .current) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  /// "2026-05-01" in `timeZone`.
  static func day(_ date: Date, timeZone: TimeZone = .current) -> String {
    String(self.date(date, timeZone: timeZone).prefix(10))
  }

  /// "3 h 12 min", "12 min", "40 s", "0 min".
  static func duration(_ seconds: TimeInterval) -> String {
    let total = Int(seconds.rounded())
    if total <= 0 { return "0 min" }
    if total < 60 { return "\(total) s" }
    let minutes = (total + 30) / 60
    return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
  }

  /// "42%" (rounded down, so 100% means finished) or "99.5%" with `decimals`.
  static func percent(_ fraction: Double, decimals: Int = 0) -> String {
    let clamped = min(max(fraction, 0), 1)
    guard decimals > 0 else { return "\(Int((clamped * 100).rounded(.down)))%" }
    let scale = pow(10, Double(decimals))
    let value = (clamped * 100 * scale).rounded(.down) / scale
    return String(format: "%.\(decimals)f%%", value)
  }
}
