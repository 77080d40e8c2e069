import QuireBook

/// CJK punctuation compression (`LayoutSettings.compressesPunctuation`).
extension ItemBuilder {
  func isHalfBlank(_ unit: UInt16) -> Bool {
    CJK.halfBlankClosing.contains(unit) || CJK.halfBlankOpening.contains(unit)
  }

  /// Two adjacent full-width marks take one em: each box loses its blank half (an opening
  /// mark's glyph moves left by that half). Breaks between them keep their zero width.
  mutating func compressPunctuation() {
    var previous = -1
    for i in items.indices where items[i].kind == .box {
      defer { previous = i }
      guard previous >= 0, items[previous].piece >= 0, items[i].piece >= 0 else { continue }
      let before = Int(items[previous].offset)
      let after = Int(items[i].offset)
      guard after == before + 1, isHalfBlank(units[base + before]),
        isHalfBlank(units[base + after]),
        pieces[Int(items[previous].piece)].wordLength == 1,
        pieces[Int(items[i].piece)].wordLength == 1
      else { continue }
      for k in [previous, i] where items[k].width > 0 {
        // A box already halved as the second of a pair is not halved again.
        let piece = Int(items[k].piece)
        guard !halved.contains(k) else { continue }
        let half = items[k].width / 2
        items[k].width = half
        naturalWidth -= half
        halved.insert(k)
        if CJK.halfBlankOpening.contains(units[base + Int(items[k].offset)]) {
          pieces[piece].shift = -half
        }
      }
    }
  }
}
