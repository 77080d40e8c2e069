/// `quire toc BOOK`: the table of contents as an indented tree with locations.
enum TOCCommand: Command {
  static let signature = CommandSignature(
    name: "toc",
    abstract: "Show a book's table of contents with chapter numbers and offsets.",
    discussion: [
      "Each line gives the entry's number, its title indented two spaces per level, and where "
        + "it points: [ch N @ OFFSET], the chapter number as 'quire cat --chapter' takes it and "
        + "the offset in UTF-16 units in that chapter's text. A book without a table of contents "
        + "is listed by its chapters."
    ],
    positionals: [BookArgument.required],
    options: [BookArgument.json],
    examples: [
      .init(command: "quire toc moby-dick.epub", explanation: "The nested contents of an EPUB."),
      .init(
        command: "quire toc sanguoyanyi.txt", explanation: "The 120 回 found in a Chinese TXT novel."
      ),
      .init(
        command: "quire toc book.epub --json",
        explanation: "The tree as JSON, with chapters and offsets."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let book = try context.openBook(arguments.positional(0)!)
    if arguments.has("json") {
      context.print(try JSONOutput.encode(TOCNode.tree(of: book)))
    } else {
      context.print(TOCListing(book: book).text(width: context.lineWidth))
    }
  }
}
