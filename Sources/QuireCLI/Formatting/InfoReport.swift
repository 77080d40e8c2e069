import QuireBook

/// Everything `quire info` says about a book, gathered once and printed as aligned text
/// or as JSON (its `Codable` form is the JSON schema).
struct InfoReport: Codable, Equatable, Sendable {
  /// The format, flattened for scripts: `{"name": "TXT (GB18030)", "type": "txt", …}`.
  struct Format: Codable, Equatable, Sendable {
    /// "TXT (GB18030)", "EPUB 3.0", "EPUB 3.0 (folder)".
    var name: String
    /// "txt", "epub", "epubDirectory", "fb2", "fb2Zip", "mobi", "kf8" or "cbz".
    var type: String
    /// The detected or declared text encoding (TXT, FB2).
    var encoding: String?
    /// The package version (EPUB only).
    var version: String?
  }

  /// Chapter counts.
  struct Chapters: Codable, Equatable, Sendable {
    /// Chapters in the reading order.
    var linear: Int
    /// All chapters, including non-linear ones (`linear="no"`).
    var total: Int
  }

  /// The cover image.
  struct Cover: Codable, Equatable, Sendable {
    var href: String
    /// Pixel size read from the image header; nil when unknown (e.g. SVG) or missing.
    var width: Int?
    var height: Int?
    /// False when the book names a cover that is not in it.
    var isPresent: Bool
  }

  var path: String
  var format: Format
  var title: String
  var subtitle: String?
  var authors: [String]
  /// Every creator with their role, authors included.
  var creators: [Metadata.Contributor]
  var language: String?
  var identifier: String?
  var publisher: String?
  var date: String?
  var series: Metadata.Series?
  /// The description as one trimmed paragraph, markup removed.
  var description: String?
  var chapters: Chapters
  var characters: Int
  var words: Int
  var cover: Cover?
  /// The book's own narration (EPUB 3 media overlays); nil when it has none.
  var narration: Narration?
  /// The problems found while opening the book.
  var warnings: [ImportWarning]
  /// The problems met converting each chapter, for the chapters that had any.
  var chapterWarnings: [ChapterWarnings]

  /// The chapters a book's audio reads (`quire speak --narration` plays them).
  struct Narration: Codable, Equatable, Sendable {
    /// How many chapters have a media overlay.
    var chapters: Int
    /// The class the book gives the text being read (`media:active-class`).
    var activeClass: String?
  }

  /// The warnings of one chapter.
  struct ChapterWarnings: Codable, Equatable, Sendable {
    /// The chapter's number, from 1 in the book's order (non-linear chapters included).
    var chapter: Int
    /// The chapter's file inside the book.
    var href: String?
    var warnings: [ImportWarning]
  }

  /// Gathers the report, loading every chapter to count characters and words and to
  /// collect its warnings (and forgetting each one again, so a long book does not stay in
  /// memory).
  init(book: Book) throws {
    path = book.path
    format = Format(book.format)
    let metadata = book.metadata
    title = metadata.title
    subtitle = metadata.subtitle
    authors = metadata.authors
    creators = metadata.creators
    language = metadata.language
    identifier = metadata.identifier
    publisher = metadata.publisher
    date = metadata.date
    series = metadata.series
    description = metadata.description.map(Self.oneParagraph).flatMap { $0.isEmpty ? nil : $0 }
    chapters = Chapters(linear: book.readingOrder.count, total: book.chapters.count)
    var statistics = TextStatistics()
    chapterWarnings = []
    for index in book.chapters.indices {
      statistics.add(try book.text(ofChapter: index).string)
      book.evictChapterTexts()
      let found = try book.warnings(ofChapter: index)
      if !found.isEmpty {
        chapterWarnings.append(
          ChapterWarnings(chapter: index + 1, href: book.chapters[index].href, warnings: found))
      }
    }
    characters = statistics.characters
    words = statistics.words
    cover = metadata.coverHref.map { href in
      guard let data = try? book.resource(at: href) else {
        return Cover(href: href, isPresent: false)
      }
      let size = ImageHeader.size(of: data)
      return Cover(href: href, width: size?.width, height: size?.height, isPresent: true)
    }
    warnings = book.warnings
    let narrated = book.chapters.filter { $0.mediaOverlayHref != nil }.count
    narration =
      narrated == 0 ? nil : Narration(chapters: narrated, activeClass: metadata.mediaActiveClass)
  }

  /// Text with tags removed and every run of whitespace made one space.
  static func oneParagraph(_ text: String) -> String {
    var result = ""
    var inTag = false
    var pendingSpace = false
    for character in text {
      if character == "<" {
        inTag = true
      } else if character == ">" && inTag {
        inTag = false
        pendingSpace = pendingSpace || !result.isEmpty
      } else if inTag {
        continue
      } else if character.isWhitespace {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(" ") }
        pendingSpace = false
        result.append(character)
      }
    }
    return result
  }
}

extension InfoReport.Format {
  init(_ format: BookFormat) {
    name = format.displayName
    switch format {
    case .txt(let encoding): (type, self.encoding) = ("txt", encoding)
    case .epub(let version): (type, self.version) = ("epub", version)
    case .epubDirectory(let version): (type, self.version) = ("epubDirectory", version)
    case .fb2(let encoding): (type, self.encoding) = ("fb2", encoding)
    case .fb2Zip(let encoding): (type, self.encoding) = ("fb2Zip", encoding)
    case .mobi: type = "mobi"
    case .kf8: type = "kf8"
    case .cbz: type = "cbz"
    case .comicArchive(let kind): type = kind.lowercased()
    case .aozora(let encoding): (type, self.encoding) = ("aozora", encoding)
    }
  }
}
