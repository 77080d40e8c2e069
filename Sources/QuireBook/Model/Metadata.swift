/// Descriptive metadata of a book: what `quire info` prints and the library stores.
public struct Metadata: Hashable, Sendable, Codable {
  /// A person or body responsible for the book.
  public struct Contributor: Hashable, Sendable, Codable {
    /// Display name, e.g. "Leo Tolstoy".
    public var name: String
    /// MARC relator code or EPUB role, e.g. "aut", "trl", "edt"; nil when unstated.
    public var role: String?
    /// Sort form, e.g. "Tolstoy, Leo", when the book gives one.
    public var fileAs: String?

    /// Creates a contributor.
    public init(name: String, role: String? = nil, fileAs: String? = nil) {
      self.name = name
      self.role = role
      self.fileAs = fileAs
    }
  }

  /// A series the book belongs to (EPUB 3 `belongs-to-collection` or calibre meta).
  public struct Series: Hashable, Sendable, Codable {
    /// The series name.
    public var name: String
    /// The book's position in the series, e.g. "2".
    public var position: String?

    /// Creates a series reference.
    public init(name: String, position: String? = nil) {
      self.name = name
      self.position = position
    }
  }

  public var title: String
  public var subtitle: String?
  /// Authors first, then other contributors (translators, editors, illustrators).
  public var creators: [Contributor]
  /// BCP 47 language tag, e.g. "en", "zh-Hans".
  public var language: String?
  public var identifier: String?
  public var publisher: String?
  public var date: String?
  public var description: String?
  public var series: Series?
  public var subjects: [String]
  public var rights: String?
  /// Path of the cover image inside the book, when it has one.
  public var coverHref: String?
  /// The spine's `page-progression-direction` is `rtl` (EPUB 3.3 §5.7.1): pages turn
  /// right to left, as in vertical Japanese and Chinese books and in Arabic ones.
  public var progressesRightToLeft = false
  /// When the book's fixed-layout pages may be shown two at a time (`rendition:spread`);
  /// nil when it does not say (taken as `auto`).
  public var spread: FixedLayout.Spread?
  /// The class a book's narration gives the text being read (`media:active-class`, EPUB
  /// Media Overlays 3.3 §2.5), to style it; nil when the book names none.
  public var mediaActiveClass: String?

  /// Creates metadata with a title and optional fields.
  public init(
    title: String, subtitle: String? = nil, creators: [Contributor] = [],
    language: String? = nil, identifier: String? = nil, publisher: String? = nil,
    date: String? = nil, description: String? = nil, series: Series? = nil,
    subjects: [String] = [], rights: String? = nil, coverHref: String? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.creators = creators
    self.language = language
    self.identifier = identifier
    self.publisher = publisher
    self.date = date
    self.description = description
    self.series = series
    self.subjects = subjects
    self.rights = rights
    self.coverHref = coverHref
  }

  /// The names of the creators whose role is author (or unstated).
  public var authors: [String] {
    creators.filter { $0.role == nil || $0.role == "aut" }.map(\.name)
  }
}
