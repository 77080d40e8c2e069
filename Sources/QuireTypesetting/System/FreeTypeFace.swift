import CFreeType

/// One FreeType library instance; faces keep it alive.
final class FreeTypeLibrary {
  let handle: OpaquePointer

  init() throws(TypesettingError) {
    var library: OpaquePointer?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw .libraryUnavailable("FreeType")
    }
    handle = library
  }

  deinit { FT_Done_FreeType(handle) }
}

/// A FreeType face: design metrics and character coverage, for the typesetter (glyphs are
/// drawn by QuireRendering's rasterizer).
///
/// The only file of QuireTypesetting that imports FreeType.
final class FreeTypeFace {
  private let library: FreeTypeLibrary
  private let face: FT_Face

  init(file: FontFile, library: FreeTypeLibrary) throws(TypesettingError) {
    var face: FT_Face?
    guard FT_New_Face(library.handle, file.path, file.index, &face) == 0, let face else {
      throw .fontUnreadable(path: file.path, index: file.index)
    }
    self.library = library
    self.face = face
  }

  deinit { FT_Done_Face(face) }

  var unitsPerEm: Double { Double(max(face.pointee.units_per_EM, 1)) }
  var ascender: Double { Double(face.pointee.ascender) }
  /// Positive below the baseline.
  var descender: Double { Double(-face.pointee.descender) }
  var lineGap: Double {
    Double(face.pointee.height) - Double(face.pointee.ascender) + Double(face.pointee.descender)
  }

  /// The glyph for a Unicode scalar, 0 when the face lacks it.
  func glyphIndex(for scalar: UInt32) -> UInt32 {
    FT_Get_Char_Index(face, FT_ULong(scalar))
  }

  /// Height of the glyph's outline in font units (used for the x-height of "x").
  func designHeight(of scalar: UInt32) -> Double? {
    let glyph = glyphIndex(for: scalar)
    guard glyph != 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0 else { return nil }
    return Double(face.pointee.glyph.pointee.metrics.height)
  }
}
