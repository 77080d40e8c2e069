import QuireBook
import QuireReading

/// How `quire bookmarks BOOK` lists bookmarks: a heading line per bookmark (id, chapter,
/// place in the book, date), the text it marks, and its note.
enum BookmarkListing {
  /// The listing, wrapped to `width`.
  static func text(_ bookmarks: [Bookmark], book: Book, width: Int) -> String {
    let idWidth = bookmarks.map { String($0.id).count }.max() ?? 1
    let indent = String(repeating: " ", count: idWidth + 2)
    var output = ""
    for bookmark in bookmarks {
      let locator = bookmark.locator
      let chapter =
        book.chapters.indices.contains(locator.chapterIndex)
        ? "chapter \(locator.chapterIndex + 1): \(book.chapters[locator.chapterIndex].title)"
        : "chapter \(locator.chapterIndex + 1)"
      var heading = String(bookmark.id).leftPadded(to: idWidth) + "  " + chapter
      if let progression = locator.totalProgression {
        heading += " · " + ReadingTimeText.percent(progression)
      }
      heading += " · " + ReadingTimeText.date(bookmark.createdAt)
      output += heading + "\n"
      let text = OneLineText.of((locator.textBefore ?? "") + (locator.textAfter ?? ""))
      if !text.isEmpty {
        // The text is cut out of the chapter: an ellipsis where it was cut.
        let opening = (locator.textBefore ?? "").isEmpty ? "" : "…"
        output += TextWrapper.wrap("“\(opening)\(text)…”", width: width, indent: indent.count)
          .map { $0 + "\n" }.joined()
      }
      if let note = bookmark.note, !note.isEmpty {
        output += TextWrapper.wrap("Note: " + note, width: width, indent: indent.count)
          .map { $0 + "\n" }.joined()
      }
    }
    return output
  }
}
