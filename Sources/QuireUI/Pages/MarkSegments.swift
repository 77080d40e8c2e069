import QuireReading

/// The marks on a page resolved once into stretches of one look each, so styling a glyph
/// is a binary search.
///
/// Marks stack in the order given (highlights in the order they were made, later ones
/// over earlier ones, then search matches, then the selection, then what is read aloud).
/// Behind the text the selection wins, then the word read aloud, the current match, the
/// sentence read aloud, a match, and the topmost background highlight; underline and
/// strike highlights are drawn under and through the text, the topmost of each kind,
/// whatever is behind it.
struct MarkSegments {
  /// What one stretch of text gets.
  struct Resolved: Hashable {
    var background: CellPage.Mark?
    var underline: Highlight.Colour?
    var strike: Highlight.Colour?
  }

  /// Stretches in order, not overlapping, each with its look.
  private var stretches: [(range: Range<Int>, look: Resolved)] = []

  /// Resolves `marks` (in stacking order) over the part of the text in `visible`.
  ///
  /// - Complexity: O(m²) for m marks on the page (a page holds a few dozen).
  init(_ marks: [(range: Range<Int>, mark: CellPage.Mark)], within visible: Range<Int>) {
    let onPage = marks.filter { $0.range.overlaps(visible) && !$0.range.isEmpty }
    guard !onPage.isEmpty else { return }
    var bounds = Set<Int>()
    for entry in onPage {
      bounds.insert(max(entry.range.lowerBound, visible.lowerBound))
      bounds.insert(min(entry.range.upperBound, visible.upperBound))
    }
    let sorted = bounds.sorted()
    for (lower, upper) in zip(sorted, sorted.dropFirst()) {
      var look = Resolved()
      for entry in onPage where entry.range.lowerBound <= lower && upper <= entry.range.upperBound {
        switch entry.mark {
        case .highlight(let colour, .underline): look.underline = colour
        case .highlight(let colour, .strikethrough): look.strike = colour
        default:
          if Self.rank(entry.mark) >= look.background.map(Self.rank) ?? 0 {
            look.background = entry.mark
          }
        }
      }
      if look != Resolved() { stretches.append((lower..<upper, look)) }
    }
  }

  /// What the character at `offset` gets; nil for none.
  func marks(at offset: Int) -> Resolved? {
    var low = 0
    var high = stretches.count
    while low < high {
      let middle = (low + high) / 2
      if stretches[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    guard low < stretches.count, stretches[low].range.contains(offset) else { return nil }
    return stretches[low].look
  }

  /// Which mark behind the text shows over which: a later mark of the same rank over an
  /// earlier one (the highlight made last).
  private static func rank(_ mark: CellPage.Mark) -> Int {
    switch mark {
    case .highlight: 1
    case .searchMatch: 2
    case .spokenSentence: 3
    case .currentMatch: 4
    case .spokenWord: 5
    case .selection: 6
    }
  }
}
