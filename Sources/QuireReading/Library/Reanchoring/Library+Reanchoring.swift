public import Foundation
public import QuireBook

extension Library {
  /// Records that a book's content changed (same file, new hash) and moves its current
  /// position, bookmarks and highlights to where their text snippets are in the new text.
  /// A highlight whose text is not found is kept, marked unplaced (`Highlight.isUnplaced`),
  /// and a later reanchoring that finds it places it again.
  ///
  /// `textOfChapter` returns the new plain text of a chapter (nil past the last one); it
  /// is called outside the library's lock, at most once per chapter. The old content's
  /// cached page breaks are dropped.
  ///
  /// - Throws: `notFound` when no book has this id; `duplicateBook` when another entry
  ///   already has `newHash`.
  @discardableResult
  public func reanchor(
    bookID: Int, newHash: String, textOfChapter: (Int) -> String?
  ) throws -> ReanchorReport {
    try withoutActuallyEscaping(textOfChapter) { textOfChapter in
      try reanchor(bookID: bookID, newHash: newHash, escapingTextOfChapter: textOfChapter)
    }
  }

  private func reanchor(
    bookID: Int, newHash: String, escapingTextOfChapter textOfChapter: @escaping (Int) -> String?
  ) throws -> ReanchorReport {
    guard let entry = try book(id: bookID) else {
      throw LibraryError(.notFound, path: path, "there is no book with id \(bookID)")
    }
    if let other = try book(contentHash: newHash), other.id != bookID {
      throw LibraryError(
        .duplicateBook, path: path,
        "the new content is already in the library as “\(other.title)” (id \(other.id)); "
          + "remove one of the two entries first")
    }
    var anchoring = LocatorAnchoring(textOfChapter: textOfChapter)
    var report = ReanchorReport()
    var lastWasFound = true
    func place(_ locator: Locator) -> Locator {
      let (placed, outcome) = anchoring.reanchor(locator)
      switch outcome {
      case .found: report.found += 1
      case .clamped: report.clamped += 1
      }
      lastWasFound = outcome == .found
      return placed
    }
    let position = try currentPosition(ofBook: bookID).map {
      SavedPosition(locator: place($0.locator), savedAt: $0.savedAt)
    }
    let bookmarks = try bookmarks(inBook: bookID).map { bookmark in
      var moved = bookmark
      moved.locator = place(bookmark.locator)
      return moved
    }
    // A highlight is placed only when both its ends are found: one clamped to a guessed
    // place would colour text the reader never chose.
    let highlights = try highlights(inBook: bookID).map { highlight in
      var moved = highlight
      moved.start = place(highlight.start)
      let startFound = lastWasFound
      moved.end = max(moved.start, place(highlight.end))
      moved.isUnplaced = !(startFound && lastWasFound)
      if moved.isUnplaced { report.unplacedHighlights += 1 }
      return moved
    }
    try write { database in
      try database.execute(
        "UPDATE books SET content_hash = ? WHERE id = ?", newHash, bookID)
      try database.execute("DELETE FROM page_breaks WHERE content_hash = ?", entry.contentHash)
      if let position {
        try database.execute(
          """
          UPDATE positions SET chapter = ?, offset = ?, progression = ?, text_before = ?,
                               text_after = ?
          WHERE book_id = ?
          """, arguments: position.locator.columnValues + [bookID])
      }
      for bookmark in bookmarks {
        try database.execute(
          """
          UPDATE bookmarks SET chapter = ?, offset = ?, progression = ?, text_before = ?,
                               text_after = ?
          WHERE id = ?
          """, arguments: bookmark.locator.columnValues + [bookmark.id])
      }
      for highlight in highlights {
        try database.execute(
          """
          UPDATE highlights SET
            start_chapter = ?, start_offset = ?, start_progression = ?,
            start_text_before = ?, start_text_after = ?,
            end_chapter = ?, end_offset = ?, end_progression = ?,
            end_text_before = ?, end_text_after = ?, unplaced = ?
          WHERE id = ?
          """,
          arguments: highlight.start.columnValues + highlight.end.columnValues
            + [highlight.isUnplaced, highlight.id])
      }
    }
    return report
  }
}

extension Library {
  /// Adds `book` (see `add(_:cover:at:)`), first following a change of its text: a file
  /// found at its path under another content hash (edited, or read in with other replace
  /// rules, site lines or script) keeps its entry, and its position, bookmarks and
  /// highlights are found again in the new text by their snippets (`reanchor`).
  @discardableResult
  public func addFollowingChanges(_ book: Book, at date: Date = Date()) throws -> LibraryBook {
    if !isReadOnly,
      case .changed(let entry, let newHash) = try self.book(
        forPath: book.path, contentHash: book.contentHash)
    {
      try reanchor(
        bookID: entry.id, newHash: newHash,
        textOfChapter: { index in
          guard book.chapters.indices.contains(index) else { return nil }
          return try? book.text(ofChapter: index).string
        })
    }
    return try add(book, at: date)
  }
}
