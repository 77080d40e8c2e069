/// One document of a book's reading order: a TXT chapter or an EPUB spine item.
public struct Chapter: Hashable, Sendable, Codable {
  /// Where the chapter sits in the book.
  public enum Role: String, Hashable, Sendable, Codable {
    /// Text before the first heading (TXT), title pages and the like.
    case frontMatter
    case body
    /// Licence boilerplate, appendices kept out of the story.
    case backMatter
  }

  /// The chapter's title: its heading, TOC label, or first words.
  public var title: String
  /// Path of the chapter's document inside an EPUB; nil for TXT.
  public var href: String?
  /// False for EPUB spine items with `linear="no"`: reachable by links, skipped when paging.
  public var isLinear: Bool
  public var role: Role
  /// Length of the chapter's text in UTF-16 units when known without loading it (TXT),
  /// otherwise an estimate from the document's size; used for progress estimates.
  public var estimatedLength: Int
  /// Package path of the chapter's EPUB 3 media overlay (its SMIL narration), if any.
  public var mediaOverlayHref: String?
  /// For a fixed-layout page (a comic's page, a `pre-paginated` spine item), where it goes
  /// in a two-page spread; nil for a chapter whose text is reflowed.
  public var spreadPlacement: FixedLayout.Placement?

  /// Creates a chapter descriptor.
  public init(
    title: String, href: String? = nil, isLinear: Bool = true, role: Role = .body,
    estimatedLength: Int
  ) {
    self.title = title
    self.href = href
    self.isLinear = isLinear
    self.role = role
    self.estimatedLength = estimatedLength
  }
}
