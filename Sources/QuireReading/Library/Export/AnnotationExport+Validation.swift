public import Foundation
public import QuireBook

extension AnnotationExport {
  /// The most an export file may hold: larger is refused before it is read.
  public static let maximumFileSize = 32 << 20
  /// The most bookmarks and highlights together an export may hold.
  public static let maximumEntries = 100_000
  /// The longest note kept, in UTF-16 units (a long essay; more is not a note).
  public static let maximumNoteLength = 1 << 20
  /// The longest text before or after a position (Quire writes a few dozen characters).
  public static let maximumSnippetLength = 4096

  /// What a book offers an import to check against: its chapters and their lengths.
  public struct BookShape: Sendable {
    /// The number of chapters.
    public var chapterCount: Int
    /// The length of chapter `index` in UTF-16 units; nil when it cannot be read.
    public var chapterLength: @Sendable (Int) -> Int?

    /// Creates a shape.
    public init(chapterCount: Int, chapterLength: @escaping @Sendable (Int) -> Int?) {
      self.chapterCount = chapterCount
      self.chapterLength = chapterLength
    }

    /// The shape of an open book (chapter texts are loaded as they are asked for).
    public init(_ book: Book) {
      self.init(chapterCount: book.chapters.count) { index in
        try? book.text(ofChapter: index).length
      }
    }
  }

  /// An entry of an export that was left out or changed, and why.
  public struct ValidationNote: Hashable, Sendable, CustomStringConvertible {
    /// "bookmark 3", "highlight 12" (their places in the export, from 1).
    public var entry: String
    /// What is wrong, or what was done.
    public var reason: String
    /// True when the entry was imported anyway (a reversed range set right).
    public var isKept: Bool

    public var description: String { "\(entry): \(reason)" }
  }

  /// The export with its invalid entries left out and reversed highlights set the right
  /// way round, and a note for each.
  ///
  /// An entry is invalid when a locator names a chapter the book does not have, an offset
  /// outside its chapter's text, a progression outside 0…1, a snippet or a note longer
  /// than the limits, or a creation date before 1970 or more than a day from `now`. A
  /// highlight whose end comes before its start has its ends swapped, never collapsed.
  ///
  /// - Throws: `LibraryError` `.invalidExport` when the export holds more than
  ///   `maximumEntries` entries.
  public func validated(for book: BookShape, source: String, now: Date = Date()) throws
    -> (export: AnnotationExport, notes: [ValidationNote])
  {
    let total = bookmarks.count + highlights.count
    guard total <= Self.maximumEntries else {
      throw LibraryError(
        .invalidExport, path: source,
        "the export holds \(total) bookmarks and highlights, more than the \(Self.maximumEntries)"
          + " Quire imports at once; nothing was imported")
    }
    var checker = Checker(book: book, now: now)
    var result = self
    var notes: [ValidationNote] = []
    result.bookmarks = bookmarks.enumerated().compactMap { index, bookmark in
      let problem =
        checker.problem(with: bookmark.locator) ?? checker.problem(note: bookmark.note)
        ?? checker.problem(date: bookmark.createdAt)
      guard let problem else { return bookmark }
      notes.append(ValidationNote(entry: "bookmark \(index + 1)", reason: problem, isKept: false))
      return nil
    }
    result.highlights = highlights.enumerated().compactMap { index, highlight in
      let problem =
        checker.problem(with: highlight.start, end: true)
        ?? checker.problem(with: highlight.end, end: true)
        ?? checker.problem(note: highlight.note) ?? checker.problem(date: highlight.createdAt)
      if let problem {
        notes.append(
          ValidationNote(entry: "highlight \(index + 1)", reason: problem, isKept: false))
        return nil
      }
      guard highlight.end < highlight.start else { return highlight }
      notes.append(
        ValidationNote(
          entry: "highlight \(index + 1)",
          reason: "its end came before its start; the two were swapped", isKept: true))
      var swapped = highlight
      swapped.start = highlight.end
      swapped.end = highlight.start
      return swapped
    }
    return (result, notes)
  }
}

/// The checks of one validation, with the chapter lengths found so far.
private struct Checker {
  let book: AnnotationExport.BookShape
  let now: Date
  var lengths: [Int: Int?] = [:]

  init(book: AnnotationExport.BookShape, now: Date) {
    self.book = book
    self.now = now
  }

  /// What is wrong with a locator, or nil. `end` allows the offset just past the text.
  mutating func problem(with locator: Locator, end: Bool = false) -> String? {
    let chapter = locator.chapterIndex
    guard chapter >= 0 && chapter < book.chapterCount else {
      return "chapter \(chapter + 1) is not in the book (it has \(book.chapterCount))"
    }
    if lengths[chapter] == nil { lengths[chapter] = book.chapterLength(chapter) }
    guard let length = lengths[chapter] ?? nil else {
      return "chapter \(chapter + 1) cannot be read"
    }
    guard locator.offset >= 0 && locator.offset <= length else {
      return "offset \(locator.offset) is outside chapter \(chapter + 1) (0 to \(length))"
    }
    if let progression = locator.totalProgression, !(0...1).contains(progression) {
      return "its place in the book, \(progression), is not between 0 and 1"
    }
    for snippet in [locator.textBefore, locator.textAfter] {
      if let snippet, snippet.utf16.count > AnnotationExport.maximumSnippetLength {
        return "its text around the position is longer than "
          + "\(AnnotationExport.maximumSnippetLength) characters"
      }
    }
    return nil
  }

  func problem(note: String?) -> String? {
    guard let note, note.utf16.count > AnnotationExport.maximumNoteLength else { return nil }
    return "its note is \(note.utf16.count) characters long, more than the "
      + "\(AnnotationExport.maximumNoteLength) a note may hold"
  }

  func problem(date: Date) -> String? {
    let earliest = Date(timeIntervalSince1970: 0)
    guard date < earliest || date > now.addingTimeInterval(86_400) else { return nil }
    return "it was made at \(date.formatted(.iso8601)), which cannot be right"
  }
}
