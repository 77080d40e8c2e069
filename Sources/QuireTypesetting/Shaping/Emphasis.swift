import QuireBook

/// Emphasis marks (CSS `text-emphasis`) for the paragraph's marked characters: one mark
/// at half size centred on each character that is not a space, a punctuation mark or a
/// control, tied to the box that draws the character. Nothing changes in the line items:
/// marks never move a break. With `upright` (vertical text) the marks stand to the right
/// of the column. The terminal draws none.
/// - Complexity: O(glyphs of marked runs).
func emphasize(
  _ shaped: inout ShapedParagraph, units: [UInt16], source: any GlyphSource,
  upright: Bool = false
) {
  guard !source.usesWholeUnits else { return }
  let runs = shaped.analyzed.fontRuns.filter { $0.attributes.emphasisMark != nil }
  guard let first = runs.first, let last = runs.last else { return }
  let base = shaped.analyzed.paragraph.range.lowerBound
  let language = shaped.analyzed.paragraph.language
  let store = source.words
  var marks: [ShapedAnnotation] = []
  var shapedMarks: [String: (word: StoredWord, font: Int)] = [:]
  for (i, item) in shaped.items.enumerated()
  where item.kind == .box && item.piece >= 0 && item.float == nil {
    let piece = shaped.pieces[Int(item.piece)]
    let wordStart = base + Int(piece.wordOffset)
    guard wordStart + Int(piece.wordLength) > first.range.lowerBound,
      wordStart < last.range.upperBound
    else { continue }
    var x = piece.shift
    var previousCluster: Int32 = -1
    for g in Int(piece.glyphStart)..<Int(piece.glyphEnd) {
      let glyph = store.glyphs[g]
      let advance = Double(glyph.advance) * piece.size
      defer { x += advance }
      let offset = wordStart + Int(glyph.cluster)
      guard glyph.cluster != previousCluster, offset < units.count else { continue }
      previousCluster = glyph.cluster
      guard let run = runs.first(where: { $0.range.contains(offset) }),
        let mark = run.attributes.emphasisMark, takesAMark(units[offset])
      else { continue }
      let key = "\(piece.font) \(mark.character)"
      let found =
        shapedMarks[key]
        ?? shapeMark(
          mark.character, like: Int(piece.font), language: language, upright: upright,
          source: source)
      shapedMarks[key] = found
      let size = piece.size * rubyScale
      marks.append(
        ShapedAnnotation(
          firstItem: i, lastItem: i,
          piece: GlyphPiece(
            glyphStart: found.word.glyphStart,
            glyphEnd: found.word.glyphStart + found.word.glyphCount,
            wordGlyphEnd: found.word.glyphStart + found.word.glyphCount,
            wordLength: found.word.length, wordOffset: Int32(offset - base),
            font: Int32(found.font), size: size, rise: 0, color: mark.color ?? piece.color),
          width: found.word.width * size, glyphCount: Int(found.word.glyphCount),
          base: offset..<(offset + 1), isInline: false, centre: x + advance / 2,
          isUnder: mark.isUnder && !upright, isUpright: upright))
    }
  }
  guard !marks.isEmpty else { return }
  shaped.annotations += marks
  shaped.annotations.sort { $0.firstItem < $1.firstItem }
  shaped.uniformSize = nil
}

/// The mark's glyphs in the character's face, or in a face that has it.
private func shapeMark(
  _ character: String, like font: Int, language: String, upright: Bool,
  source: any GlyphSource
) -> (word: StoredWord, font: Int) {
  let text = Array(character.utf16)
  var face = font
  if let scalar = character.unicodeScalars.first, !source.font(face, covers: scalar.value) {
    face = source.fallbackFont(for: scalar.value, like: font)
  }
  let word = text.withUnsafeBufferPointer { text in
    shapeAnnotation(text, font: face, language: language, upright: upright, source: source)
  }
  return (word, face)
}

/// Whether a character gets an emphasis mark: not a space, punctuation or a control
/// (CSS Text Decoration 3 §3.2); a surrogate pair's first half stands for its character.
private func takesAMark(_ unit: UInt16) -> Bool {
  if UTF16.isLeadSurrogate(unit) { return true }
  guard let scalar = Unicode.Scalar(unit) else { return false }
  switch scalar.properties.generalCategory {
  case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
    .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
    .initialPunctuation, .finalPunctuation, .otherPunctuation, .unassigned, .surrogate:
    return false
  default:
    return unit != 0xFFFC
  }
}
