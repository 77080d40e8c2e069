import Foundation
import QuireBook
import QuireReading

/// The actions of `quire bookmarks` on one book of the library.
struct BookmarkActions {
  let library: Library
  let entry: LibraryBook
  let book: Book
  let context: CommandContext
  /// The command its messages name (`quire annotations` imports through it too).
  var commandName = "bookmarks"

  /// Prints the bookmarks in reading order.
  func list() throws {
    let bookmarks = try library.bookmarks(inBook: entry.id)
    guard !bookmarks.isEmpty else {
      context.print(
        "No bookmarks in “\(entry.title)”. Add one with "
          + "'quire bookmarks BOOK add --chapter N'.\n")
      return
    }
    context.print(BookmarkListing.text(bookmarks, book: book, width: context.lineWidth))
  }

  /// Adds a bookmark at `--chapter`/`--offset`, or at the saved position.
  func add(_ arguments: ParsedArguments) throws {
    let progress = BookProgress(book: book)
    let locator: Locator
    if let chapterText = arguments.value("chapter") {
      let number = try WholeNumber.value(
        chapterText, for: "--chapter", in: 1...Int.max, command: "bookmarks")
      _ = try WholeNumber.chapterIndex(
        number, chapterCount: book.chapters.count, command: "bookmarks")
      let offsetText = arguments.value("offset") ?? "0"
      let offset = try WholeNumber.value(
        offsetText, for: "--offset", in: 0...Int.max, command: "bookmarks")
      let length = try book.text(ofChapter: number - 1).length
      guard offset <= length else {
        throw BookmarksCommand.usage(
          "--offset \(offset) is past the end of chapter \(number) (\(length) UTF-16 units)")
      }
      locator = try progress.locator(chapter: number - 1, offset: offset)
    } else if arguments.value("offset") != nil {
      throw BookmarksCommand.usage("--offset needs --chapter")
    } else if let saved = try library.currentPosition(ofBook: entry.id) {
      locator = try progress.locator(
        chapter: saved.locator.chapterIndex, offset: saved.locator.offset)
    } else {
      locator = try progress.locator(chapter: book.readingOrder.first ?? 0, offset: 0)
    }
    let bookmark = try library.addBookmark(
      at: locator, inBook: entry.id, note: arguments.value("note"))
    let title = ContentsNames(book: book).name(at: locator)
    context.print(
      "Added bookmark \(bookmark.id) in chapter \(locator.chapterIndex + 1) (\(title)), "
        + "\(ReadingTimeText.percent(locator.totalProgression ?? 0)) through the book.\n")
  }

  /// Removes the bookmark `id` of this book.
  func remove(_ id: Int) throws {
    guard try library.bookmarks(inBook: entry.id).contains(where: { $0.id == id }) else {
      throw CommandFailure(
        "“\(entry.title)” has no bookmark \(id); 'quire bookmarks BOOK' lists their ids")
    }
    try library.removeBookmark(id)
    context.print("Removed bookmark \(id).\n")
  }

  /// Prints the book's bookmarks and highlights as JSON, Markdown or Org.
  func export(format: String) throws {
    let export = try library.exportAnnotations(ofBook: entry.id, book: book)
    switch format {
    case "json":
      context.print(String(decoding: try export.jsonData(), as: UTF8.self) + "\n")
    case "markdown", "md":
      context.print(export.markdown())
    case "org":
      context.print(export.org())
    default:
      throw BookmarksCommand.usage("--format expects json, markdown or org, got '\(format)'")
    }
  }

