/// The writing system a book is read in, as far as reading speed goes: characters a
/// minute in Chinese are not characters a minute in English, so speed is learned per
/// script and a new book starts from the reader's speed in its script.
public enum ReadingScript: String, Hashable, Sendable, Codable, CaseIterable {
  case latin
  case cyrillic
  case greek
  /// Chinese: ideographs only.
  case han
  /// Japanese: ideographs with kana.
  case japanese
  case hangul
  case arabic
  case hebrew
  case devanagari
  case thai
  case other

  /// The script of a BCP 47 language tag ("zh-Hant", "ru", "sr-Latn"); nil for an empty
  /// or unknown tag.
  public init?(languageTag tag: String) {
    let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = parts.first.map(String.init), !language.isEmpty else { return nil }
    // An explicit script subtag wins ("sr-Latn", "az-Cyrl").
    for part in parts.dropFirst() where part.count == 4 {
      switch part {
      case "latn": self = .latin
      case "cyrl": self = .cyrillic
      case "grek": self = .greek
      case "hans", "hant", "hani": self = language == "ja" ? .japanese : .han
      case "jpan": self = .japanese
      case "kore", "hang": self = .hangul
      case "arab": self = .arabic
      case "hebr": self = .hebrew
      case "deva": self = .devanagari
      case "thai": self = .thai
      default: continue
      }
      return
    }
    switch language {
    case "zh", "yue", "wuu", "lzh", "cmn": self = .han
    case "ja": self = .japanese
    case "ko": self = .hangul
    case "ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn", "tg", "tt", "ba", "cv":
      self = .cyrillic
    case "el", "grc": self = .greek
    case "ar", "fa", "ur", "ps", "ug", "ckb", "sd": self = .arabic
    case "he", "yi", "iw": self = .hebrew
    case "hi", "mr", "ne", "sa", "bho", "mai": self = .devanagari
    case "th": self = .thai
    case "und", "mul", "zxx": return nil
    default:
      // Two or three ASCII letters name a language; the rest of the world's languages
      // that Quire meets in books are written in the Latin alphabet.
      guard (2...3).contains(language.count), language.allSatisfy(\.isASCII) else { return nil }
      self = .latin
    }
  }

  /// The script most of `text`'s letters are written in (up to its first 4,096
  /// scalars); nil when it has too few letters to tell (a title page, a picture).
  ///
  /// Kana make text Japanese even when ideographs outnumber them.
  public init?(text: some StringProtocol) {
    var counts: [ReadingScript: Int] = [:]
    var letters = 0
    for scalar in text.unicodeScalars.prefix(4096) {
      guard let script = Self.script(of: scalar) else { continue }
      counts[script, default: 0] += 1
      letters += 1
    }
    guard letters >= 40, let most = counts.max(by: { $0.value < $1.value }) else { return nil }
    if most.key == .han, counts[.japanese, default: 0] * 20 >= letters {
      self = .japanese
    } else {
      self = most.key
    }
  }

  /// The script of one letter; nil for digits, punctuation, spaces and symbols. Kana
  /// count as Japanese.
  static func script(of scalar: Unicode.Scalar) -> ReadingScript? {
    let value = scalar.value
    switch value {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return .latin
    case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
    case 0x400...0x52F: return .cyrillic
    case 0x591...0x5F4: return .hebrew
    case 0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
    case 0x900...0x97F: return .devanagari
    case 0xE00...0xE7F: return .thai
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .japanese
    case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return .han
    default: return nil
    }
  }

  /// How fast anyone reads this script when really reading, in characters a minute: a
  /// page shown for less than its characters take at this pace was flipped through.
  var fastestCharactersPerMinute: Double {
    switch self {
    case .han, .japanese, .hangul: 10_000
    default: 30_000
    }
  }

  /// How slowly a reader still reading reads this script, in characters a minute: a page
  /// shown for longer than its characters take at this pace (and longer than KOReader's
  /// two minutes a page) was left while the reader was away.
  var slowestCharactersPerMinute: Double {
    switch self {
    case .han, .japanese, .hangul: 200
    default: 500
    }
  }
}
