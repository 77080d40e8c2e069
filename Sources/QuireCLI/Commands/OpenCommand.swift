import QuireBook

/// `quire open [BOOK]`: the reader's entry point. Until the terminal and desktop readers
/// exist, it shows the book's title, contents and first chapter in the terminal.
enum OpenCommand: Command {
  static let signature = CommandSignature(
    name: "open",
    abstract: "Open a book (by default the Quire Handbook) and show its beginning.",
    discussion: [
      "For now this prints the title and author, the table of contents, and the first chapter "
        + "of the reading order, wrapped to the terminal's width ($COLUMNS). The terminal reader "
        + "and the desktop window will take over this command."
    ],
    positionals: [
      .optional("BOOK", help: "A .txt file, an .epub file, or an unpacked EPUB folder.")
    ],
    examples: [
      .init(command: "quire open", explanation: "The Quire Handbook, in English and Chinese."),
      .init(
        command: "quire open pride-and-prejudice.txt", explanation: "The start of a TXT novel."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    guard let path = arguments.positional(0) ?? context.handbookPath else {
      throw BookError(
        .fileNotFound, path: "Handbook",
        "the bundled handbook is missing; give a BOOK or reinstall Quire")
    }
    let book = try context.openBook(path)
    context.print(
      try page(for: book, width: context.lineWidth, isHandbook: arguments.positional(0) == nil))
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
