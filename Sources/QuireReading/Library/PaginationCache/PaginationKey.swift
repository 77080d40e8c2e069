/// What a cached pagination depends on: the book's content, the layout settings and the
/// typesetting engine's version.
public struct PaginationKey: Hashable, Sendable {
  /// The book's `contentHash`.
  public var contentHash: String
  /// A stable hash of every setting that can move a page break (font, size, margins…).
  public var settingsHash: String
  /// `Typesetting.engineVersion` when the pages were cut.
  public var engineVersion: Int

  /// Creates a key.
  public init(contentHash: String, settingsHash: String, engineVersion: Int) {
    self.contentHash = contentHash
    self.settingsHash = settingsHash
    self.engineVersion = engineVersion
  }
}
