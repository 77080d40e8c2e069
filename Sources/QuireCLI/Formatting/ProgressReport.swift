import Foundation
import QuireBook
import QuireReading

/// What `quire progress` shows about a book's saved position.
///
/// Rows are "key: value" lines. Page figures and the time left come from a reading
/// session's peek (`ReadingPeek`): pages are exact when the book's pagination is cached
/// for the default settings, else "about"; the time left and "done at" appear once the
/// library has reading sessions to take a speed from.
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
  /// "245 of 1,210 (12 of 30 in the chapter)", with "about" before estimated figures.
  var page: String?
  /// Reading time left, when a reading speed is known.
  var timeLeft: String?
  /// "22:40": when the book is done at the reader's speed (local time).
  var doneAt: String?
  /// The page figures as numbers, when a session computed them.
  var pageInBook: Int?
  var pagesInBook: Int?
  var pageInChapter: Int?
  var pagesInChapter: Int?
  /// Whether the page figures are exact (from the pagination cache).
  var pagesExact: Bool?
  /// Seconds to the end of the chapter and of the book, when a reading speed is known.
  var secondsLeftInChapter: Double?
  var secondsLeftInBook: Double?

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
    // The contents entry the position is in, as every other place names it.
    chapterTitle =
      book.chapters.isEmpty
      ? "" : ContentsNames(book: book).name(at: Locator(chapterIndex: chapterIndex, offset: offset))
    self.offset = offset
    characters = progress.totalCharacters
    charactersRead =
      book.chapters.isEmpty ? 0 : try progress.characters(before: offset, inChapter: chapterIndex)
    progression = characters > 0 ? Double(charactersRead) / Double(characters) : 0
    lastRead = position.map { ISO8601DateFormatter().string(from: $0.savedAt) }
    lastReadDate = position?.savedAt
  }

  /// Adds the page figures and the time left a reading session computed.
  mutating func add(_ peek: ReadingPeek) {
    if let progress = peek.shown?.progress {
      pageInBook = progress.pageInBook
      pagesInBook = progress.pagesInBook
      pageInChapter = progress.pageInChapter
      pagesInChapter = progress.pagesInChapter
      pagesExact = progress.isExact
      page = Self.pageText(progress)
    }
    if let estimate = peek.estimate {
      secondsLeftInChapter = estimate.chapterTimeLeft.rounded()
      secondsLeftInBook = estimate.bookTimeLeft.rounded()
      timeLeft =
        ReadingTimeText.duration(estimate.chapterTimeLeft) + " in the chapter, "
        + ReadingTimeText.duration(estimate.bookTimeLeft) + " in the book"
      doneAt = ReadingTimeEstimate.clockTime(estimate.bookDoneAt)
    }
  }

  /// "245 of 1,210 (12 of 30 in the chapter)", or with "about" while estimated.
  static func pageText(_ progress: ReadingProgress) -> String {
    let about = progress.isExact ? "" : "about "
    return "\(about)\(progress.pageInBook.grouped) of \(progress.pagesInBook.grouped) "
      + "(\(progress.pageInChapter) of \(progress.pagesInChapter) in the chapter)"
  }

  private var lastReadDate: Date?

  private enum CodingKeys: String, CodingKey {
    case title, authors, chapter, chapters, chapterTitle, offset, progression, charactersRead
    case characters, lastRead, page, timeLeft, doneAt, pageInBook, pagesInBook, pageInChapter
    case pagesInChapter, pagesExact, secondsLeftInChapter, secondsLeftInBook
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
    if let doneAt { rows.append(("done at", doneAt + " if you keep reading")) }
    rows.append(
      ("last read", lastReadDate.map { ReadingTimeText.date($0) } ?? "never (not started)"))
    return output + KeyValueTable.render(rows, width: width)
  }
}
