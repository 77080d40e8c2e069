public import Foundation
public import QuireBook

extension Library {
  /// A book's bookmarks and highlights as an export document.
  ///
  /// - Parameter book: the book itself, when open: then each annotation carries the name
  ///   of the contents entry it is in and each highlight its text (`described(by:)`).
  /// - Throws: `LibraryError.Code.notFound` when no book has this id.
  public func exportAnnotations(ofBook bookID: Int, book: Book? = nil, at date: Date = Date())
    throws -> AnnotationExport
  {
    guard let entry = try self.book(id: bookID) else {
      throw LibraryError(.notFound, path: path, "there is no book with id \(bookID)")
    }
    let export = AnnotationExport(
      book: .init(title: entry.title, authors: entry.authors, contentHash: entry.contentHash),
      exportedAt: date,
      bookmarks: try bookmarks(inBook: bookID).map {
        .init(
          id: $0.id, locator: $0.locator, note: $0.note, createdAt: $0.createdAt,
          modifiedAt: $0.modifiedAt)
      },
      highlights: try highlights(inBook: bookID).map {
        .init(
          id: $0.id, start: $0.start, end: $0.end, colour: $0.colour, style: $0.style,
          note: $0.note, createdAt: $0.createdAt, modifiedAt: $0.modifiedAt,
          isUnplaced: $0.isUnplaced)
      })
    return book.map { export.described(by: $0) } ?? export
  }

  /// Adds an export's bookmarks and highlights to a book, in one transaction.
  ///
  /// An annotation is the same as one the book already has only when its place, its kind
  /// (for a highlight, also its end, colour and style) and its note are all the same: importing
  /// a file twice adds nothing the second time, and two bookmarks at one place with
  /// different notes both survive. An annotation that carries the id and creation time
  /// of one the book has is that one, whatever it says now (its note was edited after
  /// the export). The locators are taken as they are: an export of another book must be
  /// `reanchored` first.
  ///
  /// - Returns: how many bookmarks and highlights were added.
  @discardableResult
  public func importAnnotations(_ export: AnnotationExport, intoBook bookID: Int) throws
    -> (bookmarks: Int, highlights: Int)
  {
    let existingBookmarks = try bookmarks(inBook: bookID)
    let existingHighlights = try highlights(inBook: bookID)
    var seenBookmarks = Set(existingBookmarks.map { BookmarkIdentity($0.locator, note: $0.note) })
    var seenHighlights = Set(
      existingHighlights.map {
        HighlightIdentity($0.start, $0.end, colour: $0.colour, style: $0.style, note: $0.note)
      })
    let bookmarkTimes = Dictionary(
      uniqueKeysWithValues: existingBookmarks.map { ($0.id, $0.createdAt) })
    let highlightTimes = Dictionary(
      uniqueKeysWithValues: existingHighlights.map { ($0.id, $0.createdAt) })
    // Whether an exported id and time name an annotation the book already has (the
    // export keeps whole seconds).
    func isKnown(_ id: Int?, _ createdAt: Date, in times: [Int: Date]) -> Bool {
      guard let id, let time = times[id] else { return false }
      return abs(time.timeIntervalSince(createdAt)) < 1
    }
    return try write { database in
      guard try Self.fetchBook(database, where: "b.id = ?", bookID) != nil else {
        throw LibraryError(.notFound, path: self.path, "there is no book with id \(bookID)")
      }
      var added = (bookmarks: 0, highlights: 0)
      for bookmark in export.bookmarks
      where !isKnown(bookmark.id, bookmark.createdAt, in: bookmarkTimes)
        && seenBookmarks.insert(BookmarkIdentity(bookmark.locator, note: bookmark.note)).inserted
      {
        _ = try Self.insertBookmark(
          database, bookID: bookID, locator: bookmark.locator, note: bookmark.note,
          createdAt: bookmark.createdAt, modifiedAt: bookmark.modifiedAt)
        added.bookmarks += 1
      }
      for highlight in export.highlights {
        // A reversed range is set the right way round, never collapsed to its start.
        let (start, end) = (
          min(highlight.start, highlight.end), max(highlight.start, highlight.end)
        )
        let identity = HighlightIdentity(
          start, end, colour: highlight.colour, style: highlight.style,
          note: highlight.note)
        guard !isKnown(highlight.id, highlight.createdAt, in: highlightTimes),
          seenHighlights.insert(identity).inserted
        else { continue }
        _ = try Self.insertHighlight(
          database,
          Highlight(
            id: 0, bookID: bookID, start: start, end: end,
            colour: highlight.colour, style: highlight.style, note: highlight.note,
            createdAt: highlight.createdAt, modifiedAt: highlight.modifiedAt,
            isUnplaced: highlight.isUnplaced))
        added.highlights += 1
      }
      return added
    }
  }
}

/// Chapter and offset: where an annotation is.
private struct Place: Hashable {
  var chapter: Int
  var offset: Int

  init(_ locator: Locator) {
    chapter = locator.chapterIndex
    offset = locator.offset
  }
}

/// What makes two bookmarks the same: place and note (no note and an empty one alike).
private struct BookmarkIdentity: Hashable {
  var place: Place
  var note: String

  init(_ locator: Locator, note: String?) {
    place = Place(locator)
    self.note = note ?? ""
  }
}

/// What makes two highlights the same: both ends, colour, style and note.
private struct HighlightIdentity: Hashable {
  var start: Place
  var end: Place
  var colour: Highlight.Colour
  var style: Highlight.Style
  var note: String

  init(
    _ start: Locator, _ end: Locator, colour: Highlight.Colour, style: Highlight.Style,
    note: String?
  ) {
    self.start = Place(start)
    self.end = Place(end)
    self.colour = colour
    self.style = style
    self.note = note ?? ""
  }
}
