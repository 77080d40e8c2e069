import QuireBook
import QuireReading

/// What an open panel holds, with the data behind its rows.
enum PanelState {
  struct ContentsEntry {
    var title: String
    var depth: Int
    var locator: Locator
  }

  /// A bookmark or a highlight, as the bookmarks panel lists them.
  struct Annotation {
    enum Kind { case bookmark, highlight }
    var kind: Kind
    var id: Int
    var locator: Locator
    var note: String?
    var snippet: String
  }

  /// A link on the page, numbered for link hints.
  struct HintedLink {
    var chapter: Int
    var offset: Int
    var text: String
    var target: LinkTarget
  }

  case contents(entries: [ContentsEntry], current: Int?, filter: String, selection: Int)
  case search(query: String, editing: Bool, selection: Int)
  case bookmarks(items: [Annotation], selection: Int)
  case help(scroll: Int)
  case settings(selection: Int)
  case library(books: [LibraryBook], filter: String, sort: LibrarySort, selection: Int)
  case linkHints(links: [HintedLink], typed: String)
  case footnote(title: String, paragraphs: [String])
  case confirmLink(url: String)
  /// A note being written: for the bookmark `id`, or a new one at `locator`.
  case note(text: String, bookmarkID: Int?, locator: Locator)
}
