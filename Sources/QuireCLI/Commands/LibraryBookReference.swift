import Foundation
import QuireBook
import QuireReading

/// A `BOOK` argument of a library command: a library id ("3") or a book's path, found in
/// the library by its content (so a moved file is still the same book).
enum LibraryBookReference: Equatable {
  case id(Int)
  case path(String)

  /// Reads an argument: digits name an id unless a file of that name exists.
  init(_ argument: String) {
    if let id = WholeNumber.parse(argument), id > 0, !PathName.exists(argument) {
      self = .id(id)
    } else {
      self = .path(argument)
    }
  }

  /// The absolute, standardized form of a path, as the library stores it.
  static func absolute(_ path: String) -> String {
    let url = URL(
      fileURLWithPath: path,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    return url.standardizedFileURL.path
  }

  /// The library entry and the opened book.
  ///
  /// A path not in the library is added when `adding` is true, otherwise it is an error.
  /// A path whose content changed since it was added keeps its bookmarks: they are
  /// re-anchored by their text snippets and the entry takes the new content.
  func resolve(in library: Library, context: CommandContext, adding: Bool) throws
    -> (entry: LibraryBook, book: Book)
  {
    switch self {
    case .id(let id):
      let entry = try Self.entry(id: id, in: library)
      do {
        return (entry, try context.openBook(entry.path))
      } catch let error as BookError where error.code == .fileNotFound {
        throw CommandFailure(
          "book \(id) (“\(entry.title)”) is no longer at \(entry.path); "
            + "give its new path instead of its id to find it again")
      }
    case .path(let path):
      let book = try context.openBook(Self.absolute(path))
      return (try Self.entry(for: book, in: library, context: context, adding: adding), book)
    }
  }

  /// The library entry only: a path is opened (to hash it), an id is not.
  func entry(in library: Library, context: CommandContext) throws -> LibraryBook {
    switch self {
    case .id(let id): return try Self.entry(id: id, in: library)
    case .path: return try resolve(in: library, context: context, adding: false).entry
    }
  }

  private static func entry(id: Int, in library: Library) throws -> LibraryBook {
    guard let entry = try library.book(id: id) else {
      throw CommandFailure(
        "there is no book with id \(id) in the library; 'quire library list' shows the ids")
    }
    return entry
  }

  private static func entry(
    for book: Book, in library: Library, context: CommandContext, adding: Bool
  ) throws -> LibraryBook {
    switch try library.book(forPath: book.path, contentHash: book.contentHash) {
    case .known(let entry), .moved(let entry, _):
      return entry
    case .changed(let entry, let newHash):
      let report = try library.reanchor(bookID: entry.id, newHash: newHash) { index in
        guard book.chapters.indices.contains(index) else { return nil }
        return try? book.text(ofChapter: index).string
      }
      var line =
        "quire: \(book.path) changed since it was added; \(report.found) positions and "
        + "annotations re-found by their text, \(report.clamped) kept at their offsets"
      if report.unplacedHighlights > 0 {
        line +=
          "; \(report.unplacedHighlights) highlight\(report.unplacedHighlights == 1 ? "" : "s") "
          + "not found, listed apart by 'quire annotations BOOK'"
      }
      context.printError(line + "\n")
      return try library.add(book)
    case .notFound:
      guard adding else {
        throw CommandFailure(
          "\(book.path) is not in the library; add it with 'quire library add \(book.path)'")
      }
      return try library.add(book)
    }
  }
}
