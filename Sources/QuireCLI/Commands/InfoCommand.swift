/// `quire info BOOK`: format, metadata, size and cover of a book.
enum InfoCommand: Command {
  static let signature = CommandSignature(
    name: "info",
    abstract: "Show a book's format, metadata, chapter count, size and cover.",
    discussion: [
      "The format line names the detected text encoding of a TXT book and the package version "
        + "of an EPUB. Characters count everything but line breaks and images, spaces included; "
        + "words are whitespace-separated, except that each Chinese or Japanese character counts "
        + "as one word. Counting reads every chapter.",
      "Warnings are counted over the whole book: those found while opening it (package, "
        + "spine, table of contents), then those met converting each chapter (a missing "
        + "stylesheet or image, an unusable embedded font, markup that had to be recovered). "
        + "--warnings lists them, each chapter's under its number and file; a problem several "
        + "chapters share is listed once, under the first, with the others it affects.",
      "With --json the warnings are always listed: \"warnings\" for the opening, "
        + "\"chapterWarnings\" for each chapter that has any.",
    ],
    positionals: [BookArgument.required],
    options: [
      BookArgument.json,
      .flag(
        "warnings",
        help: "List the problems met while importing, chapter by chapter, not only their number."),
    ],
    examples: [
      .init(
        command: "quire info hongloumeng.txt", explanation: "Encoding, chapters, 字数 of a TXT novel."
      ),
      .init(
        command: "quire info moby-dick.epub --warnings",
        explanation: "Metadata, cover size and every import warning of an EPUB."),
      .init(
        command: "quire info book.epub --json | jq .words",
        explanation: "The word count, for a script."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let book = try context.openBook(arguments.positional(0)!)
    let report = try InfoReport(book: book)
    if arguments.has("json") {
      context.print(try JSONOutput.encode(report))
    } else {
      context.print(report.text(width: context.lineWidth, showWarnings: arguments.has("warnings")))
    }
  }
}
