import Foundation
import QuireBook
import QuireReading

extension ReaderController {
  /// Opens the contents with the current chapter's entry selected.
  func openContents() async {
    let entries = contents
    let anchor = await session.anchor
    let current = entries.lastIndex {
      ($0.locator.chapterIndex, $0.locator.offset) <= (anchor.chapterIndex, anchor.offset)
    }
    panel = .contents(entries: entries, current: current, filter: "", selection: current ?? 0)
  }

  /// A book's contents entries with their positions: its table of contents, or its
  /// chapters when it has none.
  static func contents(of book: Book) -> [PanelState.ContentsEntry] {
    var entries: [PanelState.ContentsEntry] = []
    for (entry, depth) in book.toc.flatMap({ $0.flattened() }) {
      guard let locator = book.locator(for: entry) else { continue }
      entries.append(.init(title: Self.oneLine(entry.title), depth: depth, locator: locator))
    }
    if entries.isEmpty {
      // A book without a table of contents lists its chapters.
      for index in book.readingOrder {
        entries.append(
          .init(
            title: Self.oneLine(book.chapters[index].title), depth: 0,
            locator: Locator(chapterIndex: index)))
      }
    }
    return entries
  }

  /// The contents entries a filter keeps, with their indices.
  func filtered(_ entries: [PanelState.ContentsEntry], by filter: String)
    -> [(index: Int, entry: PanelState.ContentsEntry)]
  {
    let all = entries.enumerated().map { (index: $0.offset, entry: $0.element) }
    guard !filter.isEmpty else { return all }
    return all.filter { $0.entry.title.localizedStandardContains(filter) }
  }

  /// The library's books a filter keeps (title or author).
  func filtered(_ books: [LibraryBook], by filter: String) -> [LibraryBook] {
    guard !filter.isEmpty else { return books }
    return books.filter {
      $0.title.localizedStandardContains(filter)
        || $0.authors.contains { $0.localizedStandardContains(filter) }
    }
  }

  func openLibrary() {
    guard let library else {
      say("There is no library: books open from files.")
      return
    }
    do {
      let books = try library.books(sortedBy: .recent)
      let open = books.firstIndex { $0.contentHash == book.contentHash } ?? 0
      panel = .library(books: books, filter: "", sort: .recent, selection: open)
    } catch {
      say("The library could not be read: \(error)", isError: true)
    }
  }

  /// Handles a command while a panel is open; false when the command is not the panel's
  /// (it then applies to the reading underneath, closing the panel first for jumps).
  func runInPanel(_ command: ReaderCommand) async -> Bool {
    guard let state = panel else { return false }
    switch command {
    case .dismiss:
      if case .search(let query, true, _) = state, !search.matches.isEmpty || !query.isEmpty,
        search.query == query, !search.matches.isEmpty
      {
        panel = .search(query: query, editing: false, selection: 0)
      } else {
        panel = nil
      }
      return true
    case .quit:
      panel = nil
      finished = true
      return true
    case .help, .contents, .bookmarks, .settings, .library:
      // The same key closes its own panel and opens another.
      if state.kind == command {
        panel = nil
        return true
      }
      panel = nil
      return false
    case .moveUp, .moveDown, .pageUpInPanel, .pageDownInPanel:
      move(command)
      return true
    case .type(let text):
      await type(text, into: state)
      return true
    case .erase:
      erase(in: state)
      return true
    case .choose:
      await choose(in: state)
      return true
    case .deleteSelected:
      deleteSelected(in: state)
      return true
    case .editSelected:
      if case .bookmarks(let items, let selection) = state, items.indices.contains(selection) {
        let item = items[selection]
        guard item.kind == .bookmark else {
          say("Notes on highlights are edited with 'quire bookmarks'.")
          return true
        }
        panel = .note(text: item.note ?? "", bookmarkID: item.id, locator: item.locator)
      }
      return true
    case .adjust(let delta):
      if case .settings(let selection) = state {
        await adjustSetting(row: selection, by: delta)
      }
      return true
    case .nextSort:
      if case .library(let books, let filter, let sort, _) = state {
        let next = LibrarySort.allCases[
          (LibrarySort.allCases.firstIndex(of: sort)! + 1) % LibrarySort.allCases.count]
        let sorted = (try? library?.books(sortedBy: next)) ?? books
        panel = .library(books: sorted, filter: filter, sort: next, selection: 0)
      }
      return true
    default:
      panel = nil
      return false
    }
  }

  /// Moves the selection (or scrolls help) by one row or a screen.
  private func move(_ command: ReaderCommand) {
    let screen = max(1, visibleRows - 2)
    let delta =
      switch command {
      case .moveUp: -1
      case .moveDown: 1
      case .pageUpInPanel: -screen
      default: screen
      }
    guard let state = panel else { return }
    let count = makePanel(state).rows.count
    func clamp(_ value: Int) -> Int { max(0, min(max(0, count - 1), value)) }
    switch state {
    case .contents(let entries, let current, let filter, let selection):
      panel = .contents(
        entries: entries, current: current, filter: filter, selection: clamp(selection + delta))
    case .search(let query, let editing, let selection):
      panel = .search(query: query, editing: editing, selection: clamp(selection + delta))
    case .bookmarks(let items, let selection):
      panel = .bookmarks(items: items, selection: clamp(selection + delta))
    case .help(let scroll):
      panel = .help(scroll: max(0, min(max(0, count - screen), scroll + delta)))
    case .settings(let selection):
      panel = .settings(selection: clamp(selection + delta))
    case .library(let books, let filter, let sort, let selection):
      panel = .library(
        books: books, filter: filter, sort: sort, selection: clamp(selection + delta))
    default:
      break
    }
  }

