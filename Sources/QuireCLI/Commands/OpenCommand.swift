import Foundation
import QuireBook
import QuireDesktop
import QuireReading
import QuireTerminal

/// `quire open [BOOK]`: the reader's entry point. With a display it opens the desktop
/// window; in a terminal without one, the terminal reader; with neither (a pipe, CI, or
/// `TERM=dumb`, which cannot move the cursor) it prints the book's title, contents and
/// first chapter.
enum OpenCommand: Command {
  static let signature = CommandSignature(
    name: "open",
    abstract: "Open a book: the last one read, or the Quire Handbook, when none is given.",
    discussion: [
      "With a display (DISPLAY or WAYLAND_DISPLAY set) the book opens in Quire's window: drag a "
        + "page's corner to turn it, click the middle of the page for the menu. Without one, in a "
        + "terminal, this is 'quire read': the full-screen terminal reader. --window and "
        + "--terminal choose.",
      "When standard output is not a terminal (a pipe, a script, CI) it prints the title and "
        + "author, the table of contents, and the first chapter of the reading order, wrapped to "
        + "$COLUMNS.",
    ],
    positionals: [
      .optional("BOOK", help: "A .txt file, an .epub file, or an unpacked EPUB folder.")
    ],
    options: [
      .flag("terminal", help: "Use the terminal reader even when a display is there."),
      .flag("window", help: "Use the desktop window (the default with a display)."),
      LibraryAccess.option,
    ],
    examples: [
      .init(command: "quire open", explanation: "The book read last, or the Quire Handbook."),
      .init(
        command: "quire open pride-and-prejudice.txt", explanation: "The start of a TXT novel."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    if arguments.has("window") && arguments.has("terminal") {
      throw UsageError("--window and --terminal cannot both be given", command: "open")
    }
    if arguments.has("window") && !DesktopReader.isAvailable() {
      throw UsageError(
        "--window needs a display (DISPLAY or WAYLAND_DISPLAY is not set)", command: "open")
    }
    if arguments.has("window") || (!arguments.has("terminal") && DesktopReader.isAvailable()) {
      try ReadCommand.readInWindow(arguments.positional(0), arguments, in: context)
      return
    }
    let unsuitability = Terminfo.unsuitability(environment: ProcessInfo.processInfo.environment)
    if TerminalReader.isAvailable && unsuitability == nil {
      try ReadCommand.read(arguments.positional(0), arguments, in: context)
      return
    }
    if arguments.has("terminal") {
      throw UsageError(
        TerminalReader.isAvailable
          ? "--terminal needs a terminal that can move the cursor, and \(unsuitability ?? ""); "
            + "'quire cat BOOK --chapter N' prints a chapter instead"
          : "--terminal needs a terminal on standard input and output", command: "open")
    }
    let library: Library?
    do {
      library = try LibraryAccess.openIfPresent(arguments, in: context)
    } catch let error as LibraryError where error.code == .notALibrary {
      throw error
    } catch {
      library = nil
    }
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
