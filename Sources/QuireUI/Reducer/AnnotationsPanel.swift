package import QuireReading

/// The annotations panel (`B`): the book's bookmarks, highlights and notes by chapter,
/// narrowed by colour or text, with what can be undone and the export being named.
package struct AnnotationsPanel: Hashable, Sendable {
  /// A bookmark or highlight removed here, kept so `u` can put it back.
  package enum Removed: Hashable, Sendable {
    case bookmark(Bookmark)
    case highlight(Highlight)
  }

  /// Everything, unfiltered.
  package var list: AnnotationList
  package var filter = AnnotationList.Filter()
  /// Whether keys type into the text filter.
  package var isFiltering = false
  /// The selected row of `rows` (group titles are rows too).
  package var selection = 0
  /// Removals to undo, the last first.
  package var removed: [Removed] = []
  /// The file the annotations are being exported to, while its name is typed.
  package var exportName: String?

  /// A panel listing `list`.
  package init(list: AnnotationList) {
    self.list = list
  }

  /// The list as filtered.
  package var shown: AnnotationList { list.filtered(by: filter) }

  /// The rows in order: each group's title, then its entries.
  package var rows: [(title: String, entry: AnnotationList.Entry?)] {
    shown.groups.flatMap { group in
      [(group.title, nil)] + group.entries.map { (group.title, Optional($0)) }
    }
  }

  /// The entry the selection is on, or the first of the group whose title it is on.
  package var selectedEntry: AnnotationList.Entry? {
    let rows = rows
    guard rows.indices.contains(selection) else { return nil }
    return rows[selection].entry ?? rows[selection...].lazy.compactMap(\.entry).first
  }
}
