import Foundation

/// Calendar days as whole numbers (days since 1970-01-01 in a time zone), so that the
/// statistics group, count and step through days with arithmetic; weeks start on Monday
/// (ISO 8601).
struct StatisticsCalendar {
  let timeZone: TimeZone

  /// The day `date` falls on.
  func day(of date: Date) -> Int {
    let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
    return Int((seconds / 86_400).rounded(.down))
  }

  /// The Monday of `day`'s week (1970-01-01 was a Thursday).
  func monday(of day: Int) -> Int {
    let weekday = ((day + 3) % 7 + 7) % 7  // 0 on Monday
    return day - weekday
  }

  /// The first day of `day`'s month.
  func firstOfMonth(_ day: Int) -> Int {
    day - (parts(of: day).day - 1)
  }

  /// Year, month and day of month of `day`.
  func parts(of day: Int) -> (year: Int, month: Int, day: Int) {
    // Civil-from-days (Howard Hinnant's algorithm): exact for the proleptic Gregorian
    // calendar, with no time zone to get wrong.
    let z = day + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let dayOfMonth = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, dayOfMonth)
  }

  /// `yyyy-MM-dd` of `day`.
  func text(_ day: Int) -> String {
    let (year, month, dayOfMonth) = parts(of: day)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(dayOfMonth))"
  }
}
