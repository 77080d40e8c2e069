import Foundation
import QuireReading

/// `quire library add|list|remove|salvage`: the books Quire remembers, with their progress.
enum LibraryCommand: Command {
  static let signature = CommandSignature(
    name: "library",
    abstract:
      "Add books to the library, list them with their progress, remove them, or salvage a "
      + "damaged library.",
    discussion: [
      "add takes files and folders: folders are searched recursively for .txt and .epub files "
        + "and unpacked EPUB folders. A book already in the library (the same content, wherever "
        + "it is) is updated, not added twice. Books that cannot be opened are reported and "
        + "skipped; the exit status is then 1.",
      "list shows each book's id, title, author, format, progress and when it was last "
        + "opened; ids are what 'quire bookmarks', 'quire search', 'quire stats' and "
        + "'quire progress' accept in place of a path. remove forgets a book with its "
        + "position, bookmarks, highlights and reading statistics; the file is not touched.",
      "salvage checks the library and, when it is damaged, moves the damaged file aside (it is "
        + "kept, never deleted) and copies every bookmark, note, highlight, position and reading "
        + "session that can still be read into a new library in its place, saying how many came "
        + "back. Only a Quire library (or the default library file) is ever moved.",
    ],
    positionals: [
      .required("ACTION", help: "add, list, remove or salvage."),
      .repeating("PATH", help: "add: books or folders; remove: books, by path or library id."),
    ],
    options: [
      .value("sort", "ORDER", help: "list: recent (default), title or progress."),
      .flag("json", help: "list: print JSON for scripts."),
      LibraryAccess.option,
    ],
    examples: [
      .init(command: "quire library add ~/Books", explanation: "Every book in a folder tree."),
      .init(
        command: "quire library list --sort progress",
        explanation: "The books, furthest read first."),
      .init(command: "quire library remove 3", explanation: "Forget the book with id 3."),
      .init(
        command: "quire library salvage --library ~/old-library.sqlite",
        explanation: "Rescue what can be read of a damaged library."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let paths = Array(arguments.positionals.dropFirst())
    switch arguments.positional(0)! {
    case "add":
      guard !paths.isEmpty else { throw usage("add needs at least one PATH") }
      try LibraryAddition(
        library: LibraryAccess.open(arguments, for: .writing, in: context), context: context
      ).add(paths)
    case "list":
      guard paths.isEmpty else { throw usage("list takes no PATH, got '\(paths[0])'") }
      try list(arguments, in: context)
    case "remove":
      guard !paths.isEmpty else { throw usage("remove needs a BOOK (a path or a library id)") }
      try remove(
        paths, library: LibraryAccess.open(arguments, for: .writing, in: context), in: context)
    case "salvage":
      guard paths.isEmpty else { throw usage("salvage takes no PATH, got '\(paths[0])'") }
      try salvage(arguments, in: context)
    case let action:
      throw usage("unknown action '\(action)' (use add, list, remove or salvage)")
    }
  }

  // MARK: - list

  private static func list(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let sortName = arguments.value("sort") ?? LibrarySort.recent.rawValue
    guard let sort = LibrarySort(rawValue: sortName) else {
      throw usage("--sort expects recent, title or progress, got '\(sortName)'")
    }
    let books = try LibraryAccess.open(arguments, for: .reading, in: context).books(sortedBy: sort)
    if arguments.has("json") {
      context.print(try JSONOutput.encode(books.map(LibraryListing.Entry.init)))
    } else if books.isEmpty {
      context.print("The library is empty. Add books with 'quire library add PATH…'.\n")
    } else {
      context.print(LibraryListing.table(books, width: context.lineWidth))
    }
  }

  // MARK: - salvage

  /// Opens the library as the readers do (a damaged library of Quire's is salvaged, the
  /// notice printed) and says how it is.
  private static func salvage(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let environment = ProcessInfo.processInfo.environment
    let path = LibraryAccess.path(option: arguments.value("library"), environment: environment)
    guard FileManager.default.fileExists(atPath: path) else {
      throw CommandFailure("\(path): there is no library there")
    }
    let library = try LibraryAccess.open(arguments, for: .reader, in: context)
    let check = try library.integrityCheck()
    guard check == "ok" else {
      throw CommandFailure("\(path): the library still fails SQLite's check: \(check)")
    }
    context.print("\(path): the library is in good order.\n")
  }

  // MARK: - remove

  private static func remove(_ references: [String], library: Library, in context: CommandContext)
    throws
  {
    for reference in references {
      let entry = try LibraryBookReference(reference).entry(in: library, context: context)
      try library.removeBook(entry.id)
      context.print("Removed \(entry.id): \(entry.title)\n")
    }
  }

  private static func usage(_ message: String) -> UsageError {
    UsageError(message, command: signature.name)
  }
}
