/// The library's schema: an ordered list of migrations, applied by `PRAGMA user_version`.
///
/// Migration *n* (1-based) brings a database from version *n − 1* to *n*. Migrations are
/// only ever appended: a released one is never edited, so every library on disk can be
/// brought up to date from whatever version it has.
enum LibrarySchema {
  /// The SQL of each migration, in order.
  static let migrations: [String] = [version1, version2, lookupHistory, timedReading]

  /// The version a fully migrated database has.
  static var version: Int { migrations.count }

  /// Brings `database` up to date: all pending migrations in one transaction, so a
  /// failure (or a kill) leaves the file at its old version, untouched.
  ///
  /// Safe against a concurrent first open by another process: the version is read again
  /// inside the write transaction, so only one of them applies the migrations.
  ///
  /// - Parameters:
  ///   - migrations: the list to apply; tests pass their own.
  ///   - marking: also set Quire's `application_id` (`LibraryIdentity`), in the same
  ///     transaction; for a new file or one made before libraries were marked.
  static func migrate(
    _ database: Database, migrations: [String] = migrations, marking: Bool = false
  ) throws {
    let target = migrations.count
    if try currentVersion(database) == target && !marking { return }
    try database.transaction {
      let found = try currentVersion(database)
      guard found <= target else {
        throw LibraryError(
          .newerSchema, path: database.path,
          "the library has schema version \(found), newer than this Quire knows (\(target)); "
            + "update Quire to open it")
      }
      if marking { try LibraryIdentity.mark(database) }
      for index in found..<target {
        try database.executeScript(migrations[index])
      }
      try database.execute("PRAGMA user_version = \(target)")
    }
  }

  /// The database's `user_version`: 0 for a new file.
  static func currentVersion(_ database: Database) throws -> Int {
    try database.queryFirst("PRAGMA user_version") { $0.int(0) } ?? 0
  }

  /// Books, positions, bookmarks, highlights, reading sessions and the pagination cache.
  ///
  /// The large columns of `books` (metadata JSON, cover) come last: a row's columns are
  /// stored in order, and a list that reads only the small ones then never follows a big
  /// row's overflow pages. Times are seconds since 1970 (REAL). A locator is stored as
  /// columns (chapter, UTF-16 offset, total progression, text before, text after) so that
  /// lists sort in SQL.
  private static let version1 = """
    CREATE TABLE books (
      id INTEGER PRIMARY KEY,
      path TEXT NOT NULL,
      content_hash TEXT NOT NULL UNIQUE,
      format TEXT NOT NULL,
      title TEXT NOT NULL,
      authors TEXT NOT NULL,
      language TEXT,
      characters INTEGER NOT NULL,
      added_at REAL NOT NULL,
      opened_at REAL,
      metadata TEXT NOT NULL,
      cover BLOB
    );
    CREATE INDEX books_path ON books(path);

    CREATE TABLE positions (
      book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
      chapter INTEGER NOT NULL,
      offset INTEGER NOT NULL,
      progression REAL,
      text_before TEXT,
      text_after TEXT,
      saved_at REAL NOT NULL
    );

    CREATE TABLE position_history (
      id INTEGER PRIMARY KEY,
      book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      chapter INTEGER NOT NULL,
      offset INTEGER NOT NULL,
      progression REAL,
      text_before TEXT,
      text_after TEXT,
      saved_at REAL NOT NULL
    );
    CREATE INDEX position_history_book ON position_history(book_id, id);

    CREATE TABLE bookmarks (
      id INTEGER PRIMARY KEY,
      book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      chapter INTEGER NOT NULL,
      offset INTEGER NOT NULL,
      progression REAL,
      text_before TEXT,
      text_after TEXT,
      note TEXT,
      created_at REAL NOT NULL
    );
    CREATE INDEX bookmarks_book ON bookmarks(book_id, chapter, offset);

    CREATE TABLE highlights (
      id INTEGER PRIMARY KEY,
      book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      start_chapter INTEGER NOT NULL,
      start_offset INTEGER NOT NULL,
      start_progression REAL,
      start_text_before TEXT,
      start_text_after TEXT,
      end_chapter INTEGER NOT NULL,
      end_offset INTEGER NOT NULL,
      end_progression REAL,
      end_text_before TEXT,
      end_text_after TEXT,
      colour TEXT NOT NULL,
      note TEXT,
      created_at REAL NOT NULL
    );
    CREATE INDEX highlights_book ON highlights(book_id, start_chapter, start_offset);

    CREATE TABLE reading_sessions (
      id INTEGER PRIMARY KEY,
      book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      started_at REAL NOT NULL,
      ended_at REAL NOT NULL,
      characters_read INTEGER NOT NULL,
      pages_turned INTEGER NOT NULL
    );
    CREATE INDEX reading_sessions_book ON reading_sessions(book_id, started_at);

    CREATE TABLE page_breaks (
      content_hash TEXT NOT NULL,
      settings_hash TEXT NOT NULL,
      engine_version INTEGER NOT NULL,
      chapter INTEGER NOT NULL,
      offsets BLOB NOT NULL,
      stored_at REAL NOT NULL,
      PRIMARY KEY (content_hash, settings_hash, engine_version, chapter)
    ) WITHOUT ROWID;
    CREATE INDEX page_breaks_engine ON page_breaks(engine_version);
    """

