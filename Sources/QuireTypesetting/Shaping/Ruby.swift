import QuireBook

/// How the terminal backend shows ruby, which has no room above a line of cells.
public enum TerminalRuby: String, Hashable, Sendable, Codable, CaseIterable {
  /// The reading in parentheses after its base: 吾輩(わがはい).
  case parentheses
  /// The base alone.
  case hidden
}

/// A ruby reading shaped and tied to its base's line items, for finalize to place.
///
/// Layout-neutral on purpose: it names the base by its items and keeps the reading's
/// glyphs and size, so a horizontal line sets it above the base and a vertical column
/// can set it to the right of the same items.
struct ShapedAnnotation {
  /// The first and last items of the base (boxes; a glue inside became a box).
  var firstItem: Int
  var lastItem: Int
  /// The reading's glyphs at `piece.size` (half the base's size; the base's size in cells).
  var piece: GlyphPiece
  /// The reading's natural width in pixels (cells).
  var width: Double
  /// Glyphs of the reading, spread over a base wider than it.
  var glyphCount: Int
  /// Chapter UTF-16 range of the base.
  var base: Range<Int>
  /// Set after the base on the baseline (the terminal's parentheses), not above it.
  var isInline: Bool
  /// An emphasis mark: the distance from the start of `firstItem` to the centre of the
  /// character it marks; nil for ruby, which is centred on its whole base.
  var centre: Double? = nil
  /// Set under the line (`text-emphasis-position: under`) rather than over it.
  var isUnder = false
  /// Set upright to the right of a vertical column (`piece`'s glyphs are vertical forms
  /// with vertical advances, see `shapeAnnotation`) rather than over a horizontal line.
  var isUpright = false
}

/// The part of ruby size to base size (JLREQ §3.3.2: half).
let rubyScale = 0.5

