import Foundation
import QuireBook
import QuireReading

extension ReaderState {
  /// The contents, filtered, with the chapter read marked.
  func contentsPanel(
    _ entries: [PanelState.ContentsEntry], current: Int?, filter: String, selection: Int
  ) -> Panel {
    let rows = filtered(entries, by: filter).map { index, entry in
      Panel.Row(
        text: entry.title, detail: Self.percent(bookFraction(of: entry.locator)),
        depth: entry.depth,
        isCurrent: index == current)
    }
    return Panel(
      kind: .contents, title: "Contents",
      field: Panel.Field(label: "Filter", text: filter, isEditing: true), rows: rows,
      selection: rows.isEmpty ? nil : min(selection, rows.count - 1),
      hint: "Type to filter · ↑↓ choose · Enter jumps · Esc closes", isWorking: false)
  }

  /// The search field and the matches found so far.
  func searchPanel(query: String, editing: Bool, selection: Int) -> Panel {
    let rows = search.query == query ? search.matches.map(searchRow) : []
    let count = search.matches.count
    let found =
      search.query != query || query.isEmpty
      ? "Type what to find and press Enter"
      : search.isRunning
        ? "\(count) found so far…"
        : count == 0
          ? "No matches for “\(query)”" : "\(count)\(count >= SearchState.limit ? "+" : "") found"
    return Panel(
      kind: .search, title: "Search",
      field: Panel.Field(label: "Find", text: query, isEditing: editing), rows: rows,
      selection: rows.isEmpty ? nil : min(selection, rows.count - 1),
      hint: editing
        ? "\(found) · Enter searches · Esc closes"
        : "\(found) · ↑↓ choose · Enter jumps · / edits · Esc closes",
      isWorking: search.isRunning)
  }

  /// The bookmarks, notes and highlights, in book order.
  func annotationsPanel(_ state: AnnotationsPanel) -> Panel {
    let rows = state.rows.map { title, entry -> Panel.Row in
      guard let entry else { return Panel.Row(text: title, depth: 0, isCurrent: true) }
      var details: [String] = []
      if let colour = entry.colour {
        details.append(
          colour.rawValue + (entry.style.map { $0 == .background ? "" : " \($0.rawValue)" } ?? ""))
      }
      if let note = entry.note, !note.isEmpty {
        details.append("note: " + AnnotationList.cut(note))
      }
      if !entry.isUnplaced { details.append(chapterDetail(entry.locator)) }
      // A flag (U+2691, in DejaVu Sans, which the window falls back to) rather than an
      // emoji no shipped face has: the window would draw a missing-glyph box.
      return Panel.Row(
        text: (entry.kind == .bookmark ? "⚑ " : "▍ ") + entry.snippet,
        detail: details.joined(separator: " · "), depth: 1)
    }
    var field: Panel.Field?
    if let name = state.exportName {
      field = Panel.Field(label: "Export to", text: name, isEditing: true)
    } else if state.isFiltering || !state.filter.text.isEmpty {
      field = Panel.Field(label: "Filter", text: state.filter.text, isEditing: state.isFiltering)
    }
    let colour = state.filter.colour.map { " · \($0.rawValue) only" } ?? ""
    let hint: String
    if state.exportName != nil {
      hint = "Enter writes the file (.md, .org or .json) · Esc cancels"
    } else if state.list.groups.isEmpty {
      hint = "Nothing yet: m bookmarks a page, v selects text to highlight, a writes a note · Esc"
    } else {
      hint =
        "Enter jumps · e note · c colour · d deletes · u undoes · / filter · 1–5 colour, 0 all"
        + " · x export · Esc"
    }
    return Panel(
      kind: .bookmarks, title: "Bookmarks, highlights and notes" + colour, field: field, rows: rows,
      selection: rows.isEmpty ? nil : min(state.selection, rows.count - 1), hint: hint,
      isWorking: false)
  }

  /// The library's books, filtered, with the book open marked.
  func libraryPanel(
    _ listing: PanelState.LibraryListing, filter: String, selection: Int
  ) -> Panel {
    let rows = filtered(listing.books, by: filter).map { entry in
      Panel.Row(
        text: entry.title + (entry.authors.first.map { " — \($0)" } ?? ""),
        detail: libraryDetail(entry, readAt: listing.readAt),
        isCurrent: entry.contentHash == book.contentHash, path: entry.path,
        progress: entry.progression)
    }
    return Panel(
      kind: .library, title: "Library (\(listing.sort.rawValue))",
      field: Panel.Field(label: "Filter", text: filter, isEditing: true), rows: rows,
      selection: rows.isEmpty ? nil : min(selection, rows.count - 1),
      hint: "Type to filter · ↑↓ choose · Enter opens · Esc returns to the book",
      isWorking: false)
  }

  private func searchRow(_ match: SearchMatch) -> Panel.Row {
    func flat(_ text: String) -> String {
      String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
    let before = Self.lead(flat(match.snippet.before))
    let hit = flat(match.snippet.match)
    let text = (before + hit + flat(match.snippet.after)).trimmingCharacters(in: .whitespaces)
    let start = before.drop(while: { $0 == " " }).count
    return Panel.Row(
      text: text, detail: chapterDetail(match.locator, fraction: match.totalProgression),
      emphasis: start..<(start + hit.count))
  }

  /// The context before a match in a result row: its last characters up to
  /// `leadCells` cells (an ideograph two), after "…" when cut. Rows are cut at their end
  /// to the panel's width, so a short lead keeps the match in sight in a terminal's or a
  /// window's row: forty ideographs before it would fill the row (Chinese and Japanese
  /// results used to hide their match).
  package static func lead(_ before: String) -> String {
    var width = 0
    var start = before.endIndex
    while start > before.startIndex {
      let previous = before.index(before: start)
      let cells = CellWidth.of(String(before[previous]))
      if width + cells > leadCells { break }
      width += cells
      start = previous
    }
    guard start > before.startIndex else { return before }
    return "…" + before[start...].drop(while: { $0 == " " })
  }

  /// The widest the context before a match in a result row may be, in cells.
  package static let leadCells = 20

  private func libraryDetail(_ entry: LibraryBook, readAt now: Date) -> String {
    let read = entry.progression.map { "\(Int(($0 * 100).rounded(.down)))%" } ?? "new"
    guard let opened = entry.openedAt else { return read }
    let days = Int(now.timeIntervalSince(opened) / 86_400)
    let when = days < 1 ? "today" : days == 1 ? "yesterday" : "\(days) days ago"
    return "\(read) · read \(when)"
  }
}
