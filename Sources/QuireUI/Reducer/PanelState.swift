package import Foundation
package import QuireBook
package import QuireReading

/// What an open panel holds, with the data behind its rows.
package enum PanelState: Hashable, Sendable {
  package struct ContentsEntry: Hashable, Sendable {
    package var title: String
    package var depth: Int
    package var locator: Locator
  }

  /// What a note being written is on.
  package enum NoteTarget: Hashable, Sendable {
    /// A bookmark's note (notes written on a page before notes had passages).
    case bookmark(id: Int, locator: Locator)
    /// A highlight's note.
    case highlight(id: Int, from: Locator, to: Locator)
    /// A passage not highlighted yet: saving a note highlights it (yellow) with the note.
    case passage(from: Locator, to: Locator)

    /// Where the note's passage (or bookmark) starts.
    package var start: Locator {
      switch self {
      case .bookmark(_, let locator): locator
      case .highlight(_, let from, _), .passage(let from, _): from
      }
    }
  }

  /// A link on the page, numbered for link hints.
  package struct HintedLink: Hashable, Sendable {
    package var chapter: Int
    package var offset: Int
    package var text: String
    package var target: LinkTarget
  }

  /// The library's books in one order, as read at a moment (rows say "read 3 days ago").
  package struct LibraryListing: Hashable, Sendable {
    package var books: [LibraryBook]
    package var sort: LibrarySort
    package var readAt: Date

    /// A listing.
    package init(books: [LibraryBook], sort: LibrarySort, readAt: Date) {
      self.books = books
      self.sort = sort
      self.readAt = readAt
    }
  }

  case contents(entries: [ContentsEntry], current: Int?, filter: String, selection: Int)
  case search(query: String, editing: Bool, selection: Int)
  case annotations(AnnotationsPanel)
  case help(scroll: Int)
  case settings(selection: Int)
  case library(LibraryListing, filter: String, selection: Int)
  case linkHints(links: [HintedLink], typed: String)
  case footnote(title: String, paragraphs: [String])
  case confirmLink(url: String)
  /// A note being written on `target`.
  case note(text: String, target: NoteTarget)
  /// Where to go, being typed; `problem` says why the last try named no place.
  case goTo(text: String, problem: String?)
  /// A word's definitions (`d` or Enter on a selection).
  case lookUp(LookUpPanel)
  /// The reading statistics' charts, scrolled down `scroll` rows.
  case statistics(StatisticsCharts, scroll: Int)
}

extension PanelState {
  /// Whether typed characters go into the panel's field.
  var takesText: Bool {
    switch self {
    case .contents, .library, .note, .linkHints, .goTo: true
    case .annotations(let annotations): annotations.isFiltering || annotations.exportName != nil
    case .search(_, let editing, _): editing
    default: false
    }
  }

  /// The command that opens this panel (the same key closes it), or `.dismiss`.
  var kind: ReaderCommand {
    switch self {
    case .contents: .contents
    case .annotations: .bookmarks
    case .help: .help
    case .settings: .settings
    case .library: .library
    case .statistics: .statistics
    case .search: .search
    default: .dismiss
    }
  }
}