  /// Adds the bookmarks and highlights of a JSON export.
  ///
  /// An export of another book (another content hash) is refused, naming both books,
  /// unless `reanchoring`: then each annotation is found again by its text snippet, gets
  /// this book's snippet and progression, and those not found are listed.
  func importFile(_ path: String, reanchoring: Bool) throws {
    let data: Data
    switch RegularFile.read(path, limit: AnnotationExport.maximumFileSize) {
    case .missing: throw CommandFailure("\(path): no such file")
    case .unreadable(let reason):
      throw CommandFailure(
        "\(path): \(reason), the most an annotations export may be; nothing was imported")
    case .data(let bytes): data = bytes
    }
    var export = try AnnotationExport(jsonData: data, source: path)
    let sourceTitle = export.book.title
    var notFound: [String] = []
    if export.book.contentHash != entry.contentHash {
      guard reanchoring else {
        if export.book.title == entry.title {
          throw CommandFailure(
            "\(path) was exported from another copy or edition of “\(entry.title)” (its text "
              + "differs); nothing was imported. Add --reanchor to place its annotations by "
              + "their text")
        }
        throw CommandFailure(
          "\(path) holds the annotations of “\(export.book.title)”, not of “\(entry.title)”; "
            + "nothing was imported. If the two are editions of one book, add --reanchor to "
            + "place them by their text")
      }
      let moved = reanchor(export)
      export = moved.export
      notFound = moved.notFound
    }
    let (checked, problems) = try export.validated(for: .init(book), source: path)
    export = checked
    let added = try library.importAnnotations(export, intoBook: entry.id)
    let skipped =
      export.bookmarks.count + export.highlights.count - added.bookmarks
      - added.highlights
    var line = "Imported \(added.bookmarks) bookmark\(added.bookmarks == 1 ? "" : "s")"
    line += " and \(added.highlights) highlight\(added.highlights == 1 ? "" : "s")"
    if skipped > 0 { line += " (\(skipped) already present)" }
    context.print(line + ".\n")
    let invalid = try report(problems, in: path)
    guard !notFound.isEmpty else {
      if invalid > 0 {
        throw CommandFailure("\(invalid) entries of \(path) were not imported (see above)")
      }
      return
    }
    context.printError(
      "quire \(commandName): \(notFound.count) of the annotations of “\(sourceTitle)” were "
        + "not found in “\(entry.title)” and were not imported:\n"
        + notFound.map { "  \($0)\n" }.joined())
    throw CommandFailure("\(notFound.count) annotations could not be placed (see above)")
  }

  /// Lists what validation left out or set right; returns how many were left out.
  private func report(_ problems: [AnnotationExport.ValidationNote], in path: String) throws
    -> Int
  {
    let skipped = problems.filter { !$0.isKept }
    let swapped = problems.filter(\.isKept)
    if !skipped.isEmpty {
      context.printError(
        "quire bookmarks: \(path): \(skipped.count) "
          + (skipped.count == 1 ? "entry is" : "entries are")
          + " not valid for “\(entry.title)” and were not imported:\n"
          + BookmarkActions.listed(skipped))
    }
    if !swapped.isEmpty {
      context.printError(
        "quire bookmarks: \(path): \(swapped.count) highlight\(swapped.count == 1 ? "" : "s") "
          + "ended before starting and were imported the right way round:\n"
          + BookmarkActions.listed(swapped))
    }
    return skipped.count
  }

  /// Indented lines, the first 20, then how many more.
  private static func listed(_ notes: [AnnotationExport.ValidationNote]) -> String {
    var lines = notes.prefix(20).map { "  \($0)\n" }.joined()
    if notes.count > 20 { lines += "  … and \(notes.count - 20) more\n" }
    return lines
  }

  /// The export placed on this book's text, with this book's snippets and progressions.
  private func reanchor(_ export: AnnotationExport) -> AnnotationExport.Reanchored {
    let book = self.book
    var moved = export.reanchored(chapterCount: book.chapters.count) { index in
      guard book.chapters.indices.contains(index) else { return nil }
      return try? book.text(ofChapter: index).string
    }
    let progress = BookProgress(book: book)
    func rebuilt(_ locator: Locator) -> Locator {
      (try? progress.locator(chapter: locator.chapterIndex, offset: locator.offset)) ?? locator
    }
    for index in moved.export.bookmarks.indices {
      moved.export.bookmarks[index].locator = rebuilt(moved.export.bookmarks[index].locator)
    }
    for index in moved.export.highlights.indices {
      moved.export.highlights[index].start = rebuilt(moved.export.highlights[index].start)
      moved.export.highlights[index].end = rebuilt(moved.export.highlights[index].end)
    }
    moved.export.book = .init(
      title: entry.title, authors: entry.authors, contentHash: entry.contentHash)
    return moved
  }
}
