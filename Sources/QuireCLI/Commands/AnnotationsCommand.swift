import Foundation
import QuireBook
import QuireReading

/// `quire annotations BOOK [list|export|import FILE]`: a book's bookmarks, highlights and
/// notes, by chapter.
enum AnnotationsCommand: Command {
  static let signature = CommandSignature(
    name: "annotations",
    abstract: "List, export or import a book's bookmarks, highlights and notes.",
    discussion: [
      "BOOK is a path (a book not yet in the library is added) or a library id. Without an "
        + "ACTION the annotations are listed by chapter, named as the book's contents name "
        + "them, in reading order: each bookmark and highlight with its id, colour and style, "
        + "place in the book, date, text and note. Highlights whose text the book no longer "
        + "has (another edition) are listed last, apart. --colour and --filter narrow the list.",
      "export prints them as JSON (the default: to import elsewhere, losslessly), Markdown or "
        + "Org (to read), grouped by chapter with the highlighted text. import adds those of a "
        + "JSON export, skipping any the book already has; an export of another edition needs "
        + "--reanchor, which finds each annotation again by its text and lists those it "
        + "cannot place.",
    ],
    positionals: [
      .required("BOOK", help: "A book's path or library id."),
      .optional("ACTION", help: "list (default), export, or import FILE."),
      .optional("FILE", help: "The JSON export to import."),
    ],
    options: [
      .value("format", "FORMAT", help: "export: json (default), md (Markdown) or org."),
      .value("colour", "COLOUR", help: "list: only highlights of this colour."),
      .value("filter", "TEXT", help: "list: only annotations whose text or note has TEXT."),
      .flag("reanchor", help: "import: place another edition's annotations by their text."),
      LibraryAccess.option,
    ],
    examples: [
      .init(command: "quire annotations alice.txt", explanation: "List the book's annotations."),
      .init(
        command: "quire annotations alice.txt export --format md > alice-notes.md",
        explanation: "Bookmarks, highlights and notes as Markdown, by chapter."),
      .init(
        command: "quire annotations 3 export --format org > notes.org",
        explanation: "The same as an Org document."),
      .init(
        command: "quire annotations alice.txt list --colour yellow --filter tea",
        explanation: "The yellow highlights that mention tea."),
      .init(
        command: "quire annotations alice-1865.epub import alice.json --reanchor",
        explanation: "Add another edition's annotations, found by their text."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let action = arguments.positional(1) ?? "list"
    let argument = arguments.positional(2)
    guard ["list", "export", "import"].contains(action) else {
      throw usage("unknown action '\(action)' (use list, export or import)")
    }
    if action == "import" && argument == nil { throw usage("import needs a FILE") }
    if action != "import", let argument { throw usage("unexpected argument '\(argument)'") }
    let filter = try listFilter(arguments)
    if action != "list" && (filter.colour != nil || !filter.text.isEmpty) {
      throw usage("--colour and --filter narrow a list, not an \(action)")
    }
    let format = try exportFormat(arguments.value("format"), action: action)
    let library = try LibraryAccess.open(
      arguments, for: action == "import" ? .writing : .reading, in: context)
    let (entry, book) = try LibraryBookReference(arguments.positional(0)!)
      .resolve(in: library, context: context, adding: true)
    let annotations = AnnotationActions(
      library: library, entry: entry, book: book, context: context)
    switch action {
    case "export": try annotations.export(format: format)
    case "import":
      var bookmarks = BookmarkActions(library: library, entry: entry, book: book, context: context)
      bookmarks.commandName = signature.name
      try bookmarks.importFile(argument!, reanchoring: arguments.has("reanchor"))
    default: try annotations.list(filter: filter)
    }
  }

  /// The list's filter from `--colour` and `--filter`.
  private static func listFilter(_ arguments: ParsedArguments) throws -> AnnotationActions.Filter {
    var filter = AnnotationActions.Filter()
    if let name = arguments.value("colour") {
      guard let colour = Highlight.Colour(rawValue: name.lowercased()) else {
        let names = Highlight.Colour.allCases.map(\.rawValue).joined(separator: ", ")
        throw usage("--colour expects one of \(names), got '\(name)'")
      }
      filter.colour = colour
    }
    filter.text = arguments.value("filter") ?? ""
    return filter
  }

  /// The export format named by `--format` (json when absent).
  private static func exportFormat(_ name: String?, action: String) throws
    -> AnnotationActions.Format
  {
    guard let name else { return .json }
    guard action == "export" else { throw usage("--format is for export") }
    switch name.lowercased() {
    case "json": return .json
    case "md", "markdown": return .markdown
    case "org": return .org
    default: throw usage("--format expects json, md or org, got '\(name)'")
    }
  }

  static func usage(_ message: String) -> UsageError {
    UsageError(message, command: signature.name)
  }
}