/// Ties each ruby annotation of the paragraph to its base's items: the base becomes one
/// unbreakable unit (no break, no stretch inside it), and a reading wider than its base
/// gets room on either side, less what it may overhang a neighbouring kana (at most one
/// ruby character, none over an ideograph: JLREQ §3.3.8). On cells the reading is set in
/// parentheses after the base, or left out (`TerminalRuby`).
/// - Complexity: O(items + readings).
func annotate(
  _ shaped: inout ShapedParagraph, rubies: ArraySlice<RubyAnnotation>,
  units: [UInt16], source: any GlyphSource, terminalRuby: TerminalRuby, upright: Bool = false
) {
  let cells = source.usesWholeUnits
  if cells && terminalRuby == .hidden { return }
  let paragraph = shaped.analyzed.paragraph
  let content = paragraph.contentRange
  let base = paragraph.range.lowerBound
  let old = shaped.items
  var items: [LineItem] = []
  items.reserveCapacity(old.count + 2 * rubies.count)
  var annotations: [ShapedAnnotation] = []
  var next = 0
  for ruby in rubies where content.contains(ruby.base.lowerBound) {
    let lower = ruby.base.lowerBound - base
    let upper = min(ruby.base.upperBound, content.upperBound) - base
    // The base's boxes: from the last glyph box starting at or before it to the last
    // one starting inside it.
    var first = -1
    var last = -1
    var i = next
    while i < old.count, Int(old[i].offset) < upper {
      if old[i].kind == .box, old[i].piece >= 0, old[i].float == nil {
        if Int(old[i].offset) <= lower { first = i }
        last = i
      }
      i += 1
    }
    guard first >= next, last >= first else { continue }
    let piece = shaped.pieces[Int(old[first].piece)]
    var reading = Array(ruby.text.utf16)
    if cells { reading = [0x28] + reading + [0x29] }
    let size = cells ? piece.size : piece.size * rubyScale
    var font = Int(piece.font)
    if let other = reading.first(where: { $0 > 0x7F }), !source.font(font, covers: UInt32(other)) {
      // Kana over Latin letters: the reading's own face.
      font = source.fallbackFont(for: UInt32(other), like: font)
    }
    let upright = upright && !cells
    let word = reading.withUnsafeBufferPointer { text in
      shapeAnnotation(
        text, font: font, language: paragraph.language, upright: upright, source: source)
    }
    items += old[next..<first]
    var baseWidth = 0.0
    let left = items.count
    for var item in old[first...last] {
      switch item.kind {
      case .box: break
      case .glue: item = .box(item.width, offset: Int(item.offset), piece: -1)
      case .penalty:
        // No break, and no hyphen, inside the base.
        item.penalty = KnuthPlass.infinitePenalty
        item.width = 0
      }
      baseWidth += item.kind == .box ? item.width : 0
      items.append(item)
    }
    let width = word.width * size
    var annotation = ShapedAnnotation(
      firstItem: left, lastItem: items.count - 1,
      piece: GlyphPiece(
        glyphStart: word.glyphStart, glyphEnd: word.glyphStart + word.glyphCount,
        wordGlyphEnd: word.glyphStart + word.glyphCount, wordLength: word.length,
        wordOffset: Int32(lower), font: Int32(font), size: size, rise: 0, color: piece.color),
      width: width, glyphCount: Int(word.glyphCount), base: ruby.base, isInline: cells,
      isUpright: upright)
    if cells {
      // The parentheses follow the base as part of it: no break between them.
      items.append(.box(width, offset: upper - 1, piece: -1))
      annotation.lastItem = items.count - 1
      annotation.firstItem = items.count - 1
      shaped.naturalWidth += width
    } else if width > baseWidth {
      let excess = width - baseWidth
      let ruby = size
      let before = lower > 0 ? units[base + lower - 1] : 0
      let after = upper < content.count ? units[base + upper] : 0
      let overhangBefore = isKana(before) ? min(ruby, excess / 2) : 0
      let overhangAfter = isKana(after) ? min(ruby, excess / 2) : 0
      let padBefore = excess / 2 - overhangBefore
      let padAfter = excess / 2 - overhangAfter
      if padBefore > 0 {
        items.insert(.box(padBefore, offset: lower, piece: -1), at: left)
        annotation.firstItem += 1
        annotation.lastItem += 1
      }
      if padAfter > 0 { items.append(.box(padAfter, offset: upper - 1, piece: -1)) }
      shaped.naturalWidth += max(0, padBefore) + max(0, padAfter)
    }
    annotations.append(annotation)
    next = last + 1
  }
  guard !annotations.isEmpty else { return }
  items += old[next...]
  shaped.items = items
  shaped.annotations = annotations
  shaped.uniformSize = nil
}

/// The stored glyphs of a reading or an emphasis mark in face `font`: shaped as a
/// horizontal word, or with `upright`, one vertical form a character (HarfBuzz's
/// top-to-bottom shaping), its offsets from the pen at the top of its em box on the
/// column's centre line and its advance down the column. A character without a vertical
/// glyph leaves the whole text horizontal.
func shapeAnnotation(
  _ text: UnsafeBufferPointer<UInt16>, font: Int, language: String, upright: Bool,
  source: any GlyphSource
) -> StoredWord {
  let features = upright ? FeatureSet.upright.rawValue : 0
  return source.words.word(
    for: text, tag: WordStore.tag(font: font, features: features, dictionary: 0)
  ) { glyphs in
    if upright {
      let start = glyphs.count
      var offset = 0
      while offset < text.count {
        let length = UTF16.isLeadSurrogate(text[offset]) && offset + 1 < text.count ? 2 : 1
        let character = UnsafeBufferPointer(rebasing: text[offset..<(offset + length)])
        guard let glyph = source.uprightGlyph(character, font: font, language: language) else {
          glyphs.removeSubrange(start...)
          break
        }
        glyphs.append(
          StoredGlyph(
            id: glyph.id, advance: Float(glyph.advance), xOffset: Float(glyph.xOffset),
            yOffset: Float(glyph.yOffset), cluster: Int32(offset)))
        offset += length
      }
      if offset == text.count { return [] }
    }
    source.shape(text, font: font, features: 0, language: language, into: &glyphs)
    return []
  }
}

/// Hiragana and katakana (with the prolonged sound mark): what ruby may overhang.
private func isKana(_ unit: UInt16) -> Bool {
  (0x3041...0x309F).contains(unit) || (0x30A0...0x30FF).contains(unit)
}