  /// Rows a panel shows at once: what paging in a panel moves by.
  var visibleRows: Int {
    switch viewport {
    case .cells(_, let rows): max(3, rows - 8)
    case .pixels(_, let height, let scale): max(3, Int(height / (28 * scale)) - 6)
    }
  }

  private func type(_ text: String, into state: PanelState) async {
    switch state {
    case .contents(let entries, let current, let filter, _):
      let newFilter = filter + text
      panel = .contents(entries: entries, current: current, filter: newFilter, selection: 0)
    case .search(let query, _, _):
      panel = .search(query: query + text, editing: true, selection: 0)
    case .library(let books, let filter, let sort, _):
      panel = .library(books: books, filter: filter + text, sort: sort, selection: 0)
    case .note(let note, let id, let locator):
      panel = .note(text: note + text, bookmarkID: id, locator: locator)
    case .linkHints(let links, let typed):
      let number = typed + text
      panel = .linkHints(links: links, typed: number)
      // A number no longer link could start with is complete: follow it at once.
      if let value = Int(number), value >= 1, value * 10 > links.count {
        await followLink(value)
      }
    default:
      break
    }
  }

  private func erase(in state: PanelState) {
    switch state {
    case .contents(let entries, let current, let filter, _):
      panel = .contents(
        entries: entries, current: current, filter: String(filter.dropLast()), selection: 0)
    case .search(let query, _, _):
      panel = .search(query: String(query.dropLast()), editing: true, selection: 0)
    case .library(let books, let filter, let sort, _):
      panel = .library(books: books, filter: String(filter.dropLast()), sort: sort, selection: 0)
    case .note(let note, let id, let locator):
      panel = .note(text: String(note.dropLast()), bookmarkID: id, locator: locator)
    case .linkHints(let links, let typed):
      if typed.isEmpty {
        panel = nil
      } else {
        panel = .linkHints(links: links, typed: String(typed.dropLast()))
      }
    default:
      panel = nil
    }
  }

  private func choose(in state: PanelState) async {
    switch state {
    case .contents(let entries, _, let filter, let selection):
      let kept = filtered(entries, by: filter)
      guard kept.indices.contains(selection) else { return }
      panel = nil
      await show(await session.go(to: kept[selection].entry.locator))
    case .search(let query, let editing, let selection):
      if editing {
        startSearch(query)
      } else if search.matches.indices.contains(selection) {
        panel = nil
        search.current = selection
        await show(await session.go(to: search.matches[selection].locator))
      }
    case .bookmarks(let items, let selection):
      guard items.indices.contains(selection) else { return }
      panel = nil
      await show(await session.go(to: items[selection].locator))
    case .settings(let selection):
      await adjustSetting(row: selection, by: 1)
    case .library(let books, let filter, _, let selection):
      let kept = filtered(books, by: filter)
      guard kept.indices.contains(selection) else { return }
      panel = nil
      await open(kept[selection])
    case .linkHints(let links, let typed):
      panel = nil
      if let number = Int(typed) {
        await followLink(number)
      } else if links.count == 1 {
        await followLink(1)
      }
    case .confirmLink(let url):
      panel = nil
      openExternal(url)
    case .note(let text, let id, let locator):
      panel = nil
      saveNote(text, bookmarkID: id, at: locator)
    case .footnote, .help:
      panel = nil
    }
  }

  private func deleteSelected(in state: PanelState) {
    guard case .bookmarks(let items, let selection) = state, items.indices.contains(selection),
      let library
    else { return }
    let item = items[selection]
    defer { reloadAnnotations() }
    do {
      _ =
        item.kind == .bookmark
        ? try library.removeBookmark(item.id) : try library.removeHighlight(item.id)
      var rest = items
      rest.remove(at: selection)
      panel = .bookmarks(items: rest, selection: min(selection, max(0, rest.count - 1)))
      say(item.kind == .bookmark ? "Bookmark removed." : "Highlight removed.")
    } catch {
      say("Not removed: \(error)", isError: true)
    }
  }

  /// Opens another book of the library in place of this one.
  func open(_ entry: LibraryBook) async {
    guard entry.contentHash != book.contentHash else { return }
    await openBook(atPath: entry.path)
  }

  /// Opens the book at `path` in place of this one (added to the library when it is new);
  /// the book open stays when it cannot be read, and a message says why.
  func openBook(atPath path: String) async {
    do {
      let next = try Book.open(path, options: importOptions)
      guard next.contentHash != book.contentHash else { return }
      let settings = Self.settings(
        for: configuration.preferences, viewport: viewport, layout: layout)
      let newSession = try await ReadingSession(
        book: next, library: library, settings: settings, options: configuration.sessionOptions,
        clock: configuration.clock)
      await session.close()
      book = next
      session = newSession
      bookID = await newSession.bookID
      contents = Self.contents(of: next)
      reloadAnnotations()
      search = SearchState()
      await refreshSides()
    } catch {
      say("\(path): \(error)", isError: true)
    }
  }

  /// A title on one line, its whitespace collapsed.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

extension PanelState {
  /// Whether this panel is the one `command` opens.
  var kind: ReaderCommand {
    switch self {
    case .contents: .contents
    case .bookmarks: .bookmarks
    case .help: .help
    case .settings: .settings
    case .library: .library
    case .search: .search
    default: .dismiss
    }
  }
}
