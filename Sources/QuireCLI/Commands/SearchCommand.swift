import QuireBook
import QuireReading

/// `quire search BOOK QUERY`: every occurrence of a word or phrase, chapter by chapter.
enum SearchCommand: Command {
  static let signature = CommandSignature(
    name: "search",
    abstract: "Find a word or phrase in a book, with the chapter and text around each match.",
    discussion: [
      "Matching ignores case and width (ＡＢＣ finds abc, ｶﾀｶﾅ finds カタカナ) but not accents, "
        + "and takes Chinese as written (no simplified/traditional folding). Matches do not "
        + "overlap. Results are printed as each chapter is searched, so the first ones of a "
        + "long book appear at once; a count line ends the output.",
      "In a terminal the match is shown in bold, otherwise in [brackets]. BOOK is a path or a "
        + "library id.",
      "Each match shows its page on the default page (600×800, 16 px): exact when the library "
        + "has the book's pagination cached for it (the reader stores it once a book is fully "
        + "paginated), otherwise \"about p.\", estimated from the characters per page laid "
        + "out so far.",
    ],
    positionals: [
      .required("BOOK", help: "A book's path or library id."),
      .required("QUERY", help: "The text to find."),
    ],
    options: [
      .value("limit", "N", help: "Stop after N matches."),
      .flag("json", help: "Print the matches as JSON (chapter numbers from 1, UTF-16 ranges)."),
      LibraryAccess.option,
    ],
    examples: [
      .init(command: "quire search alice.txt Rabbit", explanation: "Every “rabbit”, any case."),
      .init(
        command: "quire search hongloumeng.txt 黛玉 --limit 20",
        explanation: "The first twenty mentions of 黛玉."),
      .init(
        command: "quire search 3 \"white whale\" --json",
        explanation: "Matches in library book 3, for a script."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let query = arguments.positional(1)!
    let limit = try WholeNumber.option(
      arguments, "limit", in: 1...Int.max, command: signature.name)
    let (book, library) = try openBook(arguments.positional(0)!, arguments, in: context)
    var search = BookSearch(book: book, query: query, limit: limit)
    if search.isEmpty {
      throw UsageError("QUERY is empty", command: signature.name)
    }
    let numbering = try ReadingPeek(
      book: book, library: library, settings: context.readingSettings()
    ).numbering
    search.pageNumber = { numbering.number(of: $0).page }
    if arguments.has("json") {
      let matches = try search.allMatches()
      let names = ContentsNames(book: book)
      context.print(
        try JSONOutput.encode(
          SearchReport(
            query: query, matches: matches, limit: limit, numbering: numbering
          ) { names.name(at: $0) }))
      return
    }
    var printer = SearchResultPrinter(
      book: book, numbering: numbering, styled: TerminalStyle.stylesStandardOutput(in: context),
      context: context)
    try search.forEachChapter { printer.print($0) }
    context.print(printer.countLine(limit: limit))
  }

  /// The book a `BOOK` argument names and the library to take page numbers from: a path
  /// is opened directly (with the library if there is one); an id is looked up in the
  /// library.
  private static func openBook(
    _ argument: String, _ arguments: ParsedArguments, in context: CommandContext
  ) throws -> (Book, Library?) {
    switch LibraryBookReference(argument) {
    case .path(let path):
      let book = try context.openBook(path)
      // A book file needs no library: without one (or with one that cannot be opened)
      // page numbers are estimated.
      do {
        return (book, try LibraryAccess.openIfPresent(arguments, in: context))
      } catch {
        context.printError("quire: \(error); page numbers are estimated\n")
        return (book, nil)
      }
    case .id:
      let library = try LibraryAccess.open(arguments, for: .reading, in: context)
      let book = try LibraryBookReference(argument)
        .resolve(in: library, context: context, adding: false).book
      return (book, library)
    }
  }
}
