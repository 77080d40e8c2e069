import QuireBook
import QuireReading

extension ReaderState {
  /// The panels that open without reading anything: contents, help, settings.
  mutating func reducePanels(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    case .contents:
      let anchor = anchor
      let current = contents.lastIndex {
        ($0.locator.chapterIndex, $0.locator.offset) <= (anchor.chapterIndex, anchor.offset)
      }
      panel = .contents(entries: contents, current: current, filter: "", selection: current ?? 0)
    case .help: panel = .help(scroll: 0)
    case .settings: panel = .settings(selection: 0)
    case .goTo: panel = .goTo(text: "", problem: nil)
    default: return nil
    }
    return []
  }

  /// A command while a panel is open; nil when it is not the panel's (it then applies to
  /// the reading underneath, the panel closed first).
  mutating func runInPanel(_ command: ReaderCommand) -> [ReaderEffect]? {
    guard let state = panel else { return nil }
    if case .annotations(let annotations) = state,
      let effects = runInAnnotations(command, annotations)
    {
      return effects
    }
    if case .lookUp(let popup) = state, let effects = runInLookUp(command, popup) {
      return effects
    }
    switch command {
    case .back:
      break  // Backspace: the look-up popup's (`runInLookUp`); nothing in the others
    case .dismiss:
      if case .search(let query, true, _) = state, search.query == query, !search.matches.isEmpty {
        panel = .search(query: query, editing: false, selection: 0)
      } else {
        panel = nil
      }
    case .quit:
      panel = nil
      isFinished = true
    case .help, .contents, .bookmarks, .settings, .library, .statistics:
      // The same key closes its own panel and opens another.
      panel = nil
      if state.kind != command { return nil }
    case .moveUp, .moveDown, .pageUpInPanel, .pageDownInPanel:
      move(command, in: state)
    case .type(let text):
      return type(text, into: state)
    case .erase:
      erase(in: state)
    case .choose:
      return choose(in: state)
    case .deleteSelected, .editSelected, .undo, .recolour, .filterColour, .filterText,
      .exportAnnotations:
      break  // the annotations panel's own (`runInAnnotations`)
    case .adjust(let delta):
      if case .settings(let selection) = state { return adjustSetting(row: selection, by: delta) }
    case .nextSort:
      if case .library(let listing, _, _) = state {
        let all = LibrarySort.allCases
        return [.readLibrary(all[((all.firstIndex(of: listing.sort) ?? 0) + 1) % all.count])]
      }
      // S, the panel layer's key for the library's next order, opened the statistics in
      // the reading layer: it closes them, as a panel's own key does.
      if case .statistics = state { panel = nil }
    default:
      panel = nil
      return nil
    }
    return []
  }

  /// Moves the selection (or scrolls help) by one row or a screen.
  private mutating func move(_ command: ReaderCommand, in state: PanelState) {
    let screen = max(1, visibleRows - 2)
    let delta = Self.rowStep(command, screen: screen)
    let count = makePanel(state).rows.count
    func clamp(_ value: Int) -> Int { max(0, min(max(0, count - 1), value)) }
    switch state {
    case .contents(let entries, let current, let filter, let selection):
      panel = .contents(
        entries: entries, current: current, filter: filter, selection: clamp(selection + delta))
    case .search(let query, let editing, let selection):
      panel = .search(query: query, editing: editing, selection: clamp(selection + delta))
    case .annotations(var annotations):
      annotations.selection = clamp(annotations.selection + delta)
      panel = .annotations(annotations)
    case .help(let scroll):
      panel = .help(scroll: max(0, min(max(0, count - screen), scroll + delta)))
    case .settings(let selection):
      panel = .settings(selection: clamp(selection + delta))
    case .library(let listing, let filter, let selection):
      panel = .library(listing, filter: filter, selection: clamp(selection + delta))
    case .statistics(let charts, let scroll):
      panel = .statistics(
        charts, scroll: max(0, min(statisticsScrollLimit(charts), scroll + delta)))
    default:
      break
    }
  }

  private mutating func type(_ text: String, into state: PanelState) -> [ReaderEffect] {
    switch state {
    case .contents(let entries, let current, let filter, _):
      panel = .contents(entries: entries, current: current, filter: filter + text, selection: 0)
    case .search(let query, _, _):
      panel = .search(query: query + text, editing: true, selection: 0)
    case .library(let listing, let filter, _):
      panel = .library(listing, filter: filter + text, selection: 0)
    case .note(let note, let target):
      panel = .note(text: note + text, target: target)
    case .goTo(let typed, _):
      panel = .goTo(text: typed + text, problem: nil)
    case .linkHints(let links, let typed):
      let number = typed + text
      panel = .linkHints(links: links, typed: number)
      // A number no longer link could start with is complete: follow it at once.
      if let value = Int(number), value >= 1, value * 10 > links.count {
        return followLink(value)
      }
    default:
      break
    }
    return []
  }

  private mutating func erase(in state: PanelState) {
    switch state {
    case .contents(let entries, let current, let filter, _):
      panel = .contents(
        entries: entries, current: current, filter: String(filter.dropLast()), selection: 0)
    case .search(let query, _, _):
      panel = .search(query: String(query.dropLast()), editing: true, selection: 0)
    case .library(let listing, let filter, _):
      panel = .library(listing, filter: String(filter.dropLast()), selection: 0)
    case .note(let note, let target):
      panel = .note(text: String(note.dropLast()), target: target)
    case .goTo(let typed, _):
      panel = .goTo(text: String(typed.dropLast()), problem: nil)
    case .linkHints(let links, let typed):
      panel = typed.isEmpty ? nil : .linkHints(links: links, typed: String(typed.dropLast()))
    default:
      panel = nil
    }
  }

  /// Enter in a panel: jump to the entry, run the search, follow the link, save the note.
  private mutating func choose(in state: PanelState) -> [ReaderEffect] {
    switch state {
    case .contents(let entries, _, let filter, let selection):
      let kept = filtered(entries, by: filter)
      guard kept.indices.contains(selection) else { return [] }
      panel = nil
      return [.navigate(.to(kept[selection].entry.locator))]
    case .search(let query, let editing, let selection):
      return chooseMatch(query: query, editing: editing, selection: selection)
    case .annotations(let annotations):
      guard let entry = annotations.selectedEntry else { return [] }
      guard !entry.isUnplaced else {
        say("This highlight's text is not in this edition of the book.")
        return []
      }
      panel = nil
      return [.navigate(.to(entry.locator))]
    case .settings(let selection):
      return adjustSetting(row: selection, by: 1)
    case .library(let listing, let filter, let selection):
      let kept = filtered(listing.books, by: filter)
      guard kept.indices.contains(selection) else { return [] }
      // The library stays until the book is open: one that cannot be is explained over it
      // (`bookNotOpened`), where the reader chose it.
      let effects = open(kept[selection])
      if effects.isEmpty { panel = nil }
      return effects
    case .linkHints(let links, let typed):
      panel = nil
      if let number = Int(typed) { return followLink(number) }
      return links.count == 1 ? followLink(1) : []
    case .confirmLink(let url):
      panel = nil
      return [.openURL(url)]
    case .note(let text, let target):
      panel = nil
      return saveNote(text, on: target)
    case .goTo(let text, _):
      return goTo(text)
    case .footnote, .help, .lookUp, .statistics:
      panel = nil
      return []
    }
  }

  /// A click on row `row` of the open panel: selects it and does what Enter does there (a
  /// setting steps on).
  mutating func choose(row: Int) -> [ReaderEffect] {
    guard let state = panel, row >= 0 else { return [] }
    switch state {
    case .contents(let entries, let current, let filter, _):
      panel = .contents(entries: entries, current: current, filter: filter, selection: row)
    case .search(let query, _, _):
      panel = .search(query: query, editing: false, selection: row)
    case .annotations(var annotations):
      annotations.selection = row
      panel = .annotations(annotations)
    case .settings:
      panel = .settings(selection: row)
      return adjustSetting(row: row, by: 1)
    case .library(let listing, let filter, _):
      panel = .library(listing, filter: filter, selection: row)
    case .linkHints(let links, _) where links.indices.contains(row):
      return followLink(row + 1)
    default:
      return []
    }
    return run(.choose)
  }

  /// The contents entries a filter keeps, with their indices.
  func filtered(_ entries: [PanelState.ContentsEntry], by filter: String)
    -> [(index: Int, entry: PanelState.ContentsEntry)]
  {
    let all = entries.enumerated().map { (index: $0.offset, entry: $0.element) }
    guard !filter.isEmpty else { return all }
    return all.filter { $0.entry.title.localizedStandardContains(filter) }
  }
}

extension ReaderState {
  /// How far ↑ ↓ PgUp PgDn move in a panel or popup: a row, or `screen` rows.
  static func rowStep(_ command: ReaderCommand, screen: Int) -> Int {
    switch command {
    case .moveUp: -1
    case .moveDown: 1
    case .pageUpInPanel: -screen
    default: screen
    }
  }
}
