public import Foundation
public import QuireBook

extension Library {
  /// Adds a book, or updates the entry that has the same content hash.
  ///
  /// A known hash keeps its id, added time, positions and annotations; its path, format,
  /// metadata and length are replaced (the file may have moved or been re-imported), and
  /// its cover too when one is given.
  ///
  /// - Parameters:
  ///   - characters: the text's length in UTF-16 units, for progress and estimates.
  ///   - cover: a small thumbnail image (PNG or JPEG bytes), if there is one.
  @discardableResult
  public func addBook(
    path: String, contentHash: String, format: String, metadata: Metadata, characters: Int,
    cover: Data? = nil, at date: Date = Date()
  ) throws -> LibraryBook {
    let metadataJSON = try encodeMetadata(metadata)
    return try write { database in
      try database.execute(
        """
        INSERT INTO books (path, content_hash, format, title, authors, language, metadata,
                           cover, characters, added_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (content_hash) DO UPDATE SET
          path = excluded.path, format = excluded.format, title = excluded.title,
          authors = excluded.authors, language = excluded.language,
          metadata = excluded.metadata, characters = excluded.characters,
          cover = coalesce(excluded.cover, cover)
        """,
        path, contentHash, format, metadata.title, Self.joinAuthors(metadata.authors),
        metadata.language, metadataJSON, cover, characters, date.timeIntervalSince1970)
      return try Self.fetchBook(database, where: "b.content_hash = ?", contentHash)!
    }
  }

  /// Adds an imported book (see `addBook(path:contentHash:format:metadata:characters:)`),
  /// reading only its path, hash, format, metadata and chapter lengths.
  @discardableResult
  public func add(_ book: Book, cover: Data? = nil, at date: Date = Date()) throws
    -> LibraryBook
  {
    let characters = book.chapters.reduce(0) { $0 + $1.estimatedLength }
    return try addBook(
      path: book.path, contentHash: book.contentHash, format: book.format.displayName,
      metadata: book.metadata, characters: characters, cover: cover, at: date)
  }

  /// Replaces a book's metadata (and optionally its format name and length).
  ///
  /// - Throws: `LibraryError.Code.notFound` when no book has this id.
  public func updateBook(
    _ id: Int, metadata: Metadata, format: String? = nil, characters: Int? = nil
  ) throws {
    let metadataJSON = try encodeMetadata(metadata)
    try write { database in
      try database.execute(
        """
        UPDATE books SET title = ?, authors = ?, language = ?, metadata = ?,
          format = coalesce(?, format), characters = coalesce(?, characters)
        WHERE id = ?
        """,
        metadata.title, Self.joinAuthors(metadata.authors), metadata.language, metadataJSON,
        format, characters, id)
      try requireChange(database, book: id)
    }
  }

  /// Stores (or with nil, removes) a book's cover thumbnail.
  public func setCover(_ cover: Data?, ofBook id: Int) throws {
    try write { database in
      try database.execute("UPDATE books SET cover = ? WHERE id = ?", cover, id)
      try requireChange(database, book: id)
    }
  }

  /// Records that the book was opened for reading now (for the "recent" order).
  public func markOpened(_ id: Int, at date: Date = Date()) throws {
    try write { database in
      try database.execute(
        "UPDATE books SET opened_at = ? WHERE id = ?", date.timeIntervalSince1970, id)
      try requireChange(database, book: id)
    }
  }

  /// Removes a book with its positions, bookmarks, highlights, sessions and cached pages.
  ///
  /// - Returns: false when no book had this id.
  @discardableResult
  public func removeBook(_ id: Int) throws -> Bool {
    try write { database in
      // Foreign keys cascade to the per-book tables; the page cache is keyed by content.
      try database.execute(
        "DELETE FROM page_breaks WHERE content_hash = (SELECT content_hash FROM books WHERE id = ?)",
        id)
      try database.execute("DELETE FROM books WHERE id = ?", id)
      return database.changes > 0
    }
  }

  // MARK: - Finding books

  /// The book with this id.
  public func book(id: Int) throws -> LibraryBook? {
    try withDatabase { try Self.fetchBook($0, where: "b.id = ?", id) }
  }

  /// The book with this content hash, wherever it is on disk.
  public func book(contentHash: String) throws -> LibraryBook? {
    try withDatabase { try Self.fetchBook($0, where: "b.content_hash = ?", contentHash) }
  }

  /// The book last seen at this path (the most recently added one if several were).
  public func book(path: String) throws -> LibraryBook? {
    try withDatabase { try Self.fetchBook($0, where: "b.path = ?", path) }
  }