  /// Highlights gain a style (background, underline or strike), a modification time and
  /// an "unplaced" mark (its text was not found after the book changed); bookmarks a
  /// modification time. Existing rows keep what they showed: a background highlight,
  /// modified when made, placed. Bookmark notes stay on their bookmarks.
  private static let version2 = """
    ALTER TABLE highlights ADD COLUMN style TEXT NOT NULL DEFAULT 'background';
    ALTER TABLE highlights ADD COLUMN modified_at REAL;
    ALTER TABLE highlights ADD COLUMN unplaced INTEGER NOT NULL DEFAULT 0;
    UPDATE highlights SET modified_at = created_at;
    ALTER TABLE bookmarks ADD COLUMN modified_at REAL;
    UPDATE bookmarks SET modified_at = created_at;
    """

  /// The words a reader looked up in a dictionary, newest last: what was asked, the form
  /// a dictionary knew (NULL when none did), the dictionaries that answered (ids, one a
  /// line), and where: the book (its title kept, so the history outlives the book's
  /// removal) at a locator, with the sentence around the word.
  private static let lookupHistory = """
    CREATE TABLE lookups (
      id INTEGER PRIMARY KEY,
      word TEXT NOT NULL,
      form TEXT,
      dictionaries TEXT NOT NULL,
      language TEXT,
      book_id INTEGER REFERENCES books(id) ON DELETE SET NULL,
      book_title TEXT,
      chapter INTEGER,
      offset INTEGER,
      progression REAL,
      text_before TEXT,
      text_after TEXT,
      context TEXT,
      looked_up_at REAL NOT NULL
    );
    CREATE INDEX lookups_time ON lookups(looked_up_at);
    CREATE INDEX lookups_book ON lookups(book_id, looked_up_at);
    """

  /// Reading sessions learn what counted, as KOReader's statistics count it: the seconds
  /// of the pages that counted towards speed (`reading_seconds`, with `characters_read`
  /// the reader's speed), the seconds and pages that were reading at all (`time_read`,
  /// `pages_read`: neither flipped past nor left while away, time under panels taken
  /// out), and the script the book is read in (`script`, `ReadingScript`). Sessions
  /// recorded before have NULL there: their time is their wall time, their pages the
  /// pages turned, and they teach no speed (their characters were divided by time spent
  /// in panels too).
  private static let timedReading = """
    ALTER TABLE reading_sessions ADD COLUMN reading_seconds REAL;
    ALTER TABLE reading_sessions ADD COLUMN time_read REAL;
    ALTER TABLE reading_sessions ADD COLUMN pages_read INTEGER;
    ALTER TABLE reading_sessions ADD COLUMN script TEXT;
    CREATE INDEX reading_sessions_time ON reading_sessions(started_at);
    """
}
