import QuireBook

/// One TOC entry in `quire toc --json`: the tree as the book has it, with each entry's
/// chapter (1-based) and resolved offset.
struct TOCNode: Codable, Equatable, Sendable {
  var title: String
  /// 1-based chapter number, as `quire cat --chapter` takes it; nil outside the book.
  var chapter: Int?
  /// The chapter's document inside an EPUB.
  var href: String?
  var fragment: String?
  /// UTF-16 offset in the chapter's text.
  var offset: Int?
  var children: [TOCNode]

  /// The nodes of `book`'s TOC, or of its chapters when it has none.
  static func tree(of book: Book) -> [TOCNode] {
    if book.toc.isEmpty {
      return book.chapters.enumerated().map { index, chapter in
        TOCNode(
          title: chapter.title, chapter: index + 1, href: chapter.href, fragment: nil, offset: 0,
          children: [])
      }
    }
    return book.toc.map { node($0, in: book) }
  }

  private static func node(_ entry: TOCEntry, in book: Book) -> TOCNode {
    let locator = book.locator(for: entry)
    return TOCNode(
      title: entry.title, chapter: locator.map { $0.chapterIndex + 1 },
      href: entry.chapterIndex.flatMap {
        book.chapters.indices.contains($0) ? book.chapters[$0].href : nil
      },
      fragment: entry.fragment,
      offset: locator?.offset, children: entry.children.map { node($0, in: book) })
  }
}
