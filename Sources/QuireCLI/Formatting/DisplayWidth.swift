import QuireTypesetting

/// How many terminal columns text takes: East Asian wide and full-width characters take
/// two, combining marks none, everything else one.
///
/// The widths are the typesetter's cell backend's (`Typesetting.cellWidth(of:)`), the one
/// wide-character table, so listings and terminal pages agree.
enum DisplayWidth {
  /// The columns `character` takes (its first scalar decides; marks add nothing).
  static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    return of(scalar)
  }

  /// The columns `scalar` takes on its own.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    // Marks and format characters are the cell table's business; controls draw nothing.
    scalar.properties.generalCategory == .control ? 0 : Typesetting.cellWidth(of: scalar)
  }

  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
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
