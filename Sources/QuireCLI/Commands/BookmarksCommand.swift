import Foundation
import QuireBook
import QuireReading

/// `quire bookmarks BOOK [list|add|remove|export|import]`: a book's bookmarks.
enum BookmarksCommand: Command {
  static let signature = CommandSignature(
    name: "bookmarks",
    abstract: "List, add, remove, export or import a book's bookmarks.",
    discussion: [
      "BOOK is a path (a book not yet in the library is added) or a library id. Without an "
        + "ACTION the bookmarks are listed, in reading order, with their chapter, place in the "
        + "book, the text they mark, their note and when they were made.",
      "add puts a bookmark at --chapter N (from 1, as 'quire toc' numbers chapters) and "
        + "--offset K (UTF-16 units into the chapter, default 0), or without --chapter at the "
        + "saved reading position. export prints the bookmarks and highlights as JSON (to "
        + "import elsewhere) or Markdown (to read); import adds those of a JSON export, "
        + "skipping any the book already has (same place, kind and note).",
      "import refuses an export made from another book or another edition (its content "
        + "differs) unless given --reanchor: then each bookmark and highlight is found "
        + "again by its text, and those whose text is not in this book are listed and "
        + "left out.",
    ],
    positionals: [
      .required("BOOK", help: "A book's path or library id."),
      .optional("ACTION", help: "list (default), add, remove ID, export, or import FILE."),
      .optional("ARGUMENT", help: "The bookmark id for remove, the JSON file for import."),
    ],
    options: [
      .value("chapter", "N", help: "add: the chapter, from 1 (default: the saved position)."),
      .value("offset", "K", help: "add: UTF-16 offset in the chapter (default 0)."),
      .value("note", "TEXT", help: "add: a note to keep with the bookmark."),
      .value("format", "FORMAT", help: "export: json (default), markdown or org."),
      .flag(
        "reanchor", help: "import: place another edition's annotations by their text."),
      LibraryAccess.option,
    ],
    examples: [
      .init(
        command: "quire bookmarks alice.txt add --chapter 7 --note \"the tea party\"",
        explanation: "Bookmark the start of chapter 7 with a note."),
      .init(command: "quire bookmarks alice.txt", explanation: "List the book's bookmarks."),
      .init(
        command: "quire bookmarks 3 export --format markdown > notes.md",
        explanation: "Bookmarks and highlights of book 3 as Markdown."),
      .init(
        command: "quire bookmarks alice.txt import alice-notes.json",
        explanation: "Add the bookmarks of an export."),
      .init(
        command: "quire bookmarks alice-1865.epub import alice-notes.json --reanchor",
        explanation: "Add them to another edition, found by their text."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let action = arguments.positional(1) ?? "list"
    let argument = arguments.positional(2)
    let needsArgument = action == "remove" || action == "import"
    if needsArgument && argument == nil {
      throw usage(action == "remove" ? "remove needs a bookmark ID" : "import needs a FILE")
    }
    if !needsArgument, let argument {
      throw usage("unexpected argument '\(argument)'")
    }
    let writes = ["add", "remove", "import"].contains(action)
    let library = try LibraryAccess.open(
      arguments, for: writes ? .writing : .reading, in: context)
    let (entry, book) = try LibraryBookReference(arguments.positional(0)!)
      .resolve(in: library, context: context, adding: true)
    let bookmarks = BookmarkActions(library: library, entry: entry, book: book, context: context)
    switch action {
    case "list": try bookmarks.list()
    case "add": try bookmarks.add(arguments)
    case "remove": try bookmarks.remove(try id(argument!))
    case "export": try bookmarks.export(format: arguments.value("format") ?? "json")
    case "import": try bookmarks.importFile(argument!, reanchoring: arguments.has("reanchor"))
    default: throw usage("unknown action '\(action)' (use list, add, remove, export or import)")
    }
  }

  private static func id(_ text: String) throws -> Int {
    guard let id = WholeNumber.parse(text), id > 0 else {
      throw usage("a bookmark ID is a number from 'quire bookmarks BOOK', got '\(text)'")
    }
    return id
  }

  static func usage(_ message: String) -> UsageError {
    UsageError(message, command: signature.name)
  }
}
