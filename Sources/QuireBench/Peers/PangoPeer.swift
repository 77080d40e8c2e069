import CPango

/// Pango (PangoFT2) laying out paragraphs: the peer `quire bench layout` is measured against.
///
/// The only file that imports Pango. One layout is reused for every paragraph, as a
/// program would: set the text, then ask for the line count, which forces the layout
/// (itemising, shaping, greedy breaking at UAX #14 opportunities, justification).
///
/// Pango 1.50 has no Knuth–Plass and no hyphenation dictionary: it breaks inside a word
/// only at a soft hyphen or when the word alone overflows the line. It does no
/// pagination either. Quire does all three, so the comparison favours Pango.
final class PangoPeer {
  /// A paragraph as Pango gets it: its text and first-line indent in pixels.
  struct Paragraph {
    var text: String
    var indent: Double
  }

  private let fontMap: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer
  private let layout: OpaquePointer
  private let description: OpaquePointer

  /// A layout of `width` pixels in `family` at `pixelSize`, justified, wrapping at words.
  init(family: String, pixelSize: Double, width: Double, language: String) throws {
    guard let map = pango_ft2_font_map_new() else { throw BenchError("Pango: no font map") }
    fontMap = map
    // 72 dpi: Pango's points are then pixels.
    pango_ft2_font_map_set_resolution(OpaquePointer(map), 72, 72)
    guard let context = pango_font_map_create_context(map),
      let layout = pango_layout_new(context), let description = pango_font_description_new()
    else { throw BenchError("Pango: no layout") }
    self.context = context
    self.layout = layout
    self.description = description
    pango_context_set_language(context, pango_language_from_string(language))
    pango_font_description_set_family(description, family)
    pango_font_description_set_absolute_size(description, pixelSize * Double(PANGO_SCALE))
    pango_layout_set_font_description(layout, description)
    pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
    pango_layout_set_justify(layout, 1)
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
  }

  deinit {
    pango_font_description_free(description)
    g_object_unref(UnsafeMutableRawPointer(layout))
    g_object_unref(UnsafeMutableRawPointer(context))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
  }

  /// Lays out each paragraph; returns the total number of lines.
  func layOut(_ paragraphs: [Paragraph]) -> Int {
    var lines = 0
    for paragraph in paragraphs {
      pango_layout_set_indent(layout, Int32(paragraph.indent * Double(PANGO_SCALE)))
      pango_layout_set_text(layout, paragraph.text, -1)
      lines += Int(pango_layout_get_line_count(layout))
    }
    return lines
  }
}
