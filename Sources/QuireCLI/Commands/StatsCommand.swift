import Foundation
import QuireBook
import QuireReading

/// `quire stats [BOOK]`: reading time, pages, characters and days, per book and overall.
enum StatsCommand: Command {
  static let signature = CommandSignature(
    name: "stats",
    abstract: "Show reading statistics: time read, pages, characters, days and books.",
    discussion: [
      "Statistics come from the reading sessions the readers record in the library. Without "
        + "BOOK the totals over all books are shown, then a line per book that has been read; "
        + "with BOOK (a path or a library id), that book's figures. Days are calendar days, in "
        + "the local time zone, on which a session started.",
      "Time and pages count the pages read: a page turned within five seconds was flipped "
        + "past and one left longer than two minutes (more for a full page) was left while "
        + "away, and time under panels and menus is not reading. Speed comes from the pages "
        + "read and left by a turn forward, per script. The whole library's report ends with "
        + "today, this week and this month; its --json adds \"report\": those, every day of "
        + "the last year, speed week by week, and each book's time left and expected finish.",
      "--svg FILE writes the charts of the readers' statistics screens (S) as one SVG: the "
        + "totals, the days read as a heat map, time and pages a day for 30 days as bars, "
        + "speed week by week and the books. FILE is created, or replaced when it is a "
        + "regular file; a folder, a FIFO or a device is refused.",
    ],
    positionals: [.optional("BOOK", help: "A book's path or library id (default: all books).")],
    options: [
      .flag("json", help: "Print JSON for scripts (times in seconds)."),
      .value(
        "svg", "FILE",
        help: "Also write the statistics charts to FILE as an SVG image (whole library only)."),
      LibraryAccess.option,
    ],
    examples: [
      .init(command: "quire stats", explanation: "Totals and a line per book read."),
      .init(
        command: "quire stats --svg reading.svg",
        explanation: "The charts of the statistics screens, as an image to share."),
      .init(
        command: "quire stats alice.txt",
        explanation: "How long Alice took, and over how many days."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let svg = arguments.value("svg")
    if let svg {
      guard arguments.positional(0) == nil else {
        throw UsageError(
          "--svg draws the whole library's charts; leave out BOOK", command: signature.name)
      }
      try OutputFile.check(svg, command: signature.name, option: "--svg", example: "reading.svg")
    }
    let library = try LibraryAccess.open(arguments, for: .reading, in: context)
    var report: StatsReport
    if let argument = arguments.positional(0) {
      let entry = try LibraryBookReference(argument).entry(in: library, context: context)
      report = StatsReport(
        title: entry.title, overall: .init(try library.statistics(ofBook: entry.id)), books: [])
      report.books = [.init(entry, try library.statistics(ofBook: entry.id))]
    } else {
      let books = try library.books(sortedBy: .title)
      report = StatsReport(
        title: nil, overall: .init(try library.statistics()), books: [],
        booksInLibrary: books.count, report: try library.statisticsReport(now: Date()))
      for book in books {
        let statistics = try library.statistics(ofBook: book.id)
        if statistics.sessions > 0 { report.books.append(.init(book, statistics)) }
      }
    }
    if let svg, let statistics = report.report {
      let charts = StatisticsCharts(report: statistics)
      try write(StatisticsSVG(charts: charts, generatedAt: statistics.generatedAt), to: svg)
      if !arguments.has("json") { context.print("\(svg): the statistics charts as SVG\n") }
    }
    if arguments.has("json") {
      context.print(try JSONOutput.encode(report))
    } else {
      context.print(report.text(width: context.lineWidth))
    }
  }

  /// Writes the charts to the file the user named (created, or replaced when it is a
  /// regular file: `OutputFile.check` refused anything else).
  private static func write(_ svg: StatisticsSVG, to path: String) throws {
    do {
      try Data(svg.document().utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure("cannot write \(path): \(SystemErrorText.describe(error))")
    }
  }
}
