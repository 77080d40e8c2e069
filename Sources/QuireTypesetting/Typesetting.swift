import QuireBook

/// The typesetting engine's version; part of the pagination-cache key.
public enum Typesetting {
  /// Bumped whenever a change could move a page break.
  public static let engineVersion = 17
}

extension Typesetting {
  /// Cells `scalar` takes in the terminal backend: none for a combining mark or a format
  /// character (a joiner, the soft hyphen), two for an East Asian wide or full-width character, one otherwise. The one
  /// wide-character table: the cell backend lays out with it and front ends draw with it.
  ///
  /// With `ambiguousWide`, characters of ambiguous East Asian width (Greek, Cyrillic,
  /// “ ” ‘ ’, …, ①, box drawing, ※) take two, as terminals set for CJK draw them.
  public static func cellWidth(of scalar: Unicode.Scalar, ambiguousWide: Bool = false) -> Int {
    switch scalar.properties.generalCategory {
    // Terminals draw marks on the character before and format characters (joiners, the
    // word joiner, the soft hyphen) not at all.
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if CJK.isWide(scalar.value) { return 2 }
    return ambiguousWide && CJK.isAmbiguous(scalar.value) ? 2 : 1
  }
}
