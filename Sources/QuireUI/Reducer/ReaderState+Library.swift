import Foundation
import QuireBook
import QuireReading

extension ReaderState {
  /// The library panel; nil for a command of another feature.
  mutating func reduceLibrary(_ command: ReaderCommand) -> [ReaderEffect]? {
    guard command == .library else { return nil }
    guard hasLibrary else {
      say("There is no library: books open from files.")
      return []
    }
    return [.readLibrary(.recent)]
  }

  /// Takes in the library's books: a new panel with the book open selected, or the open
  /// panel in the new order.
  mutating func libraryRead(_ listing: PanelState.LibraryListing) {
    if case .library(_, let filter, _) = panel {
      panel = .library(listing, filter: filter, selection: 0)
    } else {
      let open = listing.books.firstIndex { $0.contentHash == book.contentHash } ?? 0
      panel = .library(listing, filter: "", selection: open)
    }
  }

  /// The library could not be read: said when opening it; a new order keeps the rows.
  mutating func libraryUnreadable(reason: String, sort: LibrarySort) {
    if case .library(var listing, let filter, _) = panel {
      listing.sort = sort
      panel = .library(listing, filter: filter, selection: 0)
    } else {
      say("The library could not be read: \(reason)", isError: true)
    }
  }

  /// The library's books a filter keeps (title or author).
  func filtered(_ books: [LibraryBook], by filter: String) -> [LibraryBook] {
    guard !filter.isEmpty else { return books }
    return books.filter {
      $0.title.localizedStandardContains(filter)
        || $0.authors.contains { $0.localizedStandardContains(filter) }
    }
  }

  /// Opens another book of the library in place of this one.
  func open(_ entry: LibraryBook) -> [ReaderEffect] {
    guard entry.contentHash != book.contentHash else { return [] }
    return [.openBook(path: entry.path, settings: readingSettings)]
  }

  /// A book is open (the first, or another in place of this one): its contents, no
  /// search, no panel, and its annotations (and the theme, the first time) to read. The
  /// book open read in again from a settings row (another script) keeps the settings panel.
  mutating func bookOpened(_ next: Book, bookID: Int?, view: SessionView) -> [ReaderEffect] {
    let readAgain = next.path == book.path
    book = next
    self.bookID = bookID
    contents = Self.contents(of: next)
    names = Self.names(of: next, contents: contents)
    boundaries = TextBoundaries(book: next)
    fixedSpreads = FixedSpreads(book: next)
    selecting = SelectionState()
    annotations = AnnotationState()
    let generation = search.generation
    search = SearchState()
    search.generation = generation + 1
    var keepsPanel = false
    if case .settings = panel { keepsPanel = readAgain }
    if !keepsPanel { panel = nil }
    show(view)
    // A comic after a novel (or the other way) may want another number of frames.
    let layOut = wantedLayout == layout ? [] : relayout()
    return [.cancelSearch, .readAnnotations(forPanel: false)] + resolveTheme() + layOut
  }
}
