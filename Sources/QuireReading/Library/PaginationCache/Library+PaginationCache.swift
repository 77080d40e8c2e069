public import Foundation

extension Library {
  /// The cached page breaks of every chapter paginated under `key`: chapter index → the
  /// UTF-16 offset where each of its pages starts.
  public func pageBreaks(for key: PaginationKey) throws -> [Int: [Int]] {
    let rows = try withDatabase { database in
      try database.query(
        """
        SELECT chapter, offsets FROM page_breaks
        WHERE content_hash = ? AND settings_hash = ? AND engine_version = ?
        """, key.contentHash, key.settingsHash, key.engineVersion
      ) { ($0.int(0), $0.data(1)) }
    }
    var breaks: [Int: [Int]] = [:]
    for (chapter, blob) in rows {
      breaks[chapter] = PageBreakCoding.decode(blob)
    }
    return breaks
  }

  /// The cached page breaks of one chapter, or nil on a miss.
  public func pageBreaks(for key: PaginationKey, chapter: Int) throws -> [Int]? {
    let blob = try withDatabase { database in
      try database.queryFirst(
        """
        SELECT offsets FROM page_breaks
        WHERE content_hash = ? AND settings_hash = ? AND engine_version = ? AND chapter = ?
        """, key.contentHash, key.settingsHash, key.engineVersion, chapter
      ) { $0.data(0) }
    }
    return blob.flatMap(PageBreakCoding.decode)
  }

  /// Stores the page breaks of some chapters under `key`, replacing what was there, in
  /// one transaction.
  public func storePageBreaks(
    _ breaks: [Int: [Int]], for key: PaginationKey, at date: Date = Date()
  ) throws {
    var blobs: [(chapter: Int, blob: Data)] = []
    for (chapter, offsets) in breaks.sorted(by: { $0.key < $1.key }) {
      guard let blob = PageBreakCoding.encode(offsets) else {
        throw LibraryError(
          .invalidValue, path: path, "a page break offset in chapter \(chapter) is out of range")
      }
      blobs.append((chapter, blob))
    }
    try write { database in
      for (chapter, blob) in blobs {
        try database.execute(
          """
          INSERT OR REPLACE INTO page_breaks (content_hash, settings_hash, engine_version,
                                              chapter, offsets, stored_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """, key.contentHash, key.settingsHash, key.engineVersion, chapter, blob,
          date.timeIntervalSince1970)
      }
    }
  }

  /// Stores one chapter's page breaks under `key`.
  public func storePageBreaks(
    _ offsets: [Int], chapter: Int, for key: PaginationKey, at date: Date = Date()
  ) throws {
    try storePageBreaks([chapter: offsets], for: key, at: date)
  }

  /// Drops every cached pagination cut by an engine older than `engineVersion`.
  ///
  /// - Returns: how many chapter entries were removed.
  @discardableResult
  public func evictPageBreaks(olderThan engineVersion: Int) throws -> Int {
    try write { database in
      try database.execute("DELETE FROM page_breaks WHERE engine_version < ?", engineVersion)
      return database.changes
    }
  }

  /// Drops every cached pagination of one book's content.
  @discardableResult
  public func evictPageBreaks(contentHash: String) throws -> Int {
    try write { database in
      try database.execute("DELETE FROM page_breaks WHERE content_hash = ?", contentHash)
      return database.changes
    }
  }
}
