public import QuireReading

extension StatisticsCharts {
  /// The charts of `report`.
  public init(report: StatisticsReport) {
    isEmpty = report.overall.sessions == 0
    periods = report.periods.map { period in
      let label =
        switch period.name {
        case "today": "Today"
        case "week": "This week"
        default: "This month"
        }
      return Figure(label: label, value: Self.summary(period.totals))
    }
    var totals = [
      Figure(
        label: "All reading",
        value: Self.summary(report.overall)
          + " · \(report.overall.books) book\(report.overall.books == 1 ? "" : "s")"
          + " · \(report.overall.days) day\(report.overall.days == 1 ? "" : "s")"),
      Figure(
        label: "Days in a row",
        value: "\(report.currentStreak) now · \(report.longestStreak) at most"),
    ]
    if !report.speedByScript.isEmpty {
      totals.append(
        Figure(
          label: "Speed",
          value: report.speedByScript.map {
            "\(Self.grouped(Int($0.charactersPerMinute.rounded()))) characters a minute"
              + (report.speedByScript.count > 1 ? " (\(Self.name($0.script)))" : "")
          }.joined(separator: " · ")))
    }
    self.totals = totals
    calendar = Self.heatMap(report)
    let recent = Array(report.days.suffix(Self.barDays))
    let first = recent.first.map { Self.dayLabel($0.date) } ?? ""
    timePerDay = Bars(
      title: "Time a day, the last \(Self.barDays) days",
      values: recent.map { $0.timeRead / 60 },
      maximumLabel: Self.duration(recent.map(\.timeRead).max() ?? 0), firstLabel: first,
      lastLabel: "today")
    pagesPerDay = Bars(
      title: "Pages a day, the last \(Self.barDays) days", values: recent.map { Double($0.pages) },
      maximumLabel: "\(recent.map(\.pages).max() ?? 0) pages", firstLabel: first,
      lastLabel: "today")
    speed = Self.speedLine(report)
    books = report.books.map { book in
      let finished = (book.progress ?? 0) >= 0.995
      return BookRow(
        title: book.title, time: Self.duration(book.totals.timeRead),
        sessions: book.totals.sessions, pages: book.totals.pages,
        percent: book.progress.map { "\(Int(($0 * 100).rounded(.down)))%" } ?? "–",
        finish: finished ? "finished" : book.expectedFinish.map(Self.dayLabel) ?? "–")
    }
  }

  /// The calendar's weeks from the report's days (which start on a Monday).
  private static func heatMap(_ report: StatisticsReport) -> HeatMap {
    var weeks: [[Int?]] = []
    var months: [Int: String] = [:]
    var lastMonth = ""
    for (index, day) in report.days.enumerated() {
      if index % 7 == 0 { weeks.append([]) }
      weeks[weeks.count - 1].append(level(ofSeconds: day.timeRead))
      let month = String(day.date.dropFirst(5).prefix(2))
      if month != lastMonth {
        // A month is named over the week it starts in (the first week only if it starts
        // the month, so a label never sits over another month's days).
        if index > 0 || day.date.hasSuffix("-01") {
          months[weeks.count - 1] = monthName(month)
        }
        lastMonth = month
      }
    }
    if let last = weeks.indices.last {
      weeks[last] += Array(repeating: nil, count: 7 - weeks[last].count)
    }
    return HeatMap(
      title: "Days read, the last \(weeks.count) weeks", weeks: weeks, months: months,
      legend: ["not read", "under 15 min", "under 30 min", "under an hour", "an hour or more"])
  }

  /// The speed week by week in the script read most.
  private static func speedLine(_ report: StatisticsReport) -> Line {
    let weeks = stride(from: 0, to: report.days.count, by: 7).map { report.days[$0].date }
    var values: [Double?] = Array(repeating: nil, count: weeks.count)
    let index = Dictionary(uniqueKeysWithValues: weeks.enumerated().map { ($1, $0) })
    for point in report.speed where point.script == report.mainScript {
      if let week = index[point.week] { values[week] = point.charactersPerMinute }
    }
    let known = values.compactMap { $0 }
    let script = report.mainScript.map { " (\(name($0)))" } ?? ""
    return Line(
      title: "Characters a minute, week by week\(script)", values: values,
      minimumLabel: grouped(Int((known.min() ?? 0).rounded())),
      maximumLabel: grouped(Int((known.max() ?? 0).rounded())),
      firstLabel: weeks.first.map(dayLabel) ?? "", lastLabel: "this week")
  }

  /// "25 min · 14 pages".
  static func summary(_ totals: StatisticsReport.Totals) -> String {
    "\(duration(totals.timeRead)) · \(grouped(totals.pages)) page\(totals.pages == 1 ? "" : "s")"
  }

  /// A time read: "0 min", "25 min", "2 h 5 min".
  public static func duration(_ seconds: Double) -> String {
    let minutes = Int((seconds / 60).rounded())
    if minutes < 60 { return "\(minutes) min" }
    let rest = minutes % 60
    return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(rest) min"
  }

  /// "Mar 3" for `2026-03-03`.
  static func dayLabel(_ date: String) -> String {
    let parts = date.split(separator: "-")
    guard parts.count == 3, let day = Int(parts[2]) else { return date }
    return "\(monthName(String(parts[1]))) \(day)"
  }

  static func monthName(_ month: String) -> String {
    let names = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    guard let number = Int(month), (1...12).contains(number) else { return month }
    return names[number - 1]
  }

  /// A script as a reader calls it.
  static func name(_ script: ReadingScript) -> String {
    switch script {
    case .latin: "Latin"
    case .cyrillic: "Cyrillic"
    case .greek: "Greek"
    case .han: "Chinese"
    case .japanese: "Japanese"
    case .hangul: "Korean"
    case .arabic: "Arabic"
    case .hebrew: "Hebrew"
    case .devanagari: "Devanagari"
    case .thai: "Thai"
    case .other: "other scripts"
    }
  }

  /// 12,345.
  static func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }
}
