import Foundation
import QuireBook
import QuireReading

extension ReaderController {
  /// Reads the book's bookmarks and highlights from the library into `bookmarks` and
  /// `highlights` (none without a library), and marks the pages shown with them.
  func reloadAnnotations() {
    if let library, let bookID {
      bookmarks = (try? library.bookmarks(inBook: bookID)) ?? []
      highlights = (try? library.highlights(inBook: bookID)) ?? []
    } else {
      bookmarks = []
      highlights = []
    }
    refreshMarks()
  }

  /// The bookmarks on the pages shown.
  func bookmarksShown() -> [Bookmark] {
    bookmarks.filter { bookmark in
      shown.contains {
        $0.chapterIndex == bookmark.locator.chapterIndex
          && ($0.page.range.contains(bookmark.locator.offset)
            || $0.page.range.lowerBound == bookmark.locator.offset)
      }
    }
  }

  /// Adds a bookmark at the page shown, or removes the ones on it.
  func toggleBookmark() async {
    guard let library, let bookID else {
      say("Bookmarks need a library; this book is open without one.", isError: true)
      return
    }
    defer { reloadAnnotations() }
    do {
      let existing = bookmarksShown()
      if existing.isEmpty {
        let anchor = await session.anchor
        _ = try library.addBookmark(at: anchor, inBook: bookID, at: configuration.clock())
        say("Bookmarked.")
      } else {
        for bookmark in existing { _ = try library.removeBookmark(bookmark.id) }
        say(existing.count == 1 ? "Bookmark removed." : "\(existing.count) bookmarks removed.")
      }
    } catch {
      say("The bookmark was not saved: \(error)", isError: true)
    }
  }

  /// Opens the note field for the page shown: the note of its bookmark, or a new one.
  func openNote() async {
    guard library != nil, bookID != nil else {
      say("Notes need a library; this book is open without one.", isError: true)
      return
    }
    let anchor = await session.anchor
    if let bookmark = bookmarksShown().first {
      panel = .note(text: bookmark.note ?? "", bookmarkID: bookmark.id, locator: bookmark.locator)
    } else {
      panel = .note(text: "", bookmarkID: nil, locator: anchor)
    }
  }

  /// Saves a note: on its bookmark, or as a new bookmark at `locator`.
  func saveNote(_ text: String, bookmarkID id: Int?, at locator: Locator) {
    guard let library, let bookID else { return }
    let note = text.trimmingCharacters(in: .whitespacesAndNewlines)
    defer { reloadAnnotations() }
    do {
      if let id {
        try library.updateBookmark(id, note: note.isEmpty ? nil : note)
      } else {
        _ = try library.addBookmark(
          at: locator, inBook: bookID, note: note.isEmpty ? nil : note, at: configuration.clock())
      }
      say(note.isEmpty ? "Note removed." : "Note saved.")
    } catch {
      say("The note was not saved: \(error)", isError: true)
    }
  }

  /// Highlights a range and shows it.
  func addHighlight(chapter: Int, range: Range<Int>) async {
    guard let library, let bookID else {
      say("Highlights need a library; this book is open without one.", isError: true)
      return
    }
    do {
      _ = try library.addHighlight(
        from: Locator(chapterIndex: chapter, offset: range.lowerBound),
        to: Locator(chapterIndex: chapter, offset: range.upperBound), inBook: bookID,
        at: configuration.clock())
      say("Highlighted.")
      reloadAnnotations()
    } catch {
      say("The highlight was not saved: \(error)", isError: true)
    }
  }

  /// Opens the bookmarks and notes, in book order.
  func openBookmarks() {
    guard let library, let bookID else {
      say("Bookmarks need a library; this book is open without one.", isError: true)
      return
    }
    // Read afresh: another program (`quire bookmarks`) may have changed them.
    reloadAnnotations()
    do {
      var items: [PanelState.Annotation] = []
      for bookmark in try library.bookmarks(inBook: bookID) {
        items.append(
          .init(
            kind: .bookmark, id: bookmark.id, locator: bookmark.locator, note: bookmark.note,
            snippet: snippet(at: bookmark.locator)))
      }
      for highlight in try library.highlights(inBook: bookID) {
        items.append(
          .init(
            kind: .highlight, id: highlight.id, locator: highlight.start, note: highlight.note,
            snippet: snippet(from: highlight.start, to: highlight.end)))
      }
      items.sort {
        ($0.locator.chapterIndex, $0.locator.offset) < ($1.locator.chapterIndex, $1.locator.offset)
      }
      panel = .bookmarks(items: items, selection: 0)
    } catch {
      say("The bookmarks could not be read: \(error)", isError: true)
    }
  }

  /// The text at a position, on one line, for a list.
  func snippet(at locator: Locator) -> String {
    guard let text = try? book.text(ofChapter: locator.chapterIndex) else {
      return Self.oneLine(String((locator.textAfter ?? "").prefix(160)))
    }
    let start = min(max(0, locator.offset), text.length)
    return Self.oneLine(text.substring(start..<min(text.length, start + 160)))
  }

  /// The text of a highlight, on one line, for a list: its first 200 characters, whatever
  /// its stored ends say (a library may hold a range reversed or past its chapter).
  func snippet(from start: Locator, to end: Locator) -> String {
    let (first, last) = (min(start, end), max(start, end))
    guard let text = try? book.text(ofChapter: first.chapterIndex) else {
      return snippet(at: first)
    }
    let lower = min(max(0, first.offset), text.length)
    let upper = last.chapterIndex == first.chapterIndex ? max(lower, last.offset) : text.length
    return Self.oneLine(text.substring(lower..<min(upper, text.length, lower + 200)))
  }
}
