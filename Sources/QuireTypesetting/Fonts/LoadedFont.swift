/// A face loaded for layout: FreeType for metrics and coverage, HarfBuzz for shaping.
final class LoadedFont {
  let file: FontFile
  let face: FreeTypeFace
  let shaper: HarfBuzzFont
  let metrics: FontMetrics
  /// Basic Multilingual Plane coverage, filled lazily: 0 unknown, 1 present, 2 absent.
  /// Read and written only inside `covers`, never overlapping: no dynamic checks.
  @exclusivity(unchecked) private var coverage = [UInt8](repeating: 0, count: 0x10000)

  init(file: FontFile, library: FreeTypeLibrary) throws(TypesettingError) {
    self.file = file
    face = try FreeTypeFace(file: file, library: library)
    shaper = try HarfBuzzFont(file: file)
    let em = face.unitsPerEm
    let space = shaper.shape([0x20], language: nil, features: []).first
    let hyphenScalar: UInt16 = face.glyphIndex(for: 0x2010) != 0 ? 0x2010 : 0x2D
    let hyphen = shaper.shape([hyphenScalar], language: nil, features: []).first
    metrics = FontMetrics(
      ascender: face.ascender / em, descender: face.descender / em,
      lineGap: max(0, face.lineGap) / em, xHeight: (face.designHeight(of: 0x78) ?? em / 2) / em,
      spaceAdvance: Double(space?.advance ?? Int32(em / 4)) / em,
      hyphenAdvance: Double(hyphen?.advance ?? Int32(em / 3)) / em,
      hyphenGlyph: hyphen?.glyph ?? 0)
  }

  func covers(_ scalar: UInt32) -> Bool {
    if scalar < 0x10000 {
      let index = Int(scalar)
      if coverage[index] == 0 { coverage[index] = face.glyphIndex(for: scalar) != 0 ? 1 : 2 }
      return coverage[index] == 1
    }
    return face.glyphIndex(for: scalar) != 0
  }
}

extension HarfBuzzFont {
  /// Shapes a small array (metrics probes).
  func shape(_ text: [UInt16], language: String?, features: [String]) -> [ShapedGlyph] {
    text.withUnsafeBufferPointer { shape($0, language: language, features: features) }
  }
}
