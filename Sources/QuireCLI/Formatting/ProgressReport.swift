import Foundation
import QuireBook
import QuireReading

/// What `quire progress` shows about a book's saved position.
///
/// Rows are "key: value" lines; the reading session will add `page` ("45 of 210", or
/// "about 45 of 210" before pagination finishes) and `timeLeft` ("12 min in the chapter,
/// 3 h 5 min in the book") once it computes them — they are printed when set.
struct ProgressReport: Codable, Equatable {
  var title: String
  var authors: [String]
  /// Chapter number from 1 (of all chapters, as `quire toc` numbers them).
  var chapter: Int
  var chapters: Int
  var chapterTitle: String
  /// UTF-16 offset in the chapter.
  var offset: Int
  /// Progress through the book by characters, 0…1.
  var progression: Double
  var charactersRead: Int
  var characters: Int
  /// ISO 8601; absent when no position was saved.
  var lastRead: String?
  /// Page in the book, when a pagination is known.
  var page: String?
  /// Reading time left, when a reading speed is known.
  var timeLeft: String?

  /// The report for `book` at its saved position (the start when there is none).
  init(book: Book, entry: LibraryBook, position: SavedPosition?) throws {
    let progress = BookProgress(book: book)
    let chapterIndex = min(
      position?.locator.chapterIndex ?? book.readingOrder.first ?? 0,
      max(book.chapters.count - 1, 0))
    let offset = position?.locator.offset ?? 0
    title = entry.title
    authors = entry.authors
    chapter = chapterIndex + 1
    chapters = book.chapters.count
    chapterTitle = book.chapters.isEmpty ? "" : book.chapters[chapterIndex].title
    self.offset = offset
    characters = progress.totalCharacters
    charactersRead =
      book.chapters.isEmpty ? 0 : try progress.characters(before: offset, inChapter: chapterIndex)
    progression = characters > 0 ? Double(charactersRead) / Double(characters) : 0
    lastRead = position.map { ISO8601DateFormatter().string(from: $0.savedAt) }
    lastReadDate = position?.savedAt
  }

  private var lastReadDate: Date?

  private enum CodingKeys: String, CodingKey {
    case title, authors, chapter, chapters, chapterTitle, offset, progression, charactersRead
    case characters, lastRead, page, timeLeft
  }

  /// The report as aligned lines.
  func text(width: Int) -> String {
    var output = title
    if !authors.isEmpty { output += " — " + authors.joined(separator: ", ") }
    output += "\n"
    var rows = [("chapter", "\(chapter) of \(chapters) (\(chapterTitle))")]
    if let page { rows.append(("page", page)) }
    rows.append(
      (
        "progress",
        "\(ReadingTimeText.percent(progression, decimals: 1)) of the book "
          + "(\(charactersRead.grouped) of \(characters.grouped) characters)"
      ))
    if let timeLeft { rows.append(("time left", timeLeft)) }
    rows.append(
      ("last read", lastReadDate.map { ReadingTimeText.date($0) } ?? "never (not started)"))
    return output + KeyValueTable.render(rows, width: width)
  }
}
