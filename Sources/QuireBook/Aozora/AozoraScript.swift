/// The kind of character an implicit Aozora ruby base is made of.
///
/// Without a `｜` the base of `《reading》` is the run of characters of one kind right
/// before it: kanji (with 々, 〆, 〇 and ヶ, which the format counts as kanji), else a run
/// of hiragana, katakana, full-width or half-width letters and digits (青空文庫 注記一覧,
/// ルビ).
enum AozoraScript: Equatable {
  case kanji
  case hiragana
  case katakana
  case fullWidthAlphanumeric
  case alphanumeric
  /// Punctuation, spaces and everything else: never part of an implicit base.
  case other

  /// The kind of `scalar`.
  init(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x3FFFF,
      0x3005, 0x3006, 0x3007, 0x303B, 0x30F5, 0x30F6:
      self = .kanji
    case 0x3041...0x3096, 0x309D...0x309F:
      self = .hiragana
    case 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
      self = .katakana
    case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
      self = .fullWidthAlphanumeric
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF:
      self = .alphanumeric
    default:
      self = .other
    }
  }
}
