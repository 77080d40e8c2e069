import CFribidi
import QuireBook

/// The bidirectional levels of a paragraph (UAX #9), for Arabic, Hebrew and text that
/// mixes them with left-to-right scripts.
///
/// Levels come from FriBidi, per UTF-16 unit: even is left to right, odd right to left.
/// Lines are broken in logical order; each line's words are then put in visual order
/// (rule L2) by `Bidi.visualOrder`, and right-to-left words are shaped right to left.
struct BidiLevels {
  /// The level of each unit of the paragraph's content.
  var levels: [UInt8]
  /// Whether the paragraph's base direction is right to left: its lines start at the right.
  var isRightToLeft: Bool
}

enum Bidi {
  /// The levels of `text`, or nil when it is left to right throughout: the common case,
  /// told without calling FriBidi when the paragraph is not in a right-to-left language
  /// and `hasRightToLeft` (`mayBeRightToLeft` of a character, noted while the caller
  /// walked the text) is false.
  ///
  /// The base direction is the paragraph's own `direction` when the book gives one;
  /// else right to left for a paragraph in a right-to-left language (Arabic, Hebrew,
  /// Persian, Urdu…), otherwise that of its first strong character (rules P2, P3).
  /// - Complexity: O(n).
  static func levels(
    of text: UnsafeBufferPointer<UInt16>, language: String,
    direction: ParagraphStyle.Direction?, hasRightToLeft: Bool
  ) -> BidiLevels? {
    let rightToLeftBase =
      direction.map { $0 == .rightToLeft } ?? isRightToLeft(language: language)
    guard !text.isEmpty, rightToLeftBase || hasRightToLeft else { return nil }
    var scalars: [FriBidiChar] = []
    scalars.reserveCapacity(text.count)
    var i = 0
    while i < text.count {
      let unit = text[i]
      if UTF16.isLeadSurrogate(unit), i + 1 < text.count, UTF16.isTrailSurrogate(text[i + 1]) {
        scalars.append(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00))
        i += 2
      } else {
        scalars.append(UInt32(unit))
        i += 1
      }
    }
    let count = scalars.count
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var scalarLevels = [FriBidiLevel](repeating: 0, count: count)
    var base =
      rightToLeftBase
      ? quire_fribidi_par_rtl
      : direction == .leftToRight ? quire_fribidi_par_ltr : quire_fribidi_par_on
    let maximum = scalars.withUnsafeBufferPointer { scalars in
      fribidi_get_bidi_types(scalars.baseAddress, FriBidiStrIndex(count), &types)
      fribidi_get_bracket_types(
        scalars.baseAddress, FriBidiStrIndex(count), types, &brackets)
      return fribidi_get_par_embedding_levels_ex(
        types, brackets, FriBidiStrIndex(count), &base, &scalarLevels)
    }
    // 0 is FriBidi's failure (it could not allocate): lay the paragraph out left to right.
    guard maximum > 0 else { return nil }
    let isRightToLeft = base == quire_fribidi_par_rtl
    guard isRightToLeft || maximum > 1 else { return nil }
    var levels = [UInt8](repeating: 0, count: text.count)
    var unit = 0
    for level in scalarLevels {
      let value = UInt8(bitPattern: level)
      levels[unit] = value
      if UTF16.isLeadSurrogate(text[unit]), unit + 1 < text.count,
        UTF16.isTrailSurrogate(text[unit + 1])
      {
        levels[unit + 1] = value
        unit += 2
      } else {
        unit += 1
      }
    }
    return BidiLevels(levels: levels, isRightToLeft: isRightToLeft)
  }

  /// The mirrored form of a character set right to left ("(" for ")", "«" for "»"; UAX #9
  /// rule L4, from FriBidi's table of Bidi_Mirroring_Glyph), or the character itself.
  static func mirrored(_ scalar: UInt32) -> UInt32 {
    var mirror: FriBidiChar = 0
    return fribidi_get_mirror_char(scalar, &mirror) != 0 ? mirror : scalar
  }

  /// Languages written right to left, by their primary subtag.
  static func isRightToLeft(language: String) -> Bool {
    // Most paragraphs are in a language whose first letter rules it out.
    guard let first = language.utf8.first, "acdfhipsuy".utf8.contains(first | 0x20) else {
      return false
    }
    let primary = language.prefix { $0 != "-" && $0 != "_" }.lowercased()
    return ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"].contains(
      primary)
  }

  /// Characters of right-to-left scripts and the controls that open right-to-left text.
  static func mayBeRightToLeft(_ scalar: UInt32) -> Bool {
    guard scalar >= 0x0590 else { return false }
    if scalar <= 0x08FF { return true }
    if scalar < 0x2070 {
      return scalar == 0x200F || scalar == 0x202B || scalar == 0x202E || scalar == 0x2067
    }
    // Chinese, Japanese and Korean stop here.
    if scalar < 0xFB1D { return false }
    return scalar <= 0xFDFF || (0xFE70...0xFEFF).contains(scalar)
      || (0x10800...0x10FFF).contains(scalar) || (0x1E800...0x1EFFF).contains(scalar)
  }

  /// The visual order of a line's elements from their levels (rule L2): from the
  /// highest level down to the lowest odd one, every run at that level or higher is
  /// reversed.
  /// - Complexity: O(n × levels).
  static func visualOrder(levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowest = levels.min(), highest > 0 else {
      return order
    }
    // Levels not present in between count too: {0, 2} is reversed twice.
    let lowestOdd = lowest | 1
    var level = highest
    while level >= lowestOdd {
      var i = 0
      while i < levels.count {
        guard levels[order[i]] >= level else {
          i += 1
          continue
        }
        var j = i
        while j < levels.count, levels[order[j]] >= level { j += 1 }
        order[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    return order
  }
}
