public import Foundation

extension StatisticsReport {
  /// Weeks the calendar and the speed chart cover by default: a year.
  public static let defaultWeeks = 53

  /// The report of `sessions` of `books` as of `now`.
  ///
  /// - Parameters:
  ///   - weeks: how many weeks the calendar and the speed chart cover, this one included.
  /// - Complexity: O(sessions + books + days).
  public init(
    sessions: [ReadingSessionRecord], books: [LibraryBook], now: Date,
    timeZone: TimeZone = .current, weeks: Int = StatisticsReport.defaultWeeks
  ) {
    let calendar = StatisticsCalendar(timeZone: timeZone)
    let today = calendar.day(of: now)
    generatedAt = ISO8601DateFormatter().string(from: now)
    self.timeZone = timeZone.identifier
    let byDay = Dictionary(grouping: sessions) { calendar.day(of: $0.startedAt) }
    // Today, this week, this month.
    let starts = [
      ("today", today), ("week", calendar.monday(of: today)),
      ("month", calendar.firstOfMonth(today)),
    ]
    periods = starts.map { name, start in
      let within = sessions.filter { calendar.day(of: $0.startedAt) >= start }
      return Period(name: name, start: calendar.text(start), totals: Self.totals(within, calendar))
    }
    overall = Self.totals(sessions, calendar)
    // Speed per script, the script read longest first.
    var scripts: [ReadingScript: ReadingSpeedSample] = [:]
    for session in sessions {
      guard let timing = session.timing, timing.speedSeconds > 0 else { continue }
      scripts[timing.script, default: ReadingSpeedSample(characters: 0, seconds: 0)].add(session)
    }
    speedByScript = scripts.compactMap { script, sample in
      sample.charactersPerMinute.map {
        ScriptSpeed(script: script, charactersPerMinute: $0, seconds: sample.seconds)
      }
    }.sorted { ($0.seconds, $1.script.rawValue) > ($1.seconds, $0.script.rawValue) }
    mainScript = speedByScript.first?.script
    // The calendar, Monday to today.
    let first = calendar.monday(of: today) - 7 * (max(1, weeks) - 1)
    days = (first...max(first, today)).map { day in
      let read = byDay[day] ?? []
      return Day(
        date: calendar.text(day), timeRead: read.reduce(0) { $0 + $1.timeRead }.rounded(),
        pages: read.reduce(0) { $0 + $1.pagesRead })
    }
    // Speed week by week.
    var weekly: [Int: [ReadingScript: ReadingSpeedSample]] = [:]
    for session in sessions {
      let day = calendar.day(of: session.startedAt)
      guard day >= first, let timing = session.timing, timing.speedSeconds > 0 else { continue }
      weekly[calendar.monday(of: day), default: [:]][
        timing.script, default: ReadingSpeedSample(characters: 0, seconds: 0)
      ].add(session)
    }
    speed = weekly.keys.sorted().flatMap { week in
      weekly[week, default: [:]].sorted { $0.key.rawValue < $1.key.rawValue }.compactMap {
        script, sample in
        sample.charactersPerMinute.map {
          WeekSpeed(week: calendar.text(week), script: script, charactersPerMinute: $0)
        }
      }
    }
    (currentStreak, longestStreak) = Self.streaks(Set(byDay.keys), today: today)
    self.books = Self.bookFigures(
      sessions, books: books, scripts: scripts, today: today, calendar: calendar)
  }

  /// Totals over `sessions`.
  static func totals(_ sessions: [ReadingSessionRecord], _ calendar: StatisticsCalendar)
    -> Totals
  {
    var totals = Totals()
    var days = Set<Int>()
    var books = Set<Int>()
    for session in sessions {
      totals.timeRead += session.timeRead
      totals.pages += session.pagesRead
      totals.characters += session.charactersRead
      totals.sessions += 1
      days.insert(calendar.day(of: session.startedAt))
      books.insert(session.bookID)
    }
    totals.timeRead = totals.timeRead.rounded()
    totals.days = days.count
    totals.books = books.count
    return totals
  }

  /// The run of days read that ends today (or yesterday, today not read yet), and the
  /// longest run.
  static func streaks(_ days: Set<Int>, today: Int) -> (current: Int, longest: Int) {
    var longest = 0
    for day in days where !days.contains(day - 1) {
      var length = 1
      while days.contains(day + length) { length += 1 }
      longest = max(longest, length)
    }
    var end = days.contains(today) ? today : today - 1
    var current = 0
    while days.contains(end) {
      current += 1
      end -= 1
    }
    return (current, longest)
  }

  /// Each book read, most recently read first.
  private static func bookFigures(
    _ sessions: [ReadingSessionRecord], books: [LibraryBook],
    scripts: [ReadingScript: ReadingSpeedSample], today: Int, calendar: StatisticsCalendar
  ) -> [Book] {
    let byBook = Dictionary(grouping: sessions, by: \.bookID)
    var lastRead: [Int: Date] = [:]
    let figures = books.compactMap { entry -> Book? in
      guard let read = byBook[entry.id], !read.isEmpty else { return nil }
      let totals = Self.totals(read, calendar)
      var own = ReadingSpeedSample(characters: 0, seconds: 0)
      var script: ReadingScript?
      for session in read where session.timing.map({ $0.speedSeconds > 0 }) ?? false {
        own.add(session)
        script = session.timing?.script
      }
      let speed =
        own.charactersPerMinute
        ?? (script ?? entry.language.flatMap(ReadingScript.init(languageTag:))).flatMap {
          scripts[$0]?.charactersPerMinute
        }
      let last = read.map(\.endedAt).max()
      lastRead[entry.id] = last
      var book = Book(
        id: entry.id, title: entry.title, authors: entry.authors, totals: totals,
        progress: entry.progression,
        lastRead: last.map { ISO8601DateFormatter().string(from: $0) },
        charactersPerMinute: own.charactersPerMinute)
      let left = Double(entry.characters) * (1 - min(1, max(0, entry.progression ?? 0)))
      if let speed, (entry.progression ?? 0) < 0.995 {
        let timeLeft = left / speed * 60
        book.timeLeft = timeLeft.rounded()
        // The pace in this book: its time read over the days it was read on.
        let perDay = totals.timeRead / Double(max(1, totals.days))
        if perDay > 0 {
          let daysLeft = Int((timeLeft / perDay).rounded(.up))
          book.expectedFinish = calendar.text(today + max(0, daysLeft - 1))
        }
      }
      return book
    }
    return figures.sorted {
      (lastRead[$0.id] ?? .distantPast, $1.id) > (lastRead[$1.id] ?? .distantPast, $0.id)
    }
  }
}

extension ReadingSpeedSample {
  /// Adds a session's characters and the seconds they took.
  mutating func add(_ session: ReadingSessionRecord) {
    characters += Double(session.charactersRead)
    seconds += session.timing?.speedSeconds ?? 0
  }
}
