import QuireBook
import QuireReading

/// How `quire bookmarks BOOK` lists bookmarks: a heading line per bookmark (id, chapter,
/// place in the book, date), the text it marks, and its note.
enum BookmarkListing {
  /// The most of a note a listing shows; the rest is counted.
  static let noteLimit = 2000
  /// The most of the text on each side of a bookmark a listing shows.
  static let snippetLimit = 200

  /// A note as listed: whole up to `noteLimit` characters, else its start and how much
  /// more there is (the export has it all).
  static func shown(_ note: String) -> String {
    guard note.count > noteLimit else { return note }
    let rest = note.count - noteLimit
    return String(note.prefix(noteLimit))
      + "… (\(rest.grouped) more characters; 'quire bookmarks BOOK export' has the whole note)"
  }

  /// The listing, wrapped to `width`.
  static func text(_ bookmarks: [Bookmark], book: Book, width: Int) -> String {
    let idWidth = bookmarks.map { String($0.id).count }.max() ?? 1
    let indent = String(repeating: " ", count: idWidth + 2)
    var output = ""
    let names = ContentsNames(book: book)
    for bookmark in bookmarks {
      let locator = bookmark.locator
      let chapter =
        book.chapters.indices.contains(locator.chapterIndex)
        ? "chapter \(locator.chapterIndex + 1): \(names.name(at: locator))"
        : "chapter \(locator.chapterIndex + 1)"
      var heading = String(bookmark.id).leftPadded(to: idWidth) + "  " + chapter
      if let progression = locator.totalProgression {
        heading += " · " + ReadingTimeText.percent(progression)
      }
      heading += " · " + ReadingTimeText.date(bookmark.createdAt)
      output += heading + "\n"
      let text = OneLineText.of(
        String((locator.textBefore ?? "").suffix(snippetLimit))
          + String((locator.textAfter ?? "").prefix(snippetLimit)))
      if !text.isEmpty {
        // The text is cut out of the chapter: an ellipsis where it was cut.
        let opening = (locator.textBefore ?? "").isEmpty ? "" : "…"
        output += TextWrapper.wrap("“\(opening)\(text)…”", width: width, indent: indent.count)
          .map { $0 + "\n" }.joined()
      }
      if let note = bookmark.note, !note.isEmpty {
        output += TextWrapper.wrap("Note: " + shown(note), width: width, indent: indent.count)
          .map { $0 + "\n" }.joined()
      }
    }
    return output
  }
}
