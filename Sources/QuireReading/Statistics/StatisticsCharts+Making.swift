extension StatisticsCharts {
  /// The charts of `report`: its last `heatMapWeeks` weeks as a heat map and a speed
  /// chart, its last `barDays` days as bars.
  ///
  /// - Complexity: O(days + weeks × scripts + books) of the report.
  public init(report: StatisticsReport) {
    let names = ["today": "Today", "week": "This week", "month": "This month"]
    totals = report.periods.map { period in
      Total(
        name: names[period.name] ?? period.name, timeRead: period.totals.timeRead,
        pages: period.totals.pages,
        text: Self.duration(period.totals.timeRead) + " · "
          + Self.count(period.totals.pages, "page"))
    }
    currentStreak = report.currentStreak
    longestStreak = report.longestStreak
    streakText =
      Self.count(report.currentStreak, "day") + " in a row · \(report.longestStreak) at most"
    isEmpty = report.overall.sessions == 0
    // The heat map: whole weeks from a Monday (the report's days start on one).
    let weekCount = min(Self.heatMapWeeks, (report.days.count + 6) / 7)
    let firstDay = max(0, (report.days.count + 6) / 7 - weekCount) * 7
    let mapDays = Array(report.days[min(firstDay, report.days.count)...])
    heatMap = stride(from: 0, to: mapDays.count, by: 7).map { start in
      let week = mapDays[start..<min(mapDays.count, start + 7)]
      let first = week.first { Self.dayOfMonth($0.date) == 1 }
      return HeatWeek(
        monday: week.first?.date ?? "",
        monthLabel: first.map { Self.monthNames[Self.month($0.date) - 1] },
        days: week.map {
          HeatDay(
            date: $0.date, timeRead: $0.timeRead, pages: $0.pages,
            level: Self.heatLevel(seconds: $0.timeRead, pages: $0.pages))
        })
    }
    // The bars: the last days.
    let recent = Array(report.days.suffix(Self.barDays))
    let timeTop = Self.timeScale(recent.map(\.timeRead).max() ?? 0)
    let pagesTop = Self.numberScale(Double(recent.map(\.pages).max() ?? 0))
    timePerDay = BarChart(
      title: "Time read a day, last \(Self.barDays) days",
      bars: Self.bars(recent, top: timeTop) { $0.timeRead }, maximum: timeTop,
      maximumLabel: Self.duration(timeTop),
      summary: Self.duration(recent.reduce(0) { $0 + $1.timeRead }) + " in all")
    pagesPerDay = BarChart(
      title: "Pages a day, last \(Self.barDays) days",
      bars: Self.bars(recent, top: pagesTop) { Double($0.pages) }, maximum: pagesTop,
      maximumLabel: Self.count(Int(pagesTop), "page"),
      summary: Self.count(recent.reduce(0) { $0 + $1.pages }, "page") + " in all")
    // Speed over the heat map's weeks.
    let weeks = heatMap.map(\.monday)
    let index = Dictionary(weeks.enumerated().map { ($0.element, $0.offset) }) { a, _ in a }
    let order = report.speedByScript.map(\.script)
    speed = SpeedChart(
      weeks: weeks,
      series: order.map { script in
        let values = report.speed.filter { $0.script == script }.compactMap { entry in
          index[entry.week].map { ($0, entry.charactersPerMinute) }
        }
        let top = Self.numberScale(values.map(\.1).max() ?? 0)
        let overall = report.speedByScript.first { $0.script == script }?.charactersPerMinute ?? 0
        return SpeedSeries(
          script: script,
          title: "\(Self.scriptName(script)) · \(Self.grouped(Int(overall.rounded()))) "
            + "characters a minute",
          points: values.map {
            SpeedPoint(week: $0.0, charactersPerMinute: $0.1, fraction: top > 0 ? $0.1 / top : 0)
          }, maximum: top, maximumLabel: Self.grouped(Int(top)))
      })
    books = report.books.map { book in
      var parts = [
        Self.duration(book.totals.timeRead), Self.count(book.totals.sessions, "session"),
        Self.count(book.totals.pages, "page"),
      ]
      if let progress = book.progress {
        parts.append(progress >= 0.995 ? "finished" : "\(Int((progress * 100).rounded(.down)))%")
      }
      if let finish = book.expectedFinish { parts.append("done by \(finish)") }
      return BookRow(
        title: book.title, authors: book.authors, timeRead: book.totals.timeRead,
        sessions: book.totals.sessions, pages: book.totals.pages, progress: book.progress,
        expectedFinish: book.expectedFinish, detail: parts.joined(separator: " · "))
    }
  }

  /// The heat level of a day: 0 unread, 1 any reading, then 2, 3, 4 from each of
  /// `heatLevels`.
  public static func heatLevel(seconds: Double, pages: Int) -> Int {
    guard seconds > 0 || pages > 0 else { return 0 }
    return 1 + heatLevels.filter { seconds >= $0 }.count
  }

  /// A bar a day, a label under every seventh counted back from the last.
  private static func bars(
    _ days: [StatisticsReport.Day], top: Double, value: (StatisticsReport.Day) -> Double
  ) -> [Bar] {
    days.enumerated().map { offset, day in
      let amount = value(day)
      return Bar(
        date: day.date, value: amount, fraction: top > 0 ? min(1, amount / top) : 0,
        label: (days.count - 1 - offset) % 7 == 0 ? String(dayOfMonth(day.date)) : nil)
    }
  }
}
