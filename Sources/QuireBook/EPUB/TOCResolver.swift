/// Turns navigation points into `TOCEntry`s that point at chapters (by index) and
/// fragments, collecting a warning for every link that leads nowhere in the book.
struct TOCResolver {
  /// Chapter index by the chapter document's package path (the first chapter wins).
  let chapterIndexByHref: [String: Int]
  /// The nav or NCX document, named in warnings.
  let documentHref: String
  private(set) var warnings: [ImportWarning] = []
  /// The entries that are real links into a chapter, in document order: where chapter
  /// titles come from (a heading that only borrows its first child's target is left out).
  private(set) var links: [TOCEntry] = []

  init(chapterIndexByHref: [String: Int], documentHref: String) {
    self.chapterIndexByHref = chapterIndexByHref
    self.documentHref = documentHref
  }

  /// The resolved entries, nested as the points are.
  ///
  /// A heading without a link (a nav `<span>`) points where its first resolved descendant
  /// does, so choosing it in a TOC still goes somewhere sensible.
  mutating func entries(for points: [NavigationPoint]) -> [TOCEntry] {
    points.map { point in
      var entry = TOCEntry(title: point.title, chapterIndex: nil)
      if let target = point.target {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        entry.chapterIndex = chapterIndexByHref[path]
        if parts.count > 1, !parts[1].isEmpty { entry.fragment = String(parts[1]) }
        if entry.chapterIndex == nil {
          entry.fragment = nil
          warnings.append(
            ImportWarning(
              entry: documentHref,
              "the contents entry \"\(point.title)\" points to \(path), which is not a chapter "
                + "of the book"))
        } else {
          links.append(entry)
        }
      }
      let children = entries(for: point.children)
      entry.children = children
      if point.target == nil, point.reference == nil,
        let first = children.flattened().first(where: { $0.entry.chapterIndex != nil })
      {
        entry.chapterIndex = first.entry.chapterIndex
        entry.fragment = first.entry.fragment
      }
      return entry
    }
  }
}
