/// The metrics role the paginator needs: faces, coverage, shaping, metrics.
///
/// `FontContext` answers with real fonts (fontconfig, FreeType, HarfBuzz) in ems of a
/// pixel size; `CellGlyphSource` answers for a terminal, where an em is one cell.
/// Fonts are small integer handles owned by the source.
package protocol GlyphSource: AnyObject {
  /// The face for a run's wishes.
  func font(for request: FontRequest) -> Int
  /// Whether face `font` has a glyph for `scalar`.
  func font(_ font: Int, covers scalar: UInt32) -> Bool
  /// A face that has `scalar`, preferring ones like `font`; `font` itself when none has it.
  func fallbackFont(for scalar: UInt32, like font: Int) -> Int
  func metrics(of font: Int) -> FontMetrics
  /// Shapes a piece of text with one face, uncached, appending its glyphs (in ems, clusters
  /// relative to the text) to `glyphs` (`features` is a `FeatureSet` raw value).
  func shape(
    _ text: UnsafeBufferPointer<UInt16>, font: Int, features: UInt8, language: String,
    into glyphs: inout [StoredGlyph])
  /// Every word shaped so far with its hyphenation points: the per-book shape cache.
  var words: WordStore { get }
  /// Where a renderer finds the face.
  func reference(of font: Int) -> FontReference
  /// Whether hyphenation applies (a terminal does without).
  var allowsHyphenation: Bool { get }
  /// Whether positions should be whole units (terminal cells).
  var usesWholeUnits: Bool { get }
  /// Hyphenation dictionaries, kept as long as the source (a book's worth of words).
  var hyphenators: HyphenatorCache { get }
  /// The face a run's reference names, when this source loaded it.
  func font(of reference: FontReference) -> Int?
  /// One character set upright in a vertical column, in face `font`; nil when the
  /// source has no vertical metrics (terminal cells).
  func uprightGlyph(_ text: UnsafeBufferPointer<UInt16>, font: Int, language: String)
    -> UprightGlyph?
  /// The store of words shaped by the other workers of a parallel pass, when this source
  /// takes part in one, and the tag that words of `tag` (this store's tag of `font`,
  /// `features` and `hyphenator`) have there.
  func sharedWords(tag: UInt32, font: Int, features: UInt8, hyphenator: Hyphenator?)
    -> (words: SharedWords, tag: UInt32)?
}

/// A glyph set upright in a vertical column (HarfBuzz's top-to-bottom shaping).
package struct UprightGlyph: Hashable, Sendable {
  /// The glyph, its vertical form where the font has one (`vert`, `vrt2`).
  package var id: UInt32
  /// From the pen (top of the em box, on the column's centre line) to the glyph's own
  /// origin, in ems, y up (negative: below the pen).
  package var xOffset: Double
  package var yOffset: Double
  /// Vertical advance in ems, downwards.
  package var advance: Double
}

extension GlyphSource {
  /// No face by reference: terminal cells lay vertical books out horizontally.
  package func font(of reference: FontReference) -> Int? { nil }

  package func uprightGlyph(_ text: UnsafeBufferPointer<UInt16>, font: Int, language: String)
    -> UprightGlyph?
  { nil }

  /// Shares no words: a source of its own (terminal cells measure a word for nothing).
  package func sharedWords(tag: UInt32, font: Int, features: UInt8, hyphenator: Hyphenator?)
    -> (words: SharedWords, tag: UInt32)?
  { nil }

  /// Shape-cache lookups answered without shaping, and lookups in all.
  package var shapeCacheStatistics: (hits: Int, lookups: Int) {
    (words.hits, words.hits + words.misses)
  }
}

/// OpenType features a run turns on beyond the defaults (kerning, ligatures).
package struct FeatureSet: OptionSet, Hashable, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let smallCaps = FeatureSet(rawValue: 1)
  package static let noLigatures = FeatureSet(rawValue: 2)
  /// Not an OpenType feature: the word is shaped right to left (Arabic, Hebrew), its
  /// glyphs coming out in visual order.
  package static let rightToLeft = FeatureSet(rawValue: 0x80)
  /// Not an OpenType feature: the word stands upright down a column (ruby and emphasis
  /// marks in vertical text), each glyph its vertical form, its advance downwards.
  package static let upright = FeatureSet(rawValue: 0x40)

  /// HarfBuzz feature strings.
  package var strings: [String] {
    var strings: [String] = []
    if contains(.smallCaps) { strings.append("smcp") }
    if contains(.noLigatures) { strings.append("-liga") }
    return strings
  }
}
