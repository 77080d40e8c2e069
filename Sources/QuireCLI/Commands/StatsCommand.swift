import Foundation
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
    ],
    positionals: [.optional("BOOK", help: "A book's path or library id (default: all books).")],
    options: [
      .flag("json", help: "Print JSON for scripts (times in seconds)."),
      LibraryAccess.option,
    ],
    examples: [
      .init(command: "quire stats", explanation: "Totals and a line per book read."),
      .init(
        command: "quire stats alice.txt",
        explanation: "How long Alice took, and over how many days."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
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
    if arguments.has("json") {
      context.print(try JSONOutput.encode(report))
    } else {
      context.print(report.text(width: context.lineWidth))
    }
  }
}
