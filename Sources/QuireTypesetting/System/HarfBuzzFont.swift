import CHarfBuzz

/// One glyph of a shaping result, in font design units.
struct ShapedGlyph {
  var glyph: UInt32
  /// UTF-16 offset of the glyph's cluster in the shaped text.
  var cluster: Int
  var advance: Int32
  var xOffset: Int32
  var yOffset: Int32
}

/// A HarfBuzz font at design-unit scale: shaping results scale to any pixel size.
///
/// The only file that imports HarfBuzz. Kerning and ligatures are HarfBuzz's defaults;
/// extra OpenType features come as strings such as `"smcp"` or `"-liga"`.
final class HarfBuzzFont {
  private let face: OpaquePointer
  private let font: OpaquePointer
  private let buffer: OpaquePointer
  /// The language last shaped with and HarfBuzz's handle for it: a paragraph's words
  /// share one, and `hb_language_from_string` searches a list on every call.
  private var lastLanguage: (name: String, handle: hb_language_t?)?
  /// Parsed OpenType features by `FeatureSet` raw value.
  private var parsedFeatures: [UInt8: [hb_feature_t]] = [:]

  init(file: FontFile) throws(TypesettingError) {
    guard let blob = hb_blob_create_from_file(file.path) else {
      throw .fontUnreadable(path: file.path, index: file.index)
    }
    defer { hb_blob_destroy(blob) }
    guard hb_blob_get_length(blob) > 0, let face = hb_face_create(blob, UInt32(file.index)),
      let font = hb_font_create(face), let buffer = hb_buffer_create()
    else { throw .fontUnreadable(path: file.path, index: file.index) }
    self.face = face
    self.font = font
    self.buffer = buffer
  }

  deinit {
    hb_buffer_destroy(buffer)
    hb_font_destroy(font)
    hb_face_destroy(face)
  }

  /// Shapes `text` with `features` (a `FeatureSet` raw value; right to left with
  /// `.rightToLeft`, which also mirrors brackets) and appends its glyphs to `glyphs` in
  /// visual order, advances and offsets multiplied by `scale`.
  ///
  /// The word-store path: no array per call, language and features parsed once.
  /// - Complexity: O(n) in the text length.
  func shape(
    _ text: UnsafeBufferPointer<UInt16>, language: String, features: UInt8, scale: Double,
    into glyphs: inout [StoredGlyph]
  ) {
    guard let base = text.baseAddress, !text.isEmpty else { return }
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf16(buffer, base, Int32(text.count), 0, Int32(text.count))
    let rightToLeft = features & FeatureSet.rightToLeft.rawValue != 0
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    if lastLanguage?.name != language {
      lastLanguage = (language, hb_language_from_string(language, -1))
    }
    hb_buffer_set_language(buffer, lastLanguage?.handle)
    hb_buffer_guess_segment_properties(buffer)
    if parsedFeatures[features] == nil {
      parsedFeatures[features] = FeatureSet(rawValue: features).strings.compactMap { string in
        var feature = hb_feature_t()
        return hb_feature_from_string(string, -1, &feature) != 0 ? feature : nil
      }
    }
    let parsed = parsedFeatures[features] ?? []
    parsed.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return }
    for i in 0..<Int(count) {
      glyphs.append(
        StoredGlyph(
          id: infos[i].codepoint, advance: Float(Double(positions[i].x_advance) * scale),
          xOffset: Float(Double(positions[i].x_offset) * scale),
          yOffset: Float(Double(positions[i].y_offset) * scale),
          cluster: Int32(truncatingIfNeeded: infos[i].cluster)))
    }
  }

  /// Shapes `text` (one character) top to bottom, so that the font's vertical forms
  /// (`vert`, `vrt2`) replace turned punctuation and brackets, and returns its first
  /// glyph with the offset from the vertical pen to the glyph's origin (y up) and the
  /// vertical advance (downwards positive), in design units.
  func shapeUpright(_ text: UnsafeBufferPointer<UInt16>, language: String) -> ShapedGlyph? {
    guard let base = text.baseAddress, !text.isEmpty else { return nil }
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf16(buffer, base, Int32(text.count), 0, Int32(text.count))
    hb_buffer_set_direction(buffer, HB_DIRECTION_TTB)
    hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return nil }
    return ShapedGlyph(
      glyph: infos[0].codepoint, cluster: 0, advance: -positions[0].y_advance,
      xOffset: positions[0].x_offset, yOffset: positions[0].y_offset)
  }

  /// Shapes `text` left to right with the given OpenType feature strings.
  ///
  /// - Complexity: O(n) in the text length.
  func shape(_ text: UnsafeBufferPointer<UInt16>, language: String?, features: [String])
    -> [ShapedGlyph]
  {
    guard let base = text.baseAddress, !text.isEmpty else { return [] }
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf16(buffer, base, Int32(text.count), 0, Int32(text.count))
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
    if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
    hb_buffer_guess_segment_properties(buffer)
    var parsed: [hb_feature_t] = features.compactMap { string in
      var feature = hb_feature_t()
      return hb_feature_from_string(string, -1, &feature) != 0 ? feature : nil
    }
    hb_shape(font, buffer, &parsed, UInt32(parsed.count))
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    for i in 0..<Int(count) {
      glyphs.append(
        ShapedGlyph(
          glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
          advance: positions[i].x_advance, xOffset: positions[i].x_offset,
          yOffset: positions[i].y_offset))
    }
    return glyphs
  }
}
