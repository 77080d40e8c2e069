/// A position in a book that survives re-pagination, font changes and edits to the layout.
///
/// The unit of `offset` is the UTF-16 code unit of the chapter's `StyledText.string`,
/// everywhere in Quire (the same unit as TextKit's `NSRange` and Readium's web
/// locators). Page numbers are derived from locators, never stored as the truth.
public struct Locator: Hashable, Sendable, Codable {
  /// The chapter's index in `Book.chapters`.
  public var chapterIndex: Int
  /// UTF-16 offset into the chapter's text.
  public var offset: Int
  /// Progress through the whole book, 0…1, by characters, when known.
  public var totalProgression: Double?
  /// A few characters before the position, to re-find it after the book changes.
  public var textBefore: String?
  /// A few characters from the position on, to re-find it after the book changes.
  public var textAfter: String?

  /// Creates a locator for `offset` in chapter `chapterIndex`.
  public init(
    chapterIndex: Int, offset: Int = 0, totalProgression: Double? = nil,
    textBefore: String? = nil, textAfter: String? = nil
  ) {
    self.chapterIndex = chapterIndex
    self.offset = offset
    self.totalProgression = totalProgression
    self.textBefore = textBefore
    self.textAfter = textAfter
  }
}

extension Locator: Comparable {
  /// Reading order: chapter first, then offset.
  public static func < (lhs: Locator, rhs: Locator) -> Bool {
    (lhs.chapterIndex, lhs.offset) < (rhs.chapterIndex, rhs.offset)
  }
}
