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
      "With --json the warnings are always listed.",
    ],
    positionals: [BookArgument.required],
    options: [
      BookArgument.json,
      .flag("warnings", help: "List the problems met while importing, not only their number."),
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
