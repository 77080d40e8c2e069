/// Item indices `range` of a line in visual order (UAX #9 rule L2). An item has the level
/// of its first character; the hyphen at the break (`hyphen`, or -1) that of the letter
/// before it. `offsetBase` turns an item's paragraph-relative offset into an index of
/// `bidi`'s levels.
func visualOrder(
  _ items: [LineItem], _ range: Range<Int>, hyphen: Int, bidi: BidiLevels, offsetBase: Int
) -> [Int] {
  let levels = range.map { i -> UInt8 in
    let offset = Int(items[i].offset) + offsetBase - (i == hyphen ? 1 : 0)
    return bidi.levels[min(max(offset, 0), bidi.levels.count - 1)]
  }
  return Bidi.visualOrder(levels: levels).map { range.lowerBound + $0 }
}
