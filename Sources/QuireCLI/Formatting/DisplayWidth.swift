/// How many terminal columns text takes: East Asian wide and full-width characters take
/// two, combining marks none, everything else one.
///
/// An approximation of UAX #11 by code point ranges, good enough to align columns and
/// wrap text on a terminal; the typesetter's cell backend will own the exact table.
enum DisplayWidth {
  /// The columns `character` takes (its first scalar decides; marks add nothing).
  static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    return of(scalar)
  }

  /// The columns `scalar` takes on its own.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return isWide(scalar.value) ? 2 : 1
    }
  }

  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}

extension String {
  /// The string followed by spaces up to `width` terminal columns (never truncated).
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self)))
  }

  /// The string preceded by spaces up to `width` terminal columns (never truncated).
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - DisplayWidth.of(self))) + self
  }
}
