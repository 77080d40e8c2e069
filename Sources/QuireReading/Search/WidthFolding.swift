/// Width folding as in Unicode's compatibility decomposition (UAX #15, `<wide>` and
/// `<narrow>` mappings), limited to what readers type and books contain: full-width ASCII
/// and the ideographic space become ASCII, half-width katakana and signs become their
/// full-width forms, and a kana followed by a (combining or half-width) voiced sound mark
/// becomes the precomposed kana (`ｶﾞ` and `カ` + U+3099 both match `ガ`).
///
/// Chinese text is left as it is: no simplified/traditional folding, no folding of CJK
/// compatibility ideographs.
enum WidthFolding {
  /// The combining voiced sound mark (dakuten), U+3099.
  static let voicedMark: UInt32 = 0x3099
  /// The combining semi-voiced sound mark (handakuten), U+309A.
  static let semiVoicedMark: UInt32 = 0x309A

  /// The narrow or ASCII form of a wide scalar, or the wide form of a narrow one; the
  /// scalar itself when it has no width variant.
  @inline(__always)
  static func fold(_ value: UInt32) -> UInt32 {
    switch value {
    case 0x3000: 0x20
    // Curly and straight quotes are one letter to a reader typing on a keyboard:
    // `Elizabeth's` finds `Elizabeth’s`, `"No"` finds `“No”`.
    case 0x2018, 0x2019, 0x201B, 0x2032: 0x27
    case 0x201C, 0x201D, 0x201F, 0x2033: 0x22
    case 0xFF01...0xFF5E: value - 0xFEE0
    case 0xFF5F: 0x2985
    case 0xFF60: 0x2986
    case 0xFF61...0xFF9F: halfwidthKatakana[Int(value - 0xFF61)]
    case 0xFFE0...0xFFE6: fullwidthSigns[Int(value - 0xFFE0)]
    case 0xFFE8...0xFFEE: halfwidthSymbols[Int(value - 0xFFE8)]
    default: value
    }
  }

  /// The precomposed kana for `base` followed by `mark` (U+3099 or U+309A), if Unicode
  /// has one.
  static func compose(_ base: UInt32, with mark: UInt32) -> UInt32? {
    if mark == voicedMark {
      switch base {
      // か…ち and カ…チ: the voiced form follows each odd code point.
      case 0x304B...0x3061 where base % 2 == 1, 0x30AB...0x30C1 where base % 2 == 1: base + 1
      case 0x3064, 0x3066, 0x3068, 0x30C4, 0x30C6, 0x30C8: base + 1
      case 0x306F, 0x3072, 0x3075, 0x3078, 0x307B: base + 1
      case 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB: base + 1
      case 0x3046: 0x3094
      case 0x30A6: 0x30F4
      case 0x30EF...0x30F2: base + 8
      case 0x309D, 0x30FD: base + 1
      default: nil
      }
    } else if mark == semiVoicedMark {
      switch base {
      case 0x306F, 0x3072, 0x3075, 0x3078, 0x307B: base + 2
      case 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB: base + 2
      default: nil
      }
    } else {
      nil
    }
  }

  /// U+FF61…U+FF9F: half-width CJK punctuation, katakana and sound marks, in order.
  private static let halfwidthKatakana: [UInt32] = [
    0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3,  // ｡｢｣､･ｦｧｨ
    0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC,  // ｩｪｫｬｭｮｯｰ
    0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF,  // ｱｲｳｴｵｶｷｸ
    0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF,  // ｹｺｻｼｽｾｿﾀ
    0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD,  // ﾁﾂﾃﾄﾅﾆﾇﾈ
    0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,  // ﾉﾊﾋﾌﾍﾎﾏﾐ
    0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA,  // ﾑﾒﾓﾔﾕﾖﾗﾘ
    0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x3099, 0x309A,  // ﾙﾚﾛﾜﾝﾞﾟ
  ]

  /// U+FFE0…U+FFE6: ￠￡￢￣￤￥￦.
  private static let fullwidthSigns: [UInt32] = [
    0xA2, 0xA3, 0xAC, 0xAF, 0xA6, 0xA5, 0x20A9,
  ]

  /// U+FFE8…U+FFEE: half-width box line, arrows, square and circle.
  private static let halfwidthSymbols: [UInt32] = [
    0x2502, 0x2190, 0x2191, 0x2192, 0x2193, 0x25A0, 0x25CB,
  ]
}
