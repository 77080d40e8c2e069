import QuireBook

/// Knuth & Plass's box, glue and penalty items (1981, §2): what line breaking sees.
///
/// Widths are in pixels (or cells). `offset` is the paragraph-relative UTF-16 offset
/// where the item's text starts; `piece` indexes the shaped glyphs of a box or the
/// hyphen drawn at a hyphenated break (-1 for none).
struct LineItem {
  enum Kind: UInt8 {
    case box
    case glue
    case penalty
  }

  var kind: Kind
  var width: Double
  var stretch = 0.0
  var shrink = 0.0
  var penalty = 0.0
  var isFlagged = false
  /// Glue between two characters the text sets solid (ideographs, kana, CJK punctuation):
  /// on terminal cells it never stretches, as a cell is the least space there can be and
  /// "泰 安" would read as two words.
  var isSolid = false
  /// The side of the line a floated inline run's box is drawn on; nil in the flow.
  var float: TextAttributes.FloatSide?
  var offset: Int32
  var piece: Int32 = -1

  static func box(_ width: Double, offset: Int, piece: Int) -> LineItem {
    LineItem(kind: .box, width: width, offset: Int32(offset), piece: Int32(piece))
  }

  static func glue(
    _ width: Double, stretch: Double, shrink: Double, offset: Int, solid: Bool = false
  ) -> LineItem {
    LineItem(
      kind: .glue, width: width, stretch: stretch, shrink: shrink, isSolid: solid,
      offset: Int32(offset))
  }

  static func penalty(
    _ penalty: Double, width: Double = 0, flagged: Bool = false, offset: Int, piece: Int = -1
  ) -> LineItem {
    LineItem(
      kind: .penalty, width: width, penalty: penalty, isFlagged: flagged, offset: Int32(offset),
      piece: Int32(piece))
  }
}

/// Named costs of Knuth & Plass (1981), with TeX's defaults.
enum KnuthPlass {
  /// A penalty of this size or more forbids a break; minus it forces one (§2, "∞ = 1000").
  /// TeX uses 10000; so do we.
  static let infinitePenalty = 10_000.0
  /// TeX's `\hyphenpenalty` and `\exhyphenpenalty`.
  static let hyphenPenalty = 50.0
  /// Breaks inside unbreakable runs longer than any line (emergency only).
  static let emergencyPenalty = 5_000.0
  /// Marks a break inside a URL or e-mail address (after / . ? & = -, no hyphen drawn).
  /// Such breaks are not there for the breaker's first try: only when keeping every
  /// address whole leaves a line overfull, looser than the emergency stretch allows
  /// (stretched past its spaces' stretch plus `emergencyStretch`) or past `loosestRatio`
  /// does it try again with them, at the cost of `addressBreakCost` each.
  static let addressPenalty = 9_000.0
  /// What a break inside an address costs when the breaker does use them: a hyphen's.
  static let addressBreakCost = hyphenPenalty
  /// TeX's `\linepenalty`: the `l` in (l + b)² that favours fewer lines.
  static let linePenalty = 10.0
  /// TeX's `\doublehyphendemerits`: α for two flagged breaks in a row.
  static let flaggedDemerits = 3_000.0
  /// TeX's `\adjdemerits`: γ for adjacent lines of non-adjacent fitness classes.
  static let fitnessDemerits = 100.0
  /// TeX's `\tolerance`: the largest badness a feasible line may have in the first pass.
  static let tolerance = 200.0
  /// TeX's `\emergencystretch`, as a fraction of the line width (3 em of a 30 em line):
  /// extra stretch imagined on every line in the second pass, when the first finds none.
  static let emergencyStretch = 0.1
  /// The loosest a justified line may be when the paragraph can do without: a result
  /// with a line past it is broken again with every line held to it (badness 100·3³).
  static let loosestRatio = 3.0
  /// Glue stretch that makes a last line ragged (`\parfillskip`: 0pt plus 1fil).
  static let fillStretch = 1e7
}

/// Where a line ends: a breakpoint item and the line's adjustment ratio.
struct LineBreak: Equatable {
  /// Index of the glue or penalty item the line breaks at.
  var item: Int
  /// Knuth & Plass's r: stretch (> 0) or shrink (< 0) used, as a fraction of what is available.
  var ratio: Double
}

/// Line widths for a paragraph: one per line for the first lines, then one for the rest.
///
/// Equal widths after `first` let total fit merge breakpoints by fitness only (Knuth &
/// Plass 1981, "the line number is irrelevant beyond j₀").
struct LineWidths {
  var first: [Double]
  var rest: Double

  func width(of line: Int) -> Double { line < first.count ? first[line] : rest }
}
