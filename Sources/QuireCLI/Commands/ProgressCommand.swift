import QuireReading

/// `quire progress BOOK`: where the reader is in a book.
enum ProgressCommand: Command {
  static let signature = CommandSignature(
    name: "progress",
    abstract: "Show the saved reading position: chapter, page, percent, time left, last read.",
    discussion: [
      "BOOK is a path (a book not yet in the library is added) or a library id. The percent is "
        + "by characters, from the chapters' lengths (exact for TXT; for EPUB, the lengths of "
        + "chapters not yet read are estimated from their size).",
      "Pages are those of the default page (600×800, 16 px): exact when the book was paginated "
        + "with it before (the library caches page breaks), otherwise \"about\", estimated from "
        + "the characters per page laid out so far. The time left and the time the book will "
        + "be done come from your reading speed in past sessions; they appear once there is one.",
    ],
    positionals: [.required("BOOK", help: "A book's path or library id.")],
    options: [
      .flag("json", help: "Print JSON for scripts (chapter numbers from 1)."),
      LibraryAccess.option,
    ],
    examples: [
      .init(
        command: "quire progress alice.txt",
        explanation: "Chapter, page, percent, time left and last read."),
      .init(command: "quire progress 3 --json", explanation: "The same for book 3, as JSON."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let library = try LibraryAccess.open(arguments, for: .reading, in: context)
    let (entry, book) = try LibraryBookReference(arguments.positional(0)!)
      .resolve(in: library, context: context, adding: true)
    var report = try ProgressReport(
      book: book, entry: entry, position: try library.currentPosition(ofBook: entry.id))
    report.add(
      try ReadingPeek(book: book, library: library, settings: context.readingSettings()))
    if arguments.has("json") {
      context.print(try JSONOutput.encode(report))
    } else {
      context.print(report.text(width: context.lineWidth))
    }
  }
}
