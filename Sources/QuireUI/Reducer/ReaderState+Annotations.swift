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
        case .restore: "Not put back"
        case .recolour: "The colour was not changed"
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
    case .remove(let removed):
      switch removed {
      case .bookmark: say("Bookmark removed; u puts it back.")
      case .highlight:
        if case .annotations = panel {
          say("Highlight removed; u puts it back.")
        } else {
          say("Highlight removed.")
        }
      }
    case .restore: say("Put back.")
    case .recolour(_, let colour): say("Now \(colour.rawValue).")
    }
    annotationsPanelWritten(change)
    return [.readAnnotations(forPanel: false)]
  }

  /// Takes in the annotations read: marks the pages with them, and opens the annotations
  /// panel when they were read for it (or updates it when it is open).
  mutating func annotationsRead(_ read: AnnotationState, forPanel: Bool) {
    annotations = read
    refreshMarks()
    if forPanel {
      panel = .annotations(AnnotationsPanel(list: annotationList(read)))
    } else {
      refreshAnnotationsPanel()
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
