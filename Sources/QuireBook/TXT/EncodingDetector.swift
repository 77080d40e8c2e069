import CUchardet

/// Finds the encoding of a TXT file's bytes.
///
/// Order: byte-order marks; UTF-16 without BOM by its NUL-byte pattern; strict UTF-8
/// validation of the whole file (a legacy byte can sit deep in a mostly-ASCII file, as in
/// the Latin-1 War and Peace, so a sample is not enough); mostly-valid UTF-8 with a few
/// broken sequences; and finally uchardet for legacy encodings, mapped to the superset
/// that glibc's iconv decodes (GBK/GB2312 → GB18030, Big5 → CP950, Latin-1 → CP1252).
enum EncodingDetector {
  /// An encoding decision: the name shown to the user and the iconv name to decode with.
  struct Encoding: Equatable {
    /// Display name, e.g. "UTF-8", "GB18030", "Big5", "windows-1252".
    var name: String
    /// glibc iconv source name; nil means the bytes are (possibly broken) UTF-8.
    var iconvName: String?
    /// Bytes to skip at the start (the BOM).
    var skip = 0
    /// Code unit size, for how many bytes an undecodable unit spans.
    var unitSize = 1
    /// For UTF-8 without BOM: validation already found every byte well formed.
    var isKnownValid = false
  }

  static let utf8 = Encoding(name: "UTF-8", iconvName: nil)

