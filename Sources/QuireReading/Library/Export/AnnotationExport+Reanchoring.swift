import QuireBook

extension AnnotationExport {
  /// An export moved onto another book's text, and what could not be moved.
  public struct Reanchored: Sendable {
    /// The annotations whose snippets were found, at their new chapters and offsets
    /// (snippets and progressions are still the old book's: the caller rebuilds them).
    public var export: AnnotationExport
    /// One line for each annotation whose text is not in the new book: its kind, old
    /// chapter and snippet. These are not in `export`.
    public var notFound: [String]
  }

  /// Finds every bookmark and highlight again in another book by its text snippet
  /// (`LocatorAnchoring`, searching the whole book after the neighbouring chapters).
  ///
  /// An annotation without a snippet, or whose snippet is nowhere in the new text, is
  /// left out and listed: nothing is attached to a guessed place.
  ///
  /// - Parameters:
  ///   - chapterCount: the new book's number of chapters.
  ///   - textOfChapter: the new book's plain text of a chapter, nil past the last one.
  public func reanchored(chapterCount: Int, textOfChapter: @escaping (Int) -> String?)
    -> Reanchored
  {
    var anchoring = LocatorAnchoring(textOfChapter: textOfChapter, chapterCount: chapterCount)
    func find(_ locator: Locator) -> Locator? {
      let (placed, outcome) = anchoring.reanchor(locator)
      return outcome == .found ? placed : nil
    }
    var moved = self
    var notFound: [String] = []
    moved.bookmarks = bookmarks.compactMap { bookmark in
      guard let locator = find(bookmark.locator) else {
        notFound.append("bookmark " + Self.describe(bookmark.locator, note: bookmark.note))
        return nil
      }
      var placed = bookmark
      placed.locator = locator
      placed.id = nil  // an annotation of another book: new here
      return placed
    }
    moved.highlights = highlights.compactMap { highlight in
      guard let start = find(highlight.start), let end = find(highlight.end) else {
        notFound.append("highlight " + Self.describe(highlight.start, note: highlight.note))
        return nil
      }
      var placed = highlight
      placed.id = nil
      placed.start = start
      placed.end = max(start, end)
      return placed
    }
    return Reanchored(export: moved, notFound: notFound)
  }

  /// "in chapter 3 at “…snippet…” (note: …)".
  private static func describe(_ locator: Locator, note: String?) -> String {
    let snippet = ((locator.textBefore ?? "") + (locator.textAfter ?? ""))
      .replacingOccurrences(of: "\n", with: " ")
    var text = "in chapter \(locator.chapterIndex + 1)"
    text += snippet.isEmpty ? " (no text to find it by)" : " at “…\(snippet)…”"
    if let note, !note.isEmpty { text += " (note: \(note))" }
    return text
  }
}
