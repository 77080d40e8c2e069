/// One entry of a book's table of contents, with its children.
///
/// An entry points at a chapter and, once resolved, an offset in it. TXT entries know
/// their offset at import; EPUB entries carry a fragment id that `Book.locator(for:)`
/// maps to an offset when the chapter's text is loaded.
public struct TOCEntry: Hashable, Sendable, Codable {
  public var title: String
  /// Index into `Book.chapters`; nil when the entry points nowhere in the book.
  public var chapterIndex: Int?
  /// The fragment id (without `#`) inside the chapter, if any.
  public var fragment: String?
  /// UTF-16 offset in the chapter when known without loading it (TXT), else nil.
  public var offset: Int?
  public var children: [TOCEntry]

  /// Creates an entry.
  public init(
    title: String, chapterIndex: Int?, fragment: String? = nil, offset: Int? = nil,
    children: [TOCEntry] = []
  ) {
    self.title = title
    self.chapterIndex = chapterIndex
    self.fragment = fragment
    self.offset = offset
    self.children = children
  }

  /// This entry and all its descendants in document order, each with its depth (0 = top).
  public func flattened(depth: Int = 0) -> [(entry: TOCEntry, depth: Int)] {
    [(self, depth)] + children.flatMap { $0.flattened(depth: depth + 1) }
  }
}

extension Array where Element == TOCEntry {
  /// All entries of a TOC tree in document order, each with its depth (0 = top).
  public func flattened() -> [(entry: TOCEntry, depth: Int)] {
    flatMap { $0.flattened() }
  }
}
