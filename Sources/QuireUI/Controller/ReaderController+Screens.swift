import Foundation
import QuireBook
import QuireReading

extension ReaderController {
  /// The panel value a front end draws for a panel's state.
  func makePanel(_ state: PanelState) -> Panel {
    switch state {
    case .contents(let entries, let current, let filter, let selection):
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
    case .search(let query, let editing, let selection):
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
    case .bookmarks(let items, let selection):
      let rows = items.map { item in
        Panel.Row(
          // A row is one line: the note's start, however long the note is.
          text: (item.kind == .bookmark ? "🔖 " : "▍ ")
            + (item.note.map { "\(Self.oneLine(String($0.prefix(300)))) — " } ?? "")
            + item.snippet,
          detail: chapterDetail(item.locator))
      }
      return Panel(
        kind: .bookmarks, title: "Bookmarks and notes", field: nil, rows: rows,
        selection: rows.isEmpty ? nil : min(selection, rows.count - 1),
        hint: rows.isEmpty
          ? "No bookmarks yet: m bookmarks a page, a writes a note · Esc closes"
          : "↑↓ choose · Enter jumps · e edits the note · d deletes · Esc closes",
        isWorking: false)
    case .help(let scroll):
      let rows =
        configuration.fixedKeys
        + configuration.keyMap.helpEntries(in: .reading).map { keys, summary in
          Panel.Row(text: keys.map(\.description).joined(separator: "  "), detail: summary)
        }
      return Panel(
        kind: .help, title: "Keys", field: nil, rows: Array(rows.dropFirst(scroll)),
        selection: nil,
        hint: "Change any key in \(keysFileHint) · ↑↓ scroll · Esc closes", isWorking: false)
    case .settings(let selection):
      let rows = Self.settingRows.enumerated().map { index, row in
        Panel.Row(text: row.name, detail: settingValue(row.key), isCurrent: index == selection)
      }
      return Panel(
        kind: .settings, title: "Settings", field: nil, rows: rows, selection: selection,
        hint: "↑↓ choose · ←→ change · saved in \(preferencesHint) · Esc closes",
        isWorking: false)
    case .library(let books, let filter, let sort, let selection):
      let rows = filtered(books, by: filter).map { entry in
        Panel.Row(
          text: entry.title + (entry.authors.first.map { " — \($0)" } ?? ""),
          detail: libraryDetail(entry), isCurrent: entry.contentHash == book.contentHash,
          path: entry.path, progress: entry.progression)
      }
      return Panel(
        kind: .library, title: "Library (\(sort.rawValue))",
        field: Panel.Field(label: "Filter", text: filter, isEditing: true), rows: rows,
        selection: rows.isEmpty ? nil : min(selection, rows.count - 1),
        hint: "Type to filter · ↑↓ choose · Enter opens · Esc returns to the book",
        isWorking: false)
    case .linkHints(let links, let typed):
      let rows = links.enumerated().map { index, link in
        Panel.Row(text: "\(index + 1)  \(link.text)", detail: Self.describe(link.target))
      }
      return Panel(
        kind: .linkHints, title: "Links on this page",
        field: Panel.Field(label: "Number", text: typed, isEditing: true), rows: rows,
        selection: Int(typed).map { $0 - 1 },
        hint: "Type a number and Enter to follow · Backspace or Esc closes", isWorking: false)
    case .footnote(let title, let paragraphs):
      return Panel(
        kind: .footnote, title: "Note \(title)", field: nil,
        rows: paragraphs.map { Panel.Row(text: $0) }, selection: nil,
        hint: "Esc or Enter closes", isWorking: false)
    case .confirmLink(let url):
      return Panel(
        kind: .confirmLink, title: "Open this link in your browser?", field: nil,
        rows: [Panel.Row(text: url)], selection: nil, hint: "Enter opens · Esc cancels",
        isWorking: false)
    case .note(let text, let id, let locator):
      return Panel(
        kind: .note, title: id == nil ? "New note" : "Edit note",
        field: Panel.Field(label: "Note", text: text, isEditing: true),
        rows: [Panel.Row(text: snippet(at: locator), detail: chapterDetail(locator))],
        selection: nil, hint: "Enter saves · Esc cancels · an empty note removes it",
        isWorking: false)
    }
  }

  private func searchRow(_ match: SearchMatch) -> Panel.Row {
    func flat(_ text: String) -> String {
      String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
    let before = flat(String(match.snippet.before.suffix(40)))
    let hit = flat(match.snippet.match)
    let text = (before + hit + flat(match.snippet.after)).trimmingCharacters(in: .whitespaces)
    let start = before.drop(while: { $0 == " " }).count
    return Panel.Row(
      text: text, detail: chapterDetail(match.locator, fraction: match.totalProgression),
      emphasis: start..<(start + hit.count))
  }

  /// How far into the book a position is, by the chapters' lengths (estimated for
  /// chapters not yet loaded).
  func bookFraction(of locator: Locator) -> Double {
    let order = book.readingOrder
    var before = 0
    var total = 0
    for index in order {
      let length = book.chapters[index].estimatedLength
      if index < locator.chapterIndex { before += length }
      if index == locator.chapterIndex { before += min(locator.offset, length) }
      total += length
    }
    return total > 0 ? Double(before) / Double(total) : 0
  }

  static func percent(_ fraction: Double) -> String {
    "\(Int((fraction * 100).rounded(.down)))%"
  }

  /// "A Scandal in Bohemia · 34%" for a position.
  func chapterDetail(_ locator: Locator, fraction: Double? = nil) -> String {
    let title =
      book.chapters.indices.contains(locator.chapterIndex)
      ? Self.oneLine(book.chapters[locator.chapterIndex].title)
      : "no chapter \(locator.chapterIndex + 1) here"
    let short = title.count > 28 ? String(title.prefix(27)) + "…" : title
    let share = fraction ?? locator.totalProgression
    return short + (share.map { " · \(Int(($0 * 100).rounded(.down)))%" } ?? "")
  }

  private func libraryDetail(_ entry: LibraryBook) -> String {
    let read = entry.progression.map { "\(Int(($0 * 100).rounded(.down)))%" } ?? "new"
    guard let opened = entry.openedAt else { return read }
    let days = Int(configuration.clock().timeIntervalSince(opened) / 86_400)
    let when = days < 1 ? "today" : days == 1 ? "yesterday" : "\(days) days ago"
    return "\(read) · read \(when)"
  }

  private static func describe(_ target: LinkTarget) -> String {
    switch target {
    case .internal(let href):
      "in the book: " + (href.split(separator: "/").last.map(String.init) ?? href)
    case .external(let url): url
    }
  }

  private var keysFileHint: String {
    configuration.preferencesFile.map { $0.keysURL.path } ?? "keys.json"
  }

  private var preferencesHint: String {
    configuration.preferencesFile.map { $0.url.path } ?? "(not saved)"
  }
}
