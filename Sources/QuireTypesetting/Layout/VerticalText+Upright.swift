extension VerticalText {
  /// Sets each character of a `text-orientation: upright` run on its own, one under the
  /// other: its glyphs become a box of their own as long as the character's upright
  /// glyph is tall (an em in a CJK face), so that the column gives it that room, and no
  /// hyphen falls inside the run. Tate-chū-yoko runs are left to `combine`.
  /// - Complexity: O(items + glyphs of upright runs).
  func standUpright(_ shaped: inout ShapedParagraph, units: [UInt16], source: any GlyphSource) {
    let paragraph = shaped.analyzed.paragraph.range
    guard upright.contains(where: { $0.overlaps(paragraph) }) else { return }
    let base = paragraph.lowerBound
    let glyphs = source.words.glyphs
    func isUpright(_ offset: Int) -> Bool {
      Self.range(in: upright, containing: offset) != nil && combinedRange(containing: offset) == nil
    }
    var items: [LineItem] = []
    items.reserveCapacity(shaped.items.count)
    for item in shaped.items {
      let offset = base + Int(item.offset)
      switch item.kind {
      case .penalty where isUpright(offset) && abs(item.penalty) < KnuthPlass.infinitePenalty:
        // No hyphen, no break, inside an upright word.
        var kept = item
        kept.penalty = KnuthPlass.infinitePenalty
        kept.width = 0
        items.append(kept)
      case .box where item.piece >= 0 && item.float == nil:
        let piece = shaped.pieces[Int(item.piece)]
        let wordStart = base + Int(piece.wordOffset)
        let start = Int(piece.glyphStart)
        let end = Int(piece.glyphEnd)
        guard (start..<end).contains(where: { isUpright(wordStart + Int(glyphs[$0].cluster)) })
        else {
          items.append(item)
          continue
        }
        // One box a cluster: upright ones as tall as their upright glyph, the others as
        // wide as their glyphs.
        var g = start
        var total = 0.0
        while g < end {
          let cluster = glyphs[g].cluster
          var next = g + 1
          while next < end, glyphs[next].cluster == cluster { next += 1 }
          let character = wordStart + Int(cluster)
          var width = 0.0
          if isUpright(character) {
            let scalar = Self.scalar(at: character, in: units)
            let glyph = uprightGlyph(
              scalar, at: character, font: Int(piece.font), units: units, source: source)
            width = (glyph?.advance ?? 1) * piece.size
          } else {
            for k in g..<next { width += Double(glyphs[k].advance) * piece.size }
          }
          var part = piece
          part.glyphStart = Int32(g)
          part.glyphEnd = Int32(next)
          if g > start { part.shift = 0 }
          shaped.pieces.append(part)
          items.append(.box(width, offset: character - base, piece: shaped.pieces.count - 1))
          total += width
          g = next
        }
        shaped.naturalWidth += total - item.width
      default:
        items.append(item)
      }
    }
    shaped.items = items
  }
}
