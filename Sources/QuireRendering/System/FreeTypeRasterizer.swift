import CFreeType

/// Renders glyph outlines to 8-bit coverage masks with FreeType.
///
/// The only file of QuireRendering that imports FreeType. Faces are opened once per
/// (file, face index) and addressed by a small integer id afterwards. Glyphs are loaded
/// with light hinting (vertical only), so that shifting the outline by a quarter pixel
/// horizontally gives true subpixel positions, and rendered with `FT_RENDER_MODE_NORMAL`
/// (8-bit anti-aliasing). Not thread-safe.
final class FreeTypeRasterizer {
  private let library: OpaquePointer
  private var faces: [FT_Face] = []
  private var sizes: [Int] = []

  init() throws(RenderingError) {
    var library: OpaquePointer?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw .libraryUnavailable("FreeType")
    }
    self.library = library
  }

  deinit {
    for face in faces { FT_Done_Face(face) }
    FT_Done_FreeType(library)
  }

  /// Opens face `index` of the font file at `path`; returns its id, or nil when unreadable.
  func openFace(path: String, index: Int) -> Int? {
    var face: FT_Face?
    guard !path.isEmpty, FT_New_Face(library, path, index, &face) == 0, let face else {
      return nil
    }
    faces.append(face)
    sizes.append(0)
    return faces.count - 1
  }

  /// The coverage mask of `glyph` of face `face` at `size26Dot6` (pixels × 64), its
  /// outline shifted right by `shift26Dot6`; nil when FreeType cannot render it.
  func render(face id: Int, glyph: UInt32, size26Dot6: Int, shift26Dot6: Int) -> GlyphMask? {
    let face = faces[id]
    if sizes[id] != size26Dot6 {
      guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size26Dot6), 72, 72) == 0 else { return nil }
      sizes[id] = size26Dot6
    }
    let lightTarget = Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
    guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_DEFAULT) | lightTarget) == 0,
      let slot = face.pointee.glyph
    else { return nil }
    if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE && shift26Dot6 != 0 {
      FT_Outline_Translate(&slot.pointee.outline, FT_Pos(shift26Dot6), 0)
    }
    let advance = Float(slot.pointee.linearHoriAdvance) / 65536
    guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    var coverage = [UInt8](repeating: 0, count: width * height)
    if let buffer = bitmap.buffer, width > 0, height > 0 {
      let pitch = Int(bitmap.pitch)
      let isMono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
      let isGray = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
      guard isMono || isGray, pitch > 0 else { return nil }
      for row in 0..<height {
        let source = buffer + row * pitch
        for column in 0..<width {
          coverage[row * width + column] =
            isGray
            ? source[column] : (source[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 ? 255 : 0)
        }
      }
    }
    return GlyphMask(
      width: width, height: height, left: Int(slot.pointee.bitmap_left),
      top: Int(slot.pointee.bitmap_top), advance: advance, coverage: coverage)
  }
}
