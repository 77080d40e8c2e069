import QuireTypesetting

/// Cells a character takes on a terminal: East Asian wide and full-width characters two,
/// combining marks none, everything else one.
///
/// The one wide-character table is the typesetter's (`Typesetting.cellWidth(of:)`), so a
/// terminal draws characters exactly where the cell backend placed them.
public enum CellWidth {
  /// The cells `scalar` takes.
  public static func of(_ scalar: Unicode.Scalar, ambiguousWide: Bool = false) -> Int {
    Typesetting.cellWidth(of: scalar, ambiguousWide: ambiguousWide)
  }

  /// The cells `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1) }
  }
}
