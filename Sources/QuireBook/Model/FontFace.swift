/// A font the book embeds (an `@font-face` rule of its CSS), ready for the typesetter.
///
/// The face's bytes, de-obfuscated when the book obfuscates them, are a plain file on
/// disk (see `ImportOptions.fontCacheDirectory`), so a typesetter and a renderer can load
/// it by path like an installed font.
public struct FontFace: Hashable, Sendable, Codable {
  /// The family name the book's CSS declares ("Stix", "OldStandard").
  public var family: String
  /// CSS weight, 100…900.
  public var weight: Int
  public var isItalic: Bool
  /// Absolute path of the font file (TrueType or OpenType).
  public var path: String

  /// Creates a face.
  public init(family: String, weight: Int, isItalic: Bool, path: String) {
    self.family = family
    self.weight = weight
    self.isItalic = isItalic
    self.path = path
  }

  /// The face of `family` that CSS font matching picks for a weight and style (CSS Fonts 4
  /// §5.2): the style first (italic asks for italic, then upright), then the nearest
  /// weight — for a wanted weight up to 500 lighter faces first, above it heavier ones.
  /// Nil when `faces` has no face of the family (compared case-insensitively).
  public static func match(
    in faces: [FontFace], family: String, weight: Int, isItalic: Bool
  ) -> FontFace? {
    let family = family.lowercased()
    let candidates = faces.filter { $0.family.lowercased() == family }
    let styled = candidates.filter { $0.isItalic == isItalic }
    let pool = styled.isEmpty ? candidates : styled
    return pool.min { distance($0.weight, to: weight) < distance($1.weight, to: weight) }
  }

  /// How far a face's weight is from the wanted one, in CSS's order of preference.
  private static func distance(_ face: Int, to wanted: Int) -> Int {
    if face == wanted { return 0 }
    let preferLighter = wanted <= 500
    let isLighter = face < wanted
    let penalty = isLighter == preferLighter ? 0 : 1000
    return penalty + abs(face - wanted)
  }
}
