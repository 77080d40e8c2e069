/// A conversion between Chinese scripts (and Japanese kanji forms), as OpenCC names its
/// configurations: Simplified ⇄ Traditional, with the Taiwan and Hong Kong standards and
/// Taiwan's phrases (`s2twp`: 鼠标 → 滑鼠).
public enum ScriptConversion: String, CaseIterable, Hashable, Sendable, Codable {
  case s2t, t2s, s2tw, tw2s, s2hk, hk2s, s2twp, tw2sp, t2tw, tw2t, t2hk, hk2t, t2jp, jp2t

  /// The BCP 47 tag of the converted text, which picks its CJK face.
  public var targetLanguage: String {
    switch self {
    case .s2t, .tw2t, .hk2t: "zh-Hant"
    case .s2tw, .s2twp, .t2tw: "zh-Hant-TW"
    case .s2hk, .t2hk: "zh-Hant-HK"
    case .t2s, .tw2s, .hk2s, .tw2sp: "zh-Hans"
    case .t2jp, .jp2t: "ja"
    }
  }

  /// Whether the conversion applies to a book in `language`: Chinese ones to Chinese
  /// books not already in the target script (Simplified to Traditional skips a book told
  /// to be Traditional), the Japanese ones to Japanese books.
  public func applies(toLanguage language: String?) -> Bool {
    guard let language = language?.lowercased() else { return false }
    switch self {
    case .t2jp, .jp2t: return language.hasPrefix("ja")
    default: break
    }
    guard language.hasPrefix("zh") else { return false }
    let traditional =
      language.contains("hant") || language.hasSuffix("-tw") || language.hasSuffix("-hk")
    switch self {
    case .s2t, .s2tw, .s2hk, .s2twp: return !traditional
    case .t2s, .tw2s, .hk2s, .tw2sp: return traditional || !language.contains("hans")
    default: return true
    }
  }

  /// The configuration file's name in OpenCC's data folder (`s2t.json`).
  var configurationFile: String { "\(rawValue).json" }
}
