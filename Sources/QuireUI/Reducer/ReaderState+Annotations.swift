import Foundation
import QuireBook
import QuireReading

extension ReaderState {
  /// Bookmarks, notes and highlights; nil for a command of another feature.
  mutating func reduceAnnotations(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    case .bookmarks:
      guard requireLibrary("Bookmarks") else { return [] }
      // Read afresh: another program (`quire bookmarks`) may have changed them.
      return [.readAnnotations(forPanel: true)]
    case .toggleBookmark:
      guard requireLibrary("Bookmarks") else { return [] }
      let existing = bookmarksShown()
      return [
        .write(existing.isEmpty ? .addBookmark(anchor) : .removeBookmarks(existing.map(\.id)))
      ]
    case .addNote:
      guard requireLibrary("Notes") else { return [] }
      openNote()
      return []
    case .highlight(let chapter, let range):
      guard requireLibrary("Highlights") else { return [] }
      return [
        .write(
          .addHighlight(
            from: Locator(chapterIndex: chapter, offset: range.lowerBound),
            to: Locator(chapterIndex: chapter, offset: range.upperBound), colour: .yellow,
            style: .background))
      ]
    default:
      return nil
    }
  }

  /// Whether the book has a library to write to; says why not when it has none.
  private mutating func requireLibrary(_ what: String) -> Bool {
    guard hasLibrary, bookID != nil else {
      say("\(what) need a library; this book is open without one.", isError: true)
      return false
    }
    return true
  }

  /// Opens the note field: on the selection (the note of the highlight that is exactly
  /// that passage, or a new one), else on the page — the note of its bookmark, where an
  /// earlier Quire kept page notes, or the note on the page's first sentence.
  mutating func openNote() {
    if let selection = selecting.selection {
      clearSelection()
      panel = .note(text: "", target: .passage(from: selection.start, to: selection.end))
      if let highlight = annotations.highlights.first(where: {
        !$0.isUnplaced && Self.samePlace($0.start, selection.start)
          && Self.samePlace($0.end, selection.end)
      }) {
        panel = .note(
          text: highlight.note ?? "",
          target: .highlight(id: highlight.id, from: highlight.start, to: highlight.end))
      }
      return
    }
    if let bookmark = bookmarksShown().first(where: { !($0.note ?? "").isEmpty }) {
      panel = .note(
        text: bookmark.note ?? "", target: .bookmark(id: bookmark.id, locator: bookmark.locator))
      return
    }
    guard let side = sides.first,
      let sentence = Selection.firstSentence(
        ofPage: side.page.range, chapter: side.chapterIndex, in: boundaries)
    else {
      say("There is no text on this page to write a note on.")
      return
    }
    if let highlight = annotations.highlights.first(where: {
      !$0.isUnplaced && Self.samePlace($0.start, sentence.start) && $0.end >= sentence.end
    }) {
      panel = .note(
        text: highlight.note ?? "",
        target: .highlight(id: highlight.id, from: highlight.start, to: highlight.end))
    } else {
      panel = .note(text: "", target: .passage(from: sentence.start, to: sentence.end))
    }
  }

  /// Whether two locators name one place (their snippets aside).
  static func samePlace(_ left: Locator, _ right: Locator) -> Bool {
    left.chapterIndex == right.chapterIndex && left.offset == right.offset
  }

  /// Saves a note on its target.
  mutating func saveNote(_ text: String, on target: PanelState.NoteTarget) -> [ReaderEffect] {
    guard hasLibrary, bookID != nil else { return [] }
    let note = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if case .passage = target, note.isEmpty { return [] }
    return [.write(.saveNote(note, target))]
  }

  /// `d` in the bookmarks panel: removes the bookmark or highlight selected.
  mutating func deleteSelected(in state: PanelState) -> [ReaderEffect] {
    guard case .bookmarks(let items, let selection) = state, items.indices.contains(selection),
      hasLibrary
    else { return [] }
    return [.write(.remove(items[selection]))]
  }

  /// `e` in the bookmarks panel: edits the note of the bookmark selected.
  mutating func editSelected(in state: PanelState) {
    guard case .bookmarks(let items, let selection) = state, items.indices.contains(selection)
    else { return }
    let item = items[selection]
    switch item.kind {
    case .bookmark:
      panel = .note(text: item.note ?? "", target: .bookmark(id: item.id, locator: item.locator))
    case .highlight:
      guard let highlight = annotations.highlights.first(where: { $0.id == item.id }) else {
        return
      }
      panel = .note(
        text: highlight.note ?? "",
        target: .highlight(id: highlight.id, from: highlight.start, to: highlight.end))
    }
  }

  /// Says how a library write went, updates the bookmarks panel after a removal, and
  /// reads the annotations again so the pages show them.
  mutating func written(_ change: LibraryChange, failure: String?) -> [ReaderEffect] {
    if let failure {
      let what =
        switch change {
        case .addBookmark, .removeBookmarks: "The bookmark was not saved"
        case .saveNote: "The note was not saved"
        case .addHighlight(_, _, _, let style): "The \(Self.noun(style)) was not saved"
        case .remove: "Not removed"
        }
      say("\(what): \(failure)", isError: true)
      return [.readAnnotations(forPanel: false)]
    }
    switch change {
    case .addBookmark: say("Bookmarked.")
    case .removeBookmarks(let ids):
      say(ids.count == 1 ? "Bookmark removed." : "\(ids.count) bookmarks removed.")
    case .saveNote(let note, _): say(note.isEmpty ? "Note removed." : "Note saved.")
    case .addHighlight(_, _, let colour, let style):
      say("\(Self.done(style)) in \(colour.rawValue).")
    case .remove(let item):
      if case .bookmarks(var items, let selection) = panel,
        let index = items.firstIndex(of: item)
      {
        items.remove(at: index)
        panel = .bookmarks(items: items, selection: min(selection, max(0, items.count - 1)))
      }
      say(item.kind == .bookmark ? "Bookmark removed." : "Highlight removed.")
    }
    return [.readAnnotations(forPanel: false)]
  }

  /// Takes in the annotations read: marks the pages with them, and opens the bookmarks
  /// panel when they were read for it.
  mutating func annotationsRead(_ read: AnnotationState, forPanel: Bool) {
    annotations = read
    refreshMarks()
    guard forPanel else { return }
    var items: [PanelState.Annotation] = []
    for bookmark in read.bookmarks {
      items.append(
        .init(
          kind: .bookmark, id: bookmark.id, locator: bookmark.locator, note: bookmark.note,
          snippet: snippet(at: bookmark.locator)))
    }
    for highlight in read.highlights {
      let text = (try? book.text(ofChapter: highlight.start.chapterIndex)) ?? .empty
      let end =
        highlight.end.chapterIndex == highlight.start.chapterIndex
        ? highlight.end.offset : text.length
      items.append(
        .init(
          kind: .highlight, id: highlight.id, locator: highlight.start, note: highlight.note,
          snippet: Self.oneLine(
            text.substring(highlight.start.offset..<min(end, highlight.start.offset + 200)))))
    }
    items.sort {
      ($0.locator.chapterIndex, $0.locator.offset) < ($1.locator.chapterIndex, $1.locator.offset)
    }
    panel = .bookmarks(items: items, selection: 0)
  }

  /// The text at a position, on one line, for a list.
  func snippet(at locator: Locator) -> String {
    guard let text = try? book.text(ofChapter: locator.chapterIndex) else {
      return locator.textAfter ?? ""
    }
    let start = min(max(0, locator.offset), text.length)
    return Self.oneLine(text.substring(start..<min(text.length, start + 160)))
  }

  /// "highlight", "underline", "strike".
  static func noun(_ style: Highlight.Style) -> String {
    switch style {
    case .background: "highlight"
    case .underline: "underline"
    case .strikethrough: "strike"
    }
  }

  /// "Highlighted", "Underlined", "Struck through".
  static func done(_ style: Highlight.Style) -> String {
    switch style {
    case .background: "Highlighted"
    case .underline: "Underlined"
    case .strikethrough: "Struck through"
    }
  }
}
