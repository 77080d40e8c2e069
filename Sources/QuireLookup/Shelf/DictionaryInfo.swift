/// A dictionary found on this machine: what it is called, its format and languages, and
/// its files.
public struct DictionaryInfo: Hashable, Sendable, Codable {
  /// The two formats Quire reads.
  public enum Format: String, Hashable, Sendable, Codable {
    /// A dictd database (`.index` + `.dict.dz`): Debian's `dict-*` packages.
    case dictd
    /// A StarDict dictionary (`.ifo`, `.idx`, `.dict.dz`, `.syn`): KOReader's and sdcv's.
    case stardict
  }

  /// The short name the `dictionaries` preference and `--dictionary` use: the file name
  /// without its extensions ("gcide", "wn", "freedict-fra-eng").
  public var id: String
  /// The name the dictionary gives itself ("The Collaborative International Dictionary of
  /// English v.0.48"); the id until the dictionary is opened.
  public var name: String
  public var format: Format
  /// BCP 47 language of its headwords, when it is known.
  public var sourceLanguage: String?
  /// BCP 47 language of its definitions, when it is known.
  public var targetLanguage: String?
  /// The index (`.index`) or the `.ifo`.
  public var path: String

  /// Creates a description.
  public init(
    id: String, name: String, format: Format, sourceLanguage: String?, targetLanguage: String?,
    path: String
  ) {
    self.id = id
    self.name = name
    self.format = format
    self.sourceLanguage = sourceLanguage
    self.targetLanguage = targetLanguage
    self.path = path
  }
}
