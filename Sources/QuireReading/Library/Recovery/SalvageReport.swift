/// What was copied out of a damaged library into the new one that replaced it.
public struct SalvageReport: Hashable, Sendable {
  public var books = 0
  public var bookmarks = 0
  /// Bookmarks and highlights that carry a note.
  public var notes = 0
  public var highlights = 0
  /// Books with a saved reading position.
  public var positions = 0
  public var readingSessions = 0
  /// Damaged pages or rows that could not be read (each may have held several rows).
  public var damagedParts = 0
  /// Rows left out because the row they belong to (their book) could not be read.
  public var orphansDropped = 0

  /// An empty report.
  public init() {}

  /// "2,005 bookmarks, 3 highlights, 12 notes, 4 reading positions and 10 reading
  /// sessions of 5 books", then what could not be read.
  public var summary: String {
    func count(_ number: Int, _ one: String, _ many: String) -> String {
      grouped(number) + " " + (number == 1 ? one : many)
    }
    var text =
      count(bookmarks, "bookmark", "bookmarks") + ", "
      + count(highlights, "highlight", "highlights") + ", " + count(notes, "note", "notes")
      + ", " + count(positions, "reading position", "reading positions") + " and "
      + count(readingSessions, "reading session", "reading sessions") + " of "
      + count(books, "book", "books")
    if damagedParts > 0 {
      text += "; " + count(damagedParts, "damaged part", "damaged parts") + " could not be read"
    }
    if orphansDropped > 0 {
      text +=
        "; " + count(orphansDropped, "entry", "entries")
        + " of books that could not be read were left out"
    }
    return text
  }

  /// Counts what the library at the other end of `database` holds.
  mutating func count(in database: Database) throws {
    func number(_ sql: String) throws -> Int { try database.queryFirst(sql) { $0.int(0) } ?? 0 }
    books = try number("SELECT count(*) FROM main.books")
    bookmarks = try number("SELECT count(*) FROM main.bookmarks")
    highlights = try number("SELECT count(*) FROM main.highlights")
    notes =
      try number("SELECT count(*) FROM main.bookmarks WHERE coalesce(note, '') != ''")
      + number("SELECT count(*) FROM main.highlights WHERE coalesce(note, '') != ''")
    positions = try number("SELECT count(*) FROM main.positions")
    readingSessions = try number("SELECT count(*) FROM main.reading_sessions")
  }

  /// 2005 as "2,005".
  private func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
      index -= 3
    }
    return (number < 0 ? "-" : "") + digits
  }
}