  /// Finds a book file in the library by its content first, then by its path.
  ///
  /// A book found by content under another path has moved: its path is updated here.
  /// A read-only library answers the same without recording the move: looking a book up
  /// is a read.
  public func book(forPath path: String, contentHash: String) throws -> BookLookup {
    let lookup = try withDatabase { database -> BookLookup in
      if let book = try Self.fetchBook(database, where: "b.content_hash = ?", contentHash) {
        if book.path == path { return .known(book) }
        var moved = book
        moved.path = path
        return .moved(moved, previousPath: book.path)
      }
      if let book = try Self.fetchBook(database, where: "b.path = ?", path) {
        return .changed(book, newContentHash: contentHash)
      }
      return .notFound
    }
    if case .moved(let moved, _) = lookup, !isReadOnly {
      // Another process may have moved it too: the same path is written either way.
      try write { database in
        try database.execute("UPDATE books SET path = ? WHERE id = ?", path, moved.id)
      }
    }
    return lookup
  }

  /// Records that a book now lives at `path`.
  public func relocate(_ id: Int, to path: String) throws {
    try write { database in
      try database.execute("UPDATE books SET path = ? WHERE id = ?", path, id)
      try requireChange(database, book: id)
    }
  }

  /// All books, in the given order.
  ///
  /// - Complexity: one query; about 1 ms per 1,000 books in a release build.
  public func books(sortedBy sort: LibrarySort = .recent) throws -> [LibraryBook] {
    let order =
      switch sort {
      case .recent: "coalesce(b.opened_at, b.added_at) DESC, b.id DESC"
      case .title: "b.title COLLATE NOCASE, b.id"
      case .progress: "p.progression IS NULL, p.progression DESC, b.title COLLATE NOCASE, b.id"
      }
    return try withDatabase { database in
      try database.query("\(Self.bookSelect) ORDER BY \(order)") { Self.book(from: $0) }
    }
  }

  /// A book's full metadata, as last added or updated.
  public func metadata(ofBook id: Int) throws -> Metadata? {
    let json = try withDatabase { database in
      try database.queryFirst("SELECT metadata FROM books WHERE id = ?", id) { $0.string(0) }
    }
    guard let json else { return nil }
    do {
      return try JSONDecoder().decode(Metadata.self, from: Data(json.utf8))
    } catch {
      throw LibraryError(.corrupt, path: path, "the metadata of book \(id) cannot be read")
    }
  }

  /// A book's cover thumbnail, if one is stored.
  public func cover(ofBook id: Int) throws -> Data? {
    try withDatabase { database in
      try database.queryFirst("SELECT cover FROM books WHERE id = ?", id) { $0.optionalData(0) }
        ?? nil
    }
  }

  // MARK: - Rows

  private static let bookSelect = """
    SELECT b.id, b.path, b.content_hash, b.format, b.title, b.authors, b.language,
           b.characters, b.added_at, b.opened_at, p.progression, b.cover IS NOT NULL
    FROM books b LEFT JOIN positions p ON p.book_id = b.id
    """

  static func fetchBook(
    _ database: Database, where condition: String, _ argument: any SQLiteBindable
  ) throws -> LibraryBook? {
    try database.queryFirst(
      "\(bookSelect) WHERE \(condition) ORDER BY b.id DESC LIMIT 1", argument
    ) { book(from: $0) }
  }

  private static func book(from row: Row) -> LibraryBook {
    let authors = row.string(5)
    return LibraryBook(
      id: row.int(0), path: row.string(1), contentHash: row.string(2), format: row.string(3),
      title: row.string(4),
      authors: authors.isEmpty ? [] : authors.split(separator: "\n").map(String.init),
      language: row.optionalString(6), characters: row.int(7),
      addedAt: Date(timeIntervalSince1970: row.double(8)),
      openedAt: row.optionalDouble(9).map(Date.init(timeIntervalSince1970:)),
      progression: row.optionalDouble(10), hasCover: row.bool(11))
  }

  /// Authors one a line: names never contain a newline, and splitting is cheap.
  private static func joinAuthors(_ authors: [String]) -> String {
    authors.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
  }

  /// Metadata as JSON text (readable with the `sqlite3` shell).
  private func encodeMetadata(_ metadata: Metadata) throws -> String {
    String(decoding: try JSONCoding.encoder(pretty: false).encode(metadata), as: UTF8.self)
  }

  /// Throws `notFound` when the last UPDATE changed no row.
  func requireChange(_ database: Database, book id: Int) throws {
    if database.changes == 0 {
      throw LibraryError(.notFound, path: path, "there is no book with id \(id) in the library")
    }
  }
}
