import Foundation
import QuireBook
import QuireReading

extension ReaderState {
  /// The panel value a front end draws for a panel's state.
  func makePanel(_ state: PanelState) -> Panel {
    switch state {
    case .contents(let entries, let current, let filter, let selection):
      return contentsPanel(entries, current: current, filter: filter, selection: selection)
    case .search(let query, let editing, let selection):
      return searchPanel(query: query, editing: editing, selection: selection)
    case .annotations(let annotations):
      return annotationsPanel(annotations)
    case .library(let listing, let filter, let selection):
      return libraryPanel(listing, filter: filter, selection: selection)
    case .help(let scroll):
      func rows(_ layer: KeyMap.Layer) -> [Panel.Row] {
        keyMap.helpEntries(in: layer).map { keys, summary in
          Panel.Row(text: keys.map(\.description).joined(separator: "  "), detail: summary)
        }
      }
      let rows =
        fixedKeys + rows(.reading)
        + [Panel.Row(text: ""), Panel.Row(text: "While text is selected", isCurrent: true)]
        + rows(.selection)
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
    case .note(let text, let target):
      let title: String
      let passage: String
      switch target {
      case .bookmark(_, let locator):
        title = "Note on this page"
        passage = snippet(at: locator)
      case .highlight(_, let from, let to):
        title = text.isEmpty ? "New note on the highlight" : "Edit note"
        passage = AnnotationList.cut(boundaries.plainText(from: from, to: to))
      case .passage(let from, let to):
        title = "New note"
        passage = AnnotationList.cut(boundaries.plainText(from: from, to: to))
      }
      return Panel(
        kind: .note, title: title, field: Panel.Field(label: "Note", text: text, isEditing: true),
        rows: [Panel.Row(text: passage, detail: chapterDetail(target.start))],
        selection: nil, hint: "Enter saves · Esc cancels · an empty note removes it",
        isWorking: false)
    case .goTo(let text, let problem):
      var rows = [
        Panel.Row(text: "45", detail: "page 45"),
        Panel.Row(text: "+10, -3", detail: "pages on or back"),
        Panel.Row(text: "45%", detail: "45% through the book"),
        Panel.Row(text: "ch 12, chapter XII, 第十二回", detail: "a chapter by its number"),
        Panel.Row(text: "Pool", detail: "the first chapter whose title starts with it"),
      ]
      if let problem { rows.insert(Panel.Row(text: problem, isCurrent: true), at: 0) }
      return Panel(
        kind: .goTo, title: "Go to",
        field: Panel.Field(label: "Go to", text: text, isEditing: true),
        rows: rows, selection: nil, hint: "Enter goes · Esc cancels", isWorking: false)
    case .lookUp(let popup):
      return lookUpPanel(popup)
    case .statistics(let charts, let scroll):
      var panel = Panel(
        kind: .statistics, title: "Reading statistics", field: nil,
        rows: charts.books.map { Panel.Row(text: $0.title, detail: $0.detail) }, selection: nil,
        hint: "↑↓ PgUp PgDn scroll · S or Esc closes · quire stats --svg FILE to share",
        isWorking: false)
      panel.scroll = scroll
      panel.scrollLimit = statisticsScrollLimit(charts)
      panel.charts = charts
      return panel
    }
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

  /// "A Scandal in Bohemia · 34%" for a position: its contents name
  /// (`chapterTitle(at:)`) and how far into the book it is.
  func chapterDetail(_ locator: Locator, fraction: Double? = nil) -> String {
    let title =
      book.chapters.indices.contains(locator.chapterIndex)
      ? chapterTitle(at: locator)
      : "no chapter \(locator.chapterIndex + 1) here"
    let short = title.count > 28 ? String(title.prefix(27)) + "…" : title
    let share = fraction ?? locator.totalProgression
    return short + (share.map { " · \(Int(($0 * 100).rounded(.down)))%" } ?? "")
  }

  private static func describe(_ target: LinkTarget) -> String {
    switch target {
    case .internal(let href):
      "in the book: " + (href.split(separator: "/").last.map(String.init) ?? href)
    case .external(let url): url
    }
  }

  private var keysFileHint: String { keysPath ?? "keys.json" }

  private var preferencesHint: String { preferencesPath ?? "(not saved)" }
}