  /// The encoding announced by a byte-order mark, if any.
  static func byteOrderMark(of bytes: UnsafeRawBufferPointer) -> Encoding? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return Encoding(name: "UTF-8", iconvName: nil, skip: 3)
    }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return Encoding(name: "UTF-32LE", iconvName: "UTF-32LE", skip: 4, unitSize: 4)
    }
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
      return Encoding(name: "UTF-32BE", iconvName: "UTF-32BE", skip: 4, unitSize: 4)
    }
    if bytes.starts(with: [0xFF, 0xFE]) {
      return Encoding(name: "UTF-16LE", iconvName: "UTF-16LE", skip: 2, unitSize: 2)
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return Encoding(name: "UTF-16BE", iconvName: "UTF-16BE", skip: 2, unitSize: 2)
    }
    return nil
  }

  /// UTF-16 without a BOM: NUL bytes in a sample, and its code units read in one byte
  /// order plausible text while in the other they are not.
  ///
  /// Mostly-ASCII text shows it by NULs falling (almost) only on even offsets (big-endian)
  /// or odd ones (little-endian). Chinese or Japanese text has few ASCII characters, and
  /// many of its own units end in a zero byte (U+3000, 一 U+4E00), so its NULs fall on
  /// both sides: there the units decide (`plausibleShare`): CJK, kana, Latin, Cyrillic,
  /// punctuation and line ends in the right order, unassigned or rare blocks in the wrong.
  static func utf16WithoutBOM(_ bytes: UnsafeRawBufferPointer) -> Encoding? {
    let sample = bytes.prefix(1 << 14)
    guard sample.count >= 4 else { return nil }
    var evenNUL = 0
    var oddNUL = 0
    for (offset, byte) in sample.enumerated() where byte == 0 {
      if offset & 1 == 0 { evenNUL += 1 } else { oddNUL += 1 }
    }
    let units = sample.count / 2
    let bigEndian = Encoding(name: "UTF-16BE", iconvName: "UTF-16BE", unitSize: 2)
    let littleEndian = Encoding(name: "UTF-16LE", iconvName: "UTF-16LE", unitSize: 2)
    // Even Chinese text has NUL high bytes in its ASCII newlines and spaces: ask for 2%.
    if evenNUL * 50 >= units && oddNUL * 20 <= evenNUL { return bigEndian }
    if oddNUL * 50 >= units && evenNUL * 20 <= oddNUL { return littleEndian }
    guard evenNUL + oddNUL >= 2 else { return nil }
    let big = plausibleShare(sample, bigEndian: true)
    let little = plausibleShare(sample, bigEndian: false)
    if big >= 0.95, big - little >= 0.2 { return bigEndian }
    if little >= 0.95, little - big >= 0.2 { return littleEndian }
    return nil
  }

  /// The share of `sample`'s UTF-16 units in one byte order that are plausible in text:
  /// tabs, line ends and printable ASCII, Latin, Greek, Cyrillic, Hebrew, Arabic, Thai,
  /// general punctuation and symbols, CJK punctuation, kana, CJK ideographs, Hangul,
  /// full-width forms, and surrogates in pairs.
  static func plausibleShare(_ sample: Slice<UnsafeRawBufferPointer>, bigEndian: Bool) -> Double {
    let bytes = Array(sample)
    let count = bytes.count / 2
    guard count > 0 else { return 0 }
    var plausible = 0
    var index = 0
    while index < count {
      let first = UInt16(bytes[2 * index])
      let second = UInt16(bytes[2 * index + 1])
      let unit = bigEndian ? first << 8 | second : second << 8 | first
      switch unit {
      case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0xA0...0x24F, 0x370...0x52F, 0x590...0x6FF,
        0xE00...0xE7F, 0x2000...0x27BF, 0x3000...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
        0xFEFF, 0xFF00...0xFFEF:
        plausible += 1
      case 0xD800...0xDBFF where index + 1 < count:
        let next =
          bigEndian
          ? UInt16(bytes[2 * index + 2]) << 8 | UInt16(bytes[2 * index + 3])
          : UInt16(bytes[2 * index + 3]) << 8 | UInt16(bytes[2 * index + 2])
        if (0xDC00...0xDFFF).contains(next) {
          plausible += 2
          index += 1
        }
      default:
        break
      }
      index += 1
    }
    return Double(plausible) / Double(count)
  }

  /// Decides the encoding of `bytes` (not empty, not binary).
  static func detect(_ bytes: UnsafeRawBufferPointer) -> Encoding {
    if let bom = byteOrderMark(of: bytes) { return bom }
    if let utf16 = utf16WithoutBOM(bytes) { return utf16 }
    let check = UTF8Validator.validate(bytes, stopsWhenMostlyInvalid: true)
    if check.invalidBytes == 0 {
      return Encoding(name: "UTF-8", iconvName: nil, isKnownValid: true)
    }
    // A UTF-8 file with a few corrupted sequences stays UTF-8 (they become U+FFFD).
    if check.isMostlyValid { return utf8 }
    return legacyEncoding(bytes)
  }

  /// Asks uchardet, mapping its answer to a name glibc iconv decodes.
  ///
  /// uchardet learns nothing from lines of pure ASCII but spends most of its time on
  /// them in a Western file, so it is fed only the lines that hold other bytes (up to
  /// 8 MB of them).
  private static func legacyEncoding(_ bytes: UnsafeRawBufferPointer) -> Encoding {
    let detector = uchardet_new()
    defer { uchardet_delete(detector) }
    var fed = 0
    for line in NonASCIILines(bytes) {
      guard let base = bytes.baseAddress, fed < 8 << 20 else { break }
      let length = min(line.count, (8 << 20) - fed)
      _ = uchardet_handle_data(
        detector, (base + line.lowerBound).assumingMemoryBound(to: CChar.self), length)
      fed += length
    }
    uchardet_data_end(detector)
    let answer = uchardet_get_charset(detector).map { String(cString: $0) } ?? ""
    return mapped(answer.uppercased())
  }

  private static func mapped(_ charset: String) -> Encoding {
    switch charset {
    case "GB18030", "GBK", "GB2312", "HZ-GB-2312", "EUC-CN":
      return Encoding(name: "GB18030", iconvName: "GB18030")
    case "BIG5", "BIG5-HKSCS", "CP950":
      return Encoding(name: "Big5", iconvName: "CP950")
    case "SHIFT_JIS", "SJIS", "CP932", "WINDOWS-31J":
      return Encoding(name: "Shift_JIS", iconvName: "CP932")
    case "EUC-JP", "EUC-KR", "EUC-TW", "ISO-2022-JP", "ISO-2022-KR", "ISO-2022-CN", "KOI8-R",
      "IBM866", "MAC-CYRILLIC", "UHC", "CP949", "TIS-620":
      return Encoding(name: charset, iconvName: charset)
    case let name where name.hasPrefix("WINDOWS-125") && name != "WINDOWS-1252":
      return Encoding(name: name.lowercased(), iconvName: "CP" + name.dropFirst(8))
    case let name
    where name.hasPrefix("ISO-8859-") && name != "ISO-8859-1"
      && name != "ISO-8859-15":
      return Encoding(name: name, iconvName: name)
    default:
      // Latin-1, windows-1252, ASCII with stray high bytes, or no answer: CP1252 is the
      // superset that decodes every byte of Western text (glibc leaves 5 bytes undefined;
      // those become U+FFFD).
      return Encoding(name: "windows-1252", iconvName: "CP1252")
    }
  }
}
