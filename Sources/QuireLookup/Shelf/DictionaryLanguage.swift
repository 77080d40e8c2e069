/// Languages of dictionaries: BCP 47 tags from file names and `.ifo` keys, and whether a
/// dictionary suits a book's language.
public enum DictionaryLanguage {
  /// The primary language subtag, lower case: "en-GB" → "en", "zh_Hans" → "zh".
  public static func primary(_ tag: String) -> String {
    String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
  }

  /// Whether a dictionary whose words are in `dictionary` serves a book in `book`.
  static func matches(_ dictionary: String, _ book: String) -> Bool {
    primary(normalized(dictionary)) == primary(normalized(book))
  }

  /// A tag with an ISO 639-3 or 639-2 primary subtag ("eng", "deu", "fre") turned into its
  /// two-letter form where there is one ("en", "de", "fr"); other tags as they are.
  static func normalized(_ tag: String) -> String {
    let primary = primary(tag)
    guard let short = twoLetter[primary] else { return tag }
    return short + tag.dropFirst(primary.count)
  }

  /// Source and target from "en", "en-fr", "eng-fra", "English-French"; nil when none.
  static func pair(from text: String) -> (source: String?, target: String?) {
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).map {
      String($0).lowercased()
    }
    func tag(_ part: String?) -> String? {
      guard let part else { return nil }
      if let name = englishNames[part] { return name }
      if part.count == 2 && part.allSatisfy(\.isLetter) { return part }
      return twoLetter[part] ?? (part.count == 3 && part.allSatisfy(\.isLetter) ? part : nil)
    }
    return (tag(parts.first), tag(parts.dropFirst().first))
  }

  /// The languages of a dictd database from its name: FreeDict pairs name theirs
  /// (`freedict-deu-eng`, older `fd-deu-eng`); GCIDE, WordNet and the other English
  /// databases Debian packages are English.
  static func dictdLanguages(_ name: String) -> (source: String?, target: String?) {
    if englishDatabases.contains(name) { return ("en", "en") }
    for prefix in ["freedict-", "fd-"] where name.hasPrefix(prefix) {
      return pair(from: String(name.dropFirst(prefix.count)))
    }
    return (nil, nil)
  }

  /// dictd databases Debian ships whose headwords are English.
  private static let englishDatabases: Set<String> = [
    "gcide", "wn", "web1913", "moby-thesaurus", "moby-thes", "devil", "foldoc", "jargon",
    "vera", "elements", "easton", "hitchcock", "bouvier", "world02", "world95", "gazetteer",
  ]

  /// ISO 639-2/3 codes of the languages FreeDict and StarDict dictionaries name most, with
  /// their two-letter forms.
  static let twoLetter: [String: String] = [
    "eng": "en", "deu": "de", "ger": "de", "fra": "fr", "fre": "fr", "spa": "es", "ita": "it",
    "por": "pt", "nld": "nl", "dut": "nl", "rus": "ru", "pol": "pl", "swe": "sv", "dan": "da",
    "fin": "fi", "ces": "cs", "cze": "cs", "slk": "sk", "slo": "sk", "hun": "hu", "tur": "tr",
    "jpn": "ja", "zho": "zh", "chi": "zh", "kor": "ko", "lat": "la", "gle": "ga", "cym": "cy",
    "wel": "cy", "bre": "br", "ell": "el", "gre": "el", "ara": "ar", "hin": "hi", "kur": "ku",
    "afr": "af", "bul": "bg", "hrv": "hr", "srp": "sr", "slv": "sl", "nor": "no", "nob": "nb",
    "nno": "nn", "isl": "is", "ice": "is", "lit": "lt", "lav": "lv", "est": "et", "swh": "sw",
    "swa": "sw", "san": "sa", "tha": "th", "ron": "ro", "rum": "ro", "ukr": "uk", "epo": "eo",
    "oci": "oc", "gla": "gd", "ind": "id", "msa": "ms", "vie": "vi", "heb": "he", "fas": "fa",
    "per": "fa", "cat": "ca", "eus": "eu", "glg": "gl", "bel": "be", "mkd": "mk", "sqi": "sq",
  ]

  /// The three-letter code FreeDict package names use for a two-letter one: ISO 639-3
  /// ("deu", "fra"), never the bibliographic ISO 639-2/B code ("ger", "fre").
  static func threeLetter(_ tag: String) -> String? {
    let primary = primary(tag)
    let bibliographic: Set<String> = [
      "ger", "fre", "dut", "cze", "slo", "chi", "wel", "gre", "ice", "rum", "per", "swa",
    ]
    return twoLetter.filter { $0.value == primary && !bibliographic.contains($0.key) }
      .map(\.key).sorted().first
  }

  private static let englishNames: [String: String] = [
    "english": "en", "german": "de", "french": "fr", "spanish": "es", "italian": "it",
    "portuguese": "pt", "dutch": "nl", "russian": "ru", "polish": "pl", "swedish": "sv",
    "chinese": "zh", "japanese": "ja", "korean": "ko", "latin": "la", "czech": "cs",
  ]
}
