public import Foundation
public import QuireBook

/// A book's bookmarks and highlights as a portable document: JSON to move them between
/// libraries, Markdown to read them.
///
/// Times are encoded as ISO 8601 with whole seconds, so a round trip keeps them to the
/// second.
public struct AnnotationExport: Hashable, Sendable, Codable {
  /// Which book the annotations belong to.
  public struct BookInfo: Hashable, Sendable, Codable {
    public var title: String
    public var authors: [String]
    public var contentHash: String

    /// Creates a book description.
    public init(title: String, authors: [String], contentHash: String) {
      self.title = title
      self.authors = authors
      self.contentHash = contentHash
    }
  }

  /// An exported bookmark.
  public struct ExportedBookmark: Hashable, Sendable, Codable {
    /// Its id in the library it was exported from (absent in older exports): with its
    /// creation time, what tells an import into that library that it is already there,
    /// even with its note edited since.
    public var id: Int?
    public var locator: Locator
    public var note: String?
    public var createdAt: Date
    /// When its note last changed; absent in older exports (then its creation).
    public var modifiedAt: Date?
    /// The contents entry it is in (`ContentsNames`), when the exporter had the book open;
    /// for a reader of the file, never read back.
    public var chapter: String?

    /// Creates an exported bookmark.
    public init(
      id: Int? = nil, locator: Locator, note: String?, createdAt: Date, modifiedAt: Date? = nil,
      chapter: String? = nil
    ) {
      self.id = id
      self.locator = locator
      self.note = note
      self.createdAt = createdAt
      self.modifiedAt = modifiedAt
      self.chapter = chapter
    }
  }

  /// An exported highlight.
  public struct ExportedHighlight: Hashable, Sendable, Codable {
    /// Its id in the library it was exported from, as for `ExportedBookmark.id`.
    public var id: Int?
    public var start: Locator
    public var end: Locator
    public var colour: Highlight.Colour
    /// Background in older exports, which had no styles.
    public var style: Highlight.Style
    public var note: String?
    public var createdAt: Date
    /// When it last changed; absent in older exports (then its creation).
    public var modifiedAt: Date?
    /// True for a highlight whose text its book no longer has (`Highlight.isUnplaced`).
    public var isUnplaced: Bool
    /// The contents entry it starts in, as for `ExportedBookmark.chapter`.
    public var chapter: String?
    /// The highlighted text (`PassageText`), when the exporter had the book open; for a
    /// reader of the file, never read back.
    public var text: String?

    /// Creates an exported highlight.
    public init(
      id: Int? = nil, start: Locator, end: Locator, colour: Highlight.Colour,
      style: Highlight.Style = .background, note: String?, createdAt: Date,
      modifiedAt: Date? = nil, isUnplaced: Bool = false, chapter: String? = nil,
      text: String? = nil
    ) {
      self.id = id
      self.start = start
      self.end = end
      self.colour = colour
      self.style = style
      self.note = note
      self.createdAt = createdAt
      self.modifiedAt = modifiedAt
      self.isUnplaced = isUnplaced
      self.chapter = chapter
      self.text = text
    }

    enum CodingKeys: String, CodingKey {
      case id, start, end, colour, style, note, createdAt, modifiedAt, chapter, text
      case isUnplaced = "unplaced"
    }
  }

  /// Always "quire-annotations": tells the file apart from other JSON.
  public var format = AnnotationExport.formatName
  /// The document's version; readers refuse newer ones.
  public var version = AnnotationExport.currentVersion
  public var book: BookInfo
  public var exportedAt: Date
  public var bookmarks: [ExportedBookmark]
  public var highlights: [ExportedHighlight]

  static let formatName = "quire-annotations"
  /// 2 added highlight styles, modification times, unplaced highlights, and the chapter
  /// names and highlighted text written for readers of the file.
  static let currentVersion = 2

  /// Creates an export.
  public init(
    book: BookInfo, exportedAt: Date, bookmarks: [ExportedBookmark],
    highlights: [ExportedHighlight]
  ) {
    self.book = book
    self.exportedAt = exportedAt
    self.bookmarks = bookmarks
    self.highlights = highlights
  }

  /// The export as pretty-printed JSON with sorted keys (stable for diffs).
  public func jsonData() throws -> Data {
    try JSONCoding.encoder().encode(self)
  }

  /// Reads an export from JSON.
  ///
  /// - Parameter source: the file the JSON came from, named in errors.
  /// - Throws: `LibraryError.Code.invalidExport` when the data is not a Quire annotations
  ///   export of a version this Quire reads.
  public init(jsonData: Data, source: String) throws {
    let decoder = JSONCoding.decoder()
    let decoded: AnnotationExport
    do {
      decoded = try decoder.decode(AnnotationExport.self, from: jsonData)
    } catch {
      throw LibraryError(
        .invalidExport, path: source,
        "not a Quire annotations export (\(Self.describe(error)))")
    }
    guard decoded.format == Self.formatName else {
      throw LibraryError(
        .invalidExport, path: source,
        "not a Quire annotations export (format \"\(decoded.format)\")")
    }
    guard decoded.version <= Self.currentVersion else {
      throw LibraryError(
        .invalidExport, path: source,
        "the export has version \(decoded.version), newer than this Quire reads; update Quire")
    }
    self = decoded
  }

  /// A short reason for a decoding failure, naming the field when there is one.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "wrong value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    case DecodingError.dataCorrupted(let context):
      context.codingPath.isEmpty
        ? "the data is not valid JSON"
        : "bad value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    default: "\(error)"
    }
  }
}
