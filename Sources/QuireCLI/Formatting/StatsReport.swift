import QuireReading

/// What `quire stats` shows: totals, and a line per book that has reading sessions.
struct StatsReport: Codable, Equatable {
  /// Totals over some reading sessions.
  struct Figures: Codable, Equatable {
    var sessions: Int
    /// Seconds.
    var timeRead: Double
    var pages: Int
    var characters: Int
    var days: Int
    var books: Int
    /// Characters a minute, from the pages that counted towards speed; absent before any
    /// did.
    var charactersPerMinute: Int?

    init(_ statistics: ReadingStatistics) {
      sessions = statistics.sessions
      timeRead = statistics.timeRead.rounded()
      pages = statistics.pagesRead
      characters = statistics.charactersRead
      days = statistics.distinctDays
      books = statistics.books
      charactersPerMinute = statistics.charactersPerMinute.map { Int($0.rounded()) }
    }
  }

  /// One book's figures.
  struct BookFigures: Codable, Equatable {
    var id: Int
    var title: String
    var progress: Double?
    var figures: Figures

    init(_ book: LibraryBook, _ statistics: ReadingStatistics) {
      id = book.id
      title = book.title
      progress = book.progression
      figures = Figures(statistics)
    }
  }

  /// The book's title when the report is about one book; nil for the whole library.
  var title: String?
  var overall: Figures
  var books: [BookFigures]
  /// Books in the library (whole-library reports only).
  var booksInLibrary: Int?
  /// Today, this week and this month, the calendar of days read, speed per script and
  /// week, and each book's expected finish (whole-library reports only).
  var report: StatisticsReport?

  /// The report as aligned text.
  func text(width: Int) -> String {
    var output = title.map { "Reading statistics for “\($0)”\n\n" } ?? "Reading statistics\n\n"
    var rows = [
      ("time read", ReadingTimeText.duration(overall.timeRead)),
      ("sessions", overall.sessions.grouped),
      ("pages", overall.pages.grouped),
      ("characters", overall.characters.grouped),
      ("days", overall.days.grouped),
    ]
    if let booksInLibrary {
      rows.append(("books", "\(overall.books) read of \(booksInLibrary) in the library"))
    }
    if let speed = overall.charactersPerMinute {
      rows.append(("speed", "\(speed.grouped) characters a minute"))
    }
    if title != nil, let progress = books.first?.progress {
      rows.append(("progress", ReadingTimeText.percent(progress)))
    }
    output += KeyValueTable.render(rows, width: width)
    guard title == nil else { return output }
    if books.isEmpty {
      return output + "\nNo reading sessions yet: they are recorded while you read.\n"
    }
    var table = ColumnTable(
      columns: [
        .init(heading: "ID", alignsRight: true), .init(heading: "TITLE"),
        .init(heading: "TIME", alignsRight: true), .init(heading: "PAGES", alignsRight: true),
        .init(heading: "CHARACTERS", alignsRight: true), .init(heading: "DAYS", alignsRight: true),
        .init(heading: "PROGRESS", alignsRight: true),
      ], flexibleColumn: 1)
    table.rows = books.map { book in
      [
        String(book.id), book.title, ReadingTimeText.duration(book.figures.timeRead),
        book.figures.pages.grouped, book.figures.characters.grouped, book.figures.days.grouped,
        book.progress.map { ReadingTimeText.percent($0) } ?? "–",
      ]
    }
    return output + "\n" + table.render(width: width) + periods(width: width)
  }

  /// Today, this week and this month, and the days read in a row.
  func periods(width: Int) -> String {
    guard let report else { return "" }
    let names = ["today": "today", "week": "this week", "month": "this month"]
    var rows = report.periods.map { period in
      (
        names[period.name] ?? period.name,
        ReadingTimeText.duration(period.totals.timeRead) + " · "
          + "\(period.totals.pages.grouped) page\(period.totals.pages == 1 ? "" : "s")"
      )
    }
    rows.append(
      ("days in a row", "\(report.currentStreak) now, \(report.longestStreak) at most"))
    for speed in report.speedByScript where report.speedByScript.count > 1 {
      rows.append(
        (
          "speed (\(speed.script.rawValue))",
          "\(Int(speed.charactersPerMinute.rounded()).grouped) characters a minute"
        ))
    }
    return "\n" + KeyValueTable.render(rows, width: width)
  }
}
