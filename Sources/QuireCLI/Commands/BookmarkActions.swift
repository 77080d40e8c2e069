import Foundation
import QuireBook
import QuireReading

/// The actions of `quire bookmarks` on one book of the library.
struct BookmarkActions {
  let library: Library
  let entry: LibraryBook
  let book: Book
  let context: CommandContext

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
      guard let number = Int(chapterText), book.chapters.indices.contains(number - 1) else {
        throw BookmarksCommand.usage(
          "--chapter expects a chapter number from 1 to \(book.chapters.count), got '\(chapterText)'"
        )
      }
      let offsetText = arguments.value("offset") ?? "0"
      guard let offset = Int(offsetText), offset >= 0 else {
        throw BookmarksCommand.usage("--offset expects a number from 0, got '\(offsetText)'")
      }
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
    let title = book.chapters[locator.chapterIndex].title
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

  /// Prints the book's bookmarks and highlights as JSON or Markdown.
  func export(format: String) throws {
    let export = try library.exportAnnotations(ofBook: entry.id)
    switch format {
    case "json":
      context.print(String(decoding: try export.jsonData(), as: UTF8.self) + "\n")
    case "markdown", "md":
      let chapters = book.chapters
      context.print(
        export.markdown { chapters.indices.contains($0) ? chapters[$0].title : nil })
    default:
      throw BookmarksCommand.usage("--format expects json or markdown, got '\(format)'")
    }
  }

  /// Adds the bookmarks and highlights of a JSON export.
  func importFile(_ path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure("\(path): no such file, or it cannot be read")
    }
    let export = try AnnotationExport(jsonData: data, source: path)
    if export.book.contentHash != entry.contentHash {
      context.printError(
        "quire bookmarks: \(path) was exported from another copy of the book "
          + "(“\(export.book.title)”); its bookmarks keep their chapters and offsets\n")
    }
    let added = try library.importAnnotations(export, intoBook: entry.id)
    let skipped =
      export.bookmarks.count + export.highlights.count - added.bookmarks
      - added.highlights
    var line = "Imported \(added.bookmarks) bookmark\(added.bookmarks == 1 ? "" : "s")"
    line += " and \(added.highlights) highlight\(added.highlights == 1 ? "" : "s")"
    if skipped > 0 { line += " (\(skipped) already present)" }
    context.print(line + ".\n")
  }
}
