extension FontContext {
  package func font(of reference: FontReference) -> Int? {
    fontIndex[FontFile(path: reference.path, index: reference.faceIndex)]
  }

  package func uprightGlyph(_ text: UnsafeBufferPointer<UInt16>, font: Int, language: String)
    -> UprightGlyph?
  {
    guard fonts.indices.contains(font) else { return nil }
    let loaded = fonts[font]
    guard let glyph = loaded.shaper.shapeUpright(text, language: language) else { return nil }
    let em = loaded.face.unitsPerEm
    return UprightGlyph(
      id: glyph.glyph, xOffset: Double(glyph.xOffset) / em, yOffset: Double(glyph.yOffset) / em,
      advance: Double(glyph.advance) / em)
  }
}
