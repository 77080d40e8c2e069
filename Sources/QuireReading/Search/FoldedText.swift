/// A chapter's text folded for matching: one element per folded Unicode scalar, each with
/// the UTF-16 range of the source text it came from.
///
/// Folding can change lengths (`ß` → `ss`, `ｶﾞ` → `ガ`), so a match found in the folded
/// scalars is mapped back to the chapter's UTF-16 offsets through `starts` and `ends`.
/// The arrays are kept between chapters (`removeAll(keepingCapacity:)`), so a search
/// allocates for its longest chapter once.
struct FoldedText {
  /// Folded scalar values.
  var scalars: [UInt32] = []
  /// UTF-16 offset, in the source, where each folded scalar's source begins.
  var starts: [Int32] = []
  /// UTF-16 offset, in the source, where each folded scalar's source ends.
  var ends: [Int32] = []

  /// The number of folded scalars.
  var count: Int { scalars.count }

  /// Empties the buffers, keeping their memory for the next chapter.
  mutating func reset(reservingCapacity capacity: Int) {
    scalars.removeAll(keepingCapacity: true)
    starts.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    scalars.reserveCapacity(capacity)
    starts.reserveCapacity(capacity)
    ends.reserveCapacity(capacity)
  }

  /// Appends a folded scalar that came from the source range `start..<end`.
  @inline(__always)
  mutating func append(_ scalar: UInt32, from start: Int, to end: Int) {
    scalars.append(scalar)
    starts.append(Int32(truncatingIfNeeded: start))
    ends.append(Int32(truncatingIfNeeded: end))
  }

  /// Replaces the last folded scalar and extends its source range to `end` (a voiced
  /// sound mark composed into the kana before it).
  mutating func replaceLast(with scalar: UInt32, extendingTo end: Int) {
    scalars[scalars.count - 1] = scalar
    ends[ends.count - 1] = Int32(truncatingIfNeeded: end)
  }

  /// The source UTF-16 range of the folded scalars `range`.
  func sourceRange(of range: Range<Int>) -> Range<Int> {
    Int(starts[range.lowerBound])..<Int(ends[range.upperBound - 1])
  }
}
