public import QuireBook

/// Terminal metrics: every character one cell, East Asian wide characters two.
///
/// The same paginator runs on it with a font size of 1 and a line height of 1: an em
/// is a cell. Glyph ids are Unicode scalars; no hyphenation by default.
package final class CellGlyphSource: GlyphSource {
  /// The words measured so far. Measuring a word in cells costs next to nothing, so the
  /// store is emptied every `wordCapacity` words (4,096 by default) instead of keeping a
  /// whole book's (War and Peace has some 100,000 distinct words: 15 MB of glyphs that a
  /// terminal does not need). A reader has three stores while its exact pass runs (its
  /// own and one per worker); at 16,384 words they held some 14 MB of it together.
  package let words: WordStore
  package let hyphenators = HyphenatorCache()
  package let allowsHyphenation: Bool
  /// Characters of ambiguous width take two cells (a terminal set for CJK).
  package let ambiguousWide: Bool

  package init(hyphenation: Bool = false, ambiguousWide: Bool = false, wordCapacity: Int = 4096) {
    allowsHyphenation = hyphenation
    self.ambiguousWide = ambiguousWide
    words = WordStore(capacity: wordCapacity)
  }

  package func font(for request: FontRequest) -> Int { 0 }
  package func font(_ font: Int, covers scalar: UInt32) -> Bool { true }
  package func fallbackFont(for scalar: UInt32, like font: Int) -> Int { font }

  package func metrics(of font: Int) -> FontMetrics {
    FontMetrics(
      ascender: 1, descender: 0, lineGap: 0, xHeight: 0.5, spaceAdvance: 1, hyphenAdvance: 1,
      hyphenGlyph: 0x2D)
  }

  package func shape(
    _ text: UnsafeBufferPointer<UInt16>, font: Int, features: UInt8, language: String,
    into glyphs: inout [StoredGlyph]
  ) {
    var offset: Int32 = 0
    let first = glyphs.count
    defer {
      // Right-to-left words go to the terminal in visual order, their brackets mirrored
      // (UAX #9 rule L4), as HarfBuzz mirrors them on pixels.
      if features & FeatureSet.rightToLeft.rawValue != 0 {
        glyphs[first...].reverse()
        for g in first..<glyphs.count { glyphs[g].id = Bidi.mirrored(glyphs[g].id) }
      }
    }
    for scalar in String(decoding: text, as: UTF16.self).unicodeScalars {
      glyphs.append(
        StoredGlyph(
          id: scalar.value,
          advance: Float(Typesetting.cellWidth(of: scalar, ambiguousWide: ambiguousWide)),
          cluster: offset))
      offset += Int32(UTF16.width(scalar))
    }
  }

  package func reference(of font: Int) -> FontReference { FontReference(path: "", faceIndex: 0) }
  package var usesWholeUnits: Bool { true }
}

extension Paginator {
  /// A paginator for a terminal of `columns × rows` cells (one em = one cell).
  public static func cells(
    text: StyledText, columns: Int, rows: Int, margins: EdgeInsets = EdgeInsets(all: 0),
    hyphenation: Bool = false, language: String = "en-US"
  ) -> Paginator {
    Paginator(
      text: text,
      container: TextContainer(
        width: Double(columns), height: Double(rows), margins: margins, minimumSegmentWidth: 4),
      settings: LayoutSettings(
        fontSize: 1, lineHeight: 1, hyphenation: hyphenation, language: language),
      source: CellGlyphSource(hyphenation: hyphenation))
  }
}
