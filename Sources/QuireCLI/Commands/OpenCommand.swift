import QuireBook
import QuireTerminal

/// `quire open [BOOK]`: the reader's entry point. In a terminal it opens the terminal
/// reader; without one (a pipe, CI) it prints the book's title, contents and first
/// chapter.
enum OpenCommand: Command {
  static let signature = CommandSignature(
    name: "open",
    abstract: "Open a book: the last one read, or the Quire Handbook, when none is given.",
    discussion: [
      "In a terminal this is 'quire read': the full-screen terminal reader. The desktop window "
        + "is not built yet, so --window is refused and a display changes nothing.",
      "When standard output is not a terminal (a pipe, a script, CI) it prints the title and "
        + "author, the table of contents, and the first chapter of the reading order, wrapped to "
        + "$COLUMNS.",
    ],
    positionals: [
      .optional("BOOK", help: "A .txt file, an .epub file, or an unpacked EPUB folder.")
    ],
    options: [
      .flag("terminal", help: "Use the terminal reader (the default in a terminal)."),
      .flag("window", help: "Use the desktop window (not built yet)."),
      LibraryAccess.option,
    ],
    examples: [
      .init(command: "quire open", explanation: "The book read last, or the Quire Handbook."),
      .init(
        command: "quire open pride-and-prejudice.txt", explanation: "The start of a TXT novel."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    if arguments.has("window") {
      throw UsageError(
        "the desktop window is not built yet; use --terminal or leave it out", command: "open")
    }
    if TerminalReader.isAvailable {
      try ReadCommand.read(arguments.positional(0), arguments, in: context)
      return
    }
    if arguments.has("terminal") {
      throw UsageError("--terminal needs a terminal on standard input and output", command: "open")
    }
    let library = try? LibraryAccess.openIfPresent(arguments, in: context)
    let (book, _) = try ReadCommand.chooseBook(
      arguments.positional(0), library: library, context: context)
    let isHandbook = book.path == context.handbookPath
    context.print(try page(for: book, width: context.lineWidth, isHandbook: isHandbook))
  }

  /// Title block, contents, first chapter, and a hint of what to do next.
  static func page(for book: Book, width: Int, isHandbook: Bool) throws -> String {
    let metadata = book.metadata
    var output = metadata.title + "\n"
    if !metadata.authors.isEmpty {
      output += "by " + metadata.authors.joined(separator: ", ") + "\n"
    }
    let chapterCount = book.readingOrder.count
    output +=
      "\(book.format.displayName) · \(chapterCount) chapter\(chapterCount == 1 ? "" : "s")\n"
    output += "\nContents\n\n" + TOCListing(book: book).text(width: width)
    if let first = book.readingOrder.first {
      let title = TOCListing.clean(book.chapters[first].title)
      let heading = "── \(first + 1). \(title) "
      let rule = String(repeating: "─", count: max(3, min(width, 72) - DisplayWidth.of(heading)))
      output += "\n" + heading + rule
      output += "\n\n" + ReadableText.of(try book.text(ofChapter: first), width: width)
    }
    let path = isHandbook ? "BOOK" : shellQuoted(book.path)
    let next = book.readingOrder.dropFirst().first.map { $0 + 1 } ?? 1
    output +=
      "\nRead on with 'quire cat \(path) --chapter \(next)'; 'quire --help' lists every command.\n"
    return output
  }

  /// `path` quoted for a shell when it needs to be.
  static func shellQuoted(_ path: String) -> String {
    let safe = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+,:@".contains($0) }
    return safe ? path : "'" + path.replacing("'", with: "'\\''") + "'"
  }
}
