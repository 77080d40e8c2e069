public import Foundation

/// An imported book: its metadata, reading order, table of contents, and lazily loaded
/// chapter texts and resources.
///
/// Opening a book reads only what is needed to list its chapters; each chapter's
/// `StyledText` is built on first use and cached. `Book` is safe to share across tasks.
public final class Book: Sendable {
  /// The path the book was opened from.
  public let path: String
  public let format: BookFormat
  public let metadata: Metadata
  /// All documents of the book in reading order; non-linear ones have `isLinear == false`.
  public let chapters: [Chapter]
  public let toc: [TOCEntry]
  /// Problems found while opening the book (package, spine, table of contents); those met
  /// converting a chapter are given by `warnings(ofChapter:)` and `warningsSoFar`.
  public let warnings: [ImportWarning]
  /// Hex SHA-256 of the file's bytes (of the package's files for a folder): the key under
  /// which the library finds a moved book and caches its pagination.
  ///
  /// Computed on first use and cached, so that opening a book and showing its first page
  /// never waits for hashing megabytes. Should the file vanish before then, the hash of
  /// its path stands in (the book is then known by where it was).
  public var contentHash: String {
    if let hash = hashCache.withLock({ $0 }) { return hash }
    let hash = computeHash()
    hashCache.withLock { $0 = hash }
    return hash
  }

  let content: any BookContent
  private let computeHash: @Sendable () -> String
  private let hashCache = Locked<String?>(nil)
  private let cache = Locked<[Int: StyledText]>([:])
  /// What each converted chapter's conversion reported; kept when its text is evicted (a
  /// chapter converts the same way every time, so a reload only confirms it).
  private let chapterWarnings = Locked<[Int: [ImportWarning]]>([:])

  package init(
    path: String, format: BookFormat, metadata: Metadata, chapters: [Chapter],
    toc: [TOCEntry], warnings: [ImportWarning], contentHash: @escaping @Sendable () -> String,
    content: any BookContent
  ) {
    self.path = path
    self.format = format
    self.metadata = metadata
    self.chapters = chapters
    self.toc = toc
    self.warnings = warnings
    self.computeHash = contentHash
    self.content = content
  }

  /// Creates a book whose content hash is already known (in-memory books, tests).
  package convenience init(
    path: String, format: BookFormat, metadata: Metadata, chapters: [Chapter],
    toc: [TOCEntry], warnings: [ImportWarning], contentHash: String, content: any BookContent
  ) {
    self.init(
      path: path, format: format, metadata: metadata, chapters: chapters, toc: toc,
      warnings: warnings, contentHash: { contentHash }, content: content)
  }

  /// The styled text of chapter `index`, loaded on first use.
  ///
  /// A chapter that cannot be read (missing or broken document) yields a short text that
  /// says so rather than an error, so one bad chapter never closes the book; `BookError`
  /// is thrown only for an index out of range.
  public func text(ofChapter index: Int) throws -> StyledText {
    guard chapters.indices.contains(index) else {
      throw BookError(
        .missingResource, path: path,
        "there is no chapter \(index + 1) (the book has \(chapters.count))"
      )
    }
    if let cached = cache.withLock({ $0[index] }) { return cached }
    let converted = content.chapter(index, of: chapters[index])
    // Warnings first: whoever finds the text cached finds its warnings recorded.
    chapterWarnings.withLock { $0[index] = converted.warnings }
    cache.withLock { $0[index] = converted.text }
    return converted.text
  }

  /// The problems met converting chapter `index` (a stylesheet, font or image that is
  /// missing or unusable, markup that had to be recovered), each naming the entry at
  /// fault; converts the chapter first if it never was.
  ///
  /// The same whichever order chapters are loaded in and from however many tasks. Throws
  /// `BookError` only for an index out of range.
  public func warnings(ofChapter index: Int) throws -> [ImportWarning] {
    if let known = chapterWarnings.withLock({ $0[index] }) { return known }
    _ = try text(ofChapter: index)
    return chapterWarnings.withLock { $0[index] } ?? []
  }

  /// The warnings found while opening, then those of every chapter converted so far in
  /// chapter order; a warning met in several chapters (an unusable font their stylesheet
  /// shares) is listed once. Converts nothing: a reader shows it as it grows.
  public var warningsSoFar: [ImportWarning] {
    let byChapter = chapterWarnings.withLock { $0 }
    var seen = Set(warnings)
    var all = warnings
    for index in byChapter.keys.sorted() {
      for warning in byChapter[index]! where seen.insert(warning).inserted {
        all.append(warning)
      }
    }
    return all
  }

  /// Forgets cached chapter texts other than `keeping`, to bound memory on long books.
  public func evictChapterTexts(keeping: Set<Int> = []) {
    cache.withLock { cache in cache = cache.filter { keeping.contains($0.key) } }
  }

  /// The bytes of a resource (an image, a stylesheet) at `href`, a path inside the book
  /// or a `data:` URL (an inline SVG, an image written into its page).
  public func resource(at href: String) throws -> Data {
    if DataURL.isDataURL(href) {
      guard let data = DataURL.decode(href) else {
        throw BookError(
          .missingResource, path: path, entry: "data: URL", "the data: URL is malformed")
      }
      return data
    }
    return try content.resource(at: href)
  }

  /// The chapters a reader pages through, in order: the linear ones.
  public var readingOrder: [Int] {
    chapters.indices.filter { chapters[$0].isLinear }
  }

  /// Where an internal link target "path#fragment" (or "#fragment" in `chapter`) points.
  ///
  /// Returns nil when the path is not a chapter of this book. An unknown fragment
  /// resolves to the chapter's start.
  public func locator(forHref href: String, from chapter: Int? = nil) -> Locator? {
    let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts.first.map(String.init) ?? ""
    let fragment = parts.count > 1 ? String(parts[1]) : nil
    let index: Int?
    if path.isEmpty {
      index = chapter
    } else {
      index = chapters.firstIndex { $0.href == path }
    }
    guard let index else { return nil }
    guard let fragment, !fragment.isEmpty, let text = try? text(ofChapter: index) else {
      return Locator(chapterIndex: index, offset: 0)
    }
    return Locator(chapterIndex: index, offset: text.anchors[fragment] ?? 0)
  }

  /// Where a TOC entry points, loading the chapter if its fragment must be resolved.
  public func locator(for entry: TOCEntry) -> Locator? {
    guard let index = entry.chapterIndex else { return nil }
    if let offset = entry.offset { return Locator(chapterIndex: index, offset: offset) }
    guard let fragment = entry.fragment, let text = try? text(ofChapter: index) else {
      return Locator(chapterIndex: index, offset: 0)
    }
    return Locator(chapterIndex: index, offset: text.anchors[fragment] ?? 0)
  }
}

/// Where a `Book` gets chapter texts and resources from: the format-specific part.
package protocol BookContent: Sendable {
  /// The styled text of a chapter; never fails (a broken chapter becomes a notice text).
  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText
  /// The styled text of a chapter with the problems met converting it; by default
  /// `text(ofChapter:of:)` with none.
  func chapter(_ index: Int, of chapter: Chapter) -> ConvertedChapter
  /// The bytes of a resource inside the book.
  func resource(at href: String) throws -> Data
}

extension BookContent {
  /// `text(ofChapter:of:)`, for formats whose chapters convert without warnings.
  package func chapter(_ index: Int, of chapter: Chapter) -> ConvertedChapter {
    ConvertedChapter(text: text(ofChapter: index, of: chapter), warnings: [])
  }
}
