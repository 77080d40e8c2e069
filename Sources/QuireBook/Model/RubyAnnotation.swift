/// A ruby annotation (HTML `<ruby>`, `<rt>`): a reading set beside a range of base text.
///
/// The reading is not part of the chapter's string, so copy, search and `quire cat` see
/// the base text alone; the typesetter sets it above the base in horizontal lines (to
/// the right of it in vertical ones) and never breaks a line inside the base.
/// Mono-ruby is one annotation per base character, group ruby one over the whole word
/// (CSS Ruby Annotation Layout Module Level 1; JLREQ §3.3).
public struct RubyAnnotation: Hashable, Sendable, Codable {
  /// UTF-16 range of the base text in the chapter, inside one paragraph.
  public var base: Range<Int>
  /// The reading (the `<rt>` text), whitespace collapsed.
  public var text: String

  /// Creates an annotation of `base` with the reading `text`.
  public init(base: Range<Int>, text: String) {
    self.base = base
    self.text = text
  }
}

extension StyledText {
  /// The ruby annotations whose base lies in `range`, in text order.
  ///
  /// - Complexity: O(log n + k) for k annotations found.
  public func rubies(in range: Range<Int>) -> ArraySlice<RubyAnnotation> {
    var low = 0
    var high = rubies.count
    while low < high {
      let middle = (low + high) / 2
      if rubies[middle].base.lowerBound < range.lowerBound {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var end = low
    while end < rubies.count, rubies[end].base.upperBound <= range.upperBound { end += 1 }
    return rubies[low..<end]
  }
}
