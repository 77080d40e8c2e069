import QuireBook

/// Floated runs (CSS `float` on an inline element): a short one is set at its line's edge.
extension ItemBuilder {
  /// Longest floated run that is taken out of the flow; longer ones are set inline.
  static let longestFloat = 40

  /// The paragraph's floated runs (CSS `float` on an inline element) short enough to set
  /// at a line's edge: a line number, a page reference. Adjacent runs of one side are one.
  func floatGroups() -> [(range: Range<Int>, side: TextAttributes.FloatSide)] {
    var groups: [(range: Range<Int>, side: TextAttributes.FloatSide)] = []
    let content = analyzed.paragraph.contentRange
    for run in analyzed.paragraph.runs {
      guard let side = run.value.float else { continue }
      let range = run.range.clamped(to: content)
      guard !range.isEmpty else { continue }
      if let last = groups.last, last.side == side, last.range.upperBound == range.lowerBound {
        groups[groups.count - 1].range = last.range.lowerBound..<range.upperBound
      } else {
        groups.append((range, side))
      }
    }
    return groups.filter { group in
      group.range.count <= Self.longestFloat
        && !group.range.contains { units[$0] == 0xFFFC || units[$0] == 0x2028 }
        && group.range.contains { !isSpace(units[$0]) }
    }
  }

  /// Makes the items of a floated run (`items[start...]`) one unbreakable group drawn at
  /// the line's edge: its spaces become fixed boxes, its breaks and hyphens go, and a gap
  /// of an em separates it from the text. The group keeps its place in the item list, so
  /// the line it falls on is shortened by its width (the line breaker sees an ordinary
  /// box) and the text keeps its order; finalize draws it at the edge. A right float
  /// stays with the text before it: no break just before it.
  mutating func takeOutOfFlow(
    from start: Int, _ group: (range: Range<Int>, side: TextAttributes.FloatSide)
  ) {
    let end = group.range.upperBound - base
    var kept: [LineItem] = []
    var tail: [LineItem] = []
    for var item in items[start...] {
      guard Int(item.offset) < end else {
        tail.append(item)
        continue
      }
      switch item.kind {
      case .box: break
      case .glue:
        naturalWidth += item.width
        item = .box(item.width, offset: Int(item.offset), piece: -1)
      case .penalty: continue
      }
      item.float = group.side
      kept.append(item)
    }
    guard !kept.isEmpty else { return }
    items.removeSubrange(start...)
    var gap = LineItem.box(options.fontSize, offset: Int(kept[0].offset), piece: -1)
    gap.float = group.side
    naturalWidth += gap.width
    if group.side == .right {
      if start > 0, items[start - 1].kind == .penalty,
        items[start - 1].penalty > -KnuthPlass.infinitePenalty, items[start - 1].width == 0
      {
        items[start - 1].penalty = KnuthPlass.infinitePenalty
      } else if start > 0, items[start - 1].kind == .glue {
        let glue = items.removeLast()
        items.append(.penalty(KnuthPlass.infinitePenalty, offset: Int(glue.offset)))
        items.append(glue)
      }
      items.append(gap)
      items.append(contentsOf: kept)
    } else {
      gap.offset = kept[kept.count - 1].offset
      items.append(contentsOf: kept)
      items.append(gap)
    }
    items.append(contentsOf: tail)
  }
}
