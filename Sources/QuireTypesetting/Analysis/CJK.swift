/// Character classes the CJK rules need (JLREQ / CLREQ), on Unicode scalars.
enum CJK {
  /// Han ideographs, kana, Hangul, CJK symbols and full-width forms: set on a square grid.
  static func isIdeographic(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// Letters and digits of Latin-like scripts, which get a quarter em from ideographs.
  static func isAlphanumeric(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF:
      return true
    default:
      return false
    }
  }

  /// Closing punctuation never set at a line start (kinsoku shori).
  static let noLineStart: Set<UInt32> = Set("。，、；：？！」』）》〉】．・…—".unicodeScalars.map(\.value))

  /// Opening punctuation never set at a line end.
  static let noLineEnd: Set<UInt32> = Set("「『（《〈【".unicodeScalars.map(\.value))

  /// Full-width closing marks drawn in the left half of their em (the right half blank):
  /// what punctuation compression may take away.
  static let halfBlankClosing: Set<UInt16> = Set("。，、」』）》〉】".utf16)

  /// Full-width opening marks drawn in the right half of their em.
  static let halfBlankOpening: Set<UInt16> = Set("「『（《〈【".utf16)

  /// East Asian Wide and Full-width characters: two terminal cells.
  static func isWide(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
