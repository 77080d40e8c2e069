/// The regional cut of the Noto CJK faces a language is read in.
///
/// Han characters share code points across Chinese, Japanese and Korean, but their
/// shapes and the place of their punctuation differ: Traditional Chinese centres ，。 in
/// the em box, Simplified Chinese and Japanese set them low at the left. The Noto CJK
/// collections carry one face per region (SC, TC, JP, KR).
enum CJKRegion: String, Hashable, Sendable {
  case simplifiedChinese = "SC"
  case traditionalChinese = "TC"
  case japanese = "JP"
  case korean = "KR"

  /// The region of a BCP 47 tag, or nil for a language that is not Chinese, Japanese or
  /// Korean. Chinese is Traditional when its script says so (zh-Hant) or, without a
  /// script, in Taiwan, Hong Kong and Macau; Simplified otherwise.
  init?(language: String) {
    let subtags = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let primary = subtags.first else { return nil }
    switch primary {
    case "ja", "jpn": self = .japanese
    case "ko", "kor": self = .korean
    case "zh", "zho", "chi", "yue", "cmn", "lzh":
      if subtags.contains("hant") {
        self = .traditionalChinese
      } else if subtags.contains("hans") {
        self = .simplifiedChinese
      } else if subtags.contains(where: { $0 == "tw" || $0 == "hk" || $0 == "mo" })
        || primary == "yue"
      {
        self = .traditionalChinese
      } else {
        self = .simplifiedChinese
      }
    default: return nil
    }
  }

  /// The Noto Serif (Mincho, Song, Ming, Myeongjo) face of the region.
  var serifFamily: String { "Noto Serif CJK \(rawValue)" }
  /// The Noto Sans (Gothic, Hei) face of the region.
  var sansFamily: String { "Noto Sans CJK \(rawValue)" }

  /// A reader's body family that names a Noto CJK face, with or without its region
  /// ("Noto Sans CJK", "Noto Serif CJK SC"): the same style in this region's cut, so a
  /// reader who chose a CJK face gets the one for each paragraph's language. nil for
  /// any other family.
  func family(like body: String) -> String? {
    if body.hasPrefix("Noto Sans CJK") { return sansFamily }
    if body.hasPrefix("Noto Serif CJK") { return serifFamily }
    return nil
  }
}
