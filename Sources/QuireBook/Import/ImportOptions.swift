/// A regular expression that recognises a chapter heading line in a TXT book.
public struct ChapterPattern: Hashable, Sendable {
  /// An ICU/NSRegularExpression pattern matched against a whole trimmed line.
  public var pattern: String
  /// TOC level: 0 for volumes/parts/books, 1 for chapters.
  public var level: Int

  /// Creates a pattern.
  public init(_ pattern: String, level: Int = 1) {
    self.pattern = pattern
    self.level = level
  }
}

/// Resource limits that keep hostile files from exhausting memory or time.
public struct ImportLimits: Hashable, Sendable {
  /// Largest uncompressed size of one archive entry that is read.
  public var maxEntrySize = 64 << 20
  /// Largest total uncompressed size read from one archive.
  public var maxTotalSize = 512 << 20
  /// Largest uncompressed ÷ compressed ratio accepted for entries over 1 MiB.
  public var maxCompressionRatio = 100
  /// Most entries an archive may have.
  public var maxEntryCount = 20_000
  /// Deepest element nesting kept from a markup document.
  public var maxXMLDepth = 256
  /// Largest TXT file imported.
  public var maxTextFileSize = 256 << 20
  /// Largest CSS stylesheet read.
  public var maxStylesheetSize = 2 << 20
  /// Largest embedded font file used; a larger one falls back to the reader's fonts.
  public var maxFontSize = 32 << 20

  /// The default limits.
  public init() {}
}

/// Options for importing a book.
public struct ImportOptions: Hashable, Sendable {
  /// TXT chapter heading patterns; nil uses `ChapterPattern.defaults`.
  public var chapterPatterns: [ChapterPattern]?
  public var limits = ImportLimits()
  /// Folder where embedded fonts are written as plain files for the typesetter; nil uses
  /// `$XDG_CACHE_HOME/quire/fonts` (else `~/.cache/quire/fonts`, else the temp folder).
  public var fontCacheDirectory: String?
  /// Leave out lines that download sites put into TXT books (`SiteJunk`): their address,
  /// credits, adverts, and running headers repeating the title.
  public var removesSiteJunk = true
  /// The reader's replace rules (`ReplaceRule`), applied to TXT books at import.
  public var replaceRules: [ReplaceRule] = []
  /// What was wrong with the rules file (a rule that does not compile, by its name):
  /// listed among a TXT book's warnings, so `quire info --warnings` shows it.
  public var replaceRuleProblems: [String] = []
  /// Show Chinese books in another script (OpenCC's conversions); nil: as written.
  public var scriptConversion: ScriptConversion?
  /// The reader sets every book horizontally (the `writingMode` preference): a book that
  /// would open in vertical columns (an Aozora Bunko text) turns its pages left to right.
  public var prefersHorizontalText = false

  /// The default options.
  public init(chapterPatterns: [ChapterPattern]? = nil) {
    self.chapterPatterns = chapterPatterns
  }
}
