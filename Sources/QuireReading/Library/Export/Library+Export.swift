public import Foundation
import QuireBook

extension Library {
  /// A book's bookmarks and highlights as an export document.
  ///
  /// - Throws: `LibraryError.Code.notFound` when no book has this id.
  public func exportAnnotations(ofBook bookID: Int, at date: Date = Date()) throws
    -> AnnotationExport
  {
    guard let book = try book(id: bookID) else {
      throw LibraryError(.notFound, path: path, "there is no book with id \(bookID)")
    }
    return AnnotationExport(
      book: .init(title: book.title, authors: book.authors, contentHash: book.contentHash),
      exportedAt: date,
      bookmarks: try bookmarks(inBook: bookID).map {
        .init(locator: $0.locator, note: $0.note, createdAt: $0.createdAt)
      },
      highlights: try highlights(inBook: bookID).map {
        .init(
          start: $0.start, end: $0.end, colour: $0.colour, note: $0.note, createdAt: $0.createdAt)
      })
  }

  /// Adds an export's bookmarks and highlights to a book, in one transaction.
  ///
  /// Annotations the book already has (a bookmark at the same place, a highlight of the
  /// same range) are skipped, so importing a file twice adds nothing the second time.
  /// The export may come from another copy of the book (another hash); its locators are
  /// taken as they are — call `reanchor` afterwards if the texts differ.
  ///
  /// - Returns: how many bookmarks and highlights were added.
  @discardableResult
  public func importAnnotations(_ export: AnnotationExport, intoBook bookID: Int) throws
    -> (bookmarks: Int, highlights: Int)
  {
    let existingBookmarks = Set(try bookmarks(inBook: bookID).map { Place($0.locator) })
    let existingHighlights = Set(
      try highlights(inBook: bookID).map { [Place($0.start), Place($0.end)] })
    return try write { database in
      guard try Self.fetchBook(database, where: "b.id = ?", bookID) != nil else {
        throw LibraryError(.notFound, path: self.path, "there is no book with id \(bookID)")
      }
      var added = (bookmarks: 0, highlights: 0)
      var seenBookmarks = existingBookmarks
      for bookmark in export.bookmarks
      where seenBookmarks.insert(Place(bookmark.locator)).inserted {
        _ = try Self.insertBookmark(
          database, bookID: bookID, locator: bookmark.locator, note: bookmark.note,
          createdAt: bookmark.createdAt)
        added.bookmarks += 1
      }
      var seenHighlights = existingHighlights
      for highlight in export.highlights
      where seenHighlights.insert([Place(highlight.start), Place(highlight.end)]).inserted {
        _ = try Self.insertHighlight(
          database,
          Highlight(
            id: 0, bookID: bookID, start: highlight.start, end: max(highlight.start, highlight.end),
            colour: highlight.colour, note: highlight.note, createdAt: highlight.createdAt))
        added.highlights += 1
      }
      return added
    }
  }
}

/// Chapter and offset: what makes two annotations the same place.
private struct Place: Hashable {
  var chapter: Int
  var offset: Int

  init(_ locator: Locator) {
    chapter = locator.chapterIndex
    offset = locator.offset
  }
}
