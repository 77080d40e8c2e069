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

/// A coverage-tested, anti-aliased glyph image: 8-bit coverage, `width × height`.
package struct GlyphBitmap: Sendable {
  package var width: Int
  package var height: Int
  /// Offset of the bitmap's left edge from the pen position, in pixels.
  package var left: Int
  /// Offset of the bitmap's top edge above the baseline, in pixels.
  package var top: Int
  package var pixels: [UInt8]
}

/// A FreeType face: design metrics, character coverage, and glyph rendering.
///
/// The only file that imports FreeType.
final class FreeTypeFace {
  private let library: FreeTypeLibrary
  private let face: FT_Face
  private var currentPixelSize = 0.0

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

  /// Renders one glyph at `pixelSize` as an 8-bit coverage bitmap.
  func render(glyph: UInt32, pixelSize: Double) -> GlyphBitmap? {
    if pixelSize != currentPixelSize {
      FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
      currentPixelSize = pixelSize
    }
    let flags = Int32(FT_LOAD_DEFAULT) | (Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16)
    guard FT_Load_Glyph(face, glyph, flags) == 0 else { return nil }
    let slot = face.pointee.glyph!
    guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    var pixels = [UInt8](repeating: 0, count: width * height)
    if let buffer = bitmap.buffer, width > 0 {
      let pitch = Int(bitmap.pitch)
      for row in 0..<height {
        for column in 0..<width { pixels[row * width + column] = buffer[row * pitch + column] }
      }
    }
    return GlyphBitmap(
      width: width, height: height, left: Int(slot.pointee.bitmap_left),
      top: Int(slot.pointee.bitmap_top), pixels: pixels)
  }
}
