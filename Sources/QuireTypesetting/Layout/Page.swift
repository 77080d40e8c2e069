public import QuireBook

/// Where a glyph sits: pen position on the baseline, in page coordinates.
public struct GlyphPosition: Hashable, Sendable {
  public var x: Float
  public var y: Float
}

/// Glyphs of one face, size and colour, positioned on the page.
public struct GlyphRun: Hashable, Sendable {
  public var font: FontReference
  /// Pixels per em (cells for the terminal backend).
  public var size: Double
  /// Text colour; nil means the theme's.
  public var color: Color?
  /// Glyph ids of the face (Unicode scalars for the terminal backend).
  public var glyphs: [UInt32]
  public var positions: [GlyphPosition]
  /// Chapter UTF-16 range of the text the glyphs show.
  public var range: Range<Int>
  /// Chapter UTF-16 offset of each glyph's cluster (parallel to `glyphs`), so that a
  /// renderer can find where a character range (a link, a highlight) sits on the line.
  public var clusters: [Int32] = []
  /// How the glyphs stand; in a vertical column each glyph's position is its pen point on
  /// the column's central baseline (see `GlyphOrientation`).
  public var orientation: GlyphOrientation = .horizontal
  /// Where each glyph is drawn from its position, in pixels (parallel to `glyphs`); empty
  /// when glyphs are drawn at their positions. Upright glyphs in a column use it: the
  /// pen is at the top of the glyph's em box on the column's centre line, the glyph's
  /// own origin lower left of it.
  public var drawingOffsets: [GlyphPosition] = []
}

/// One line segment of text on a page.
public struct Line: Hashable, Sendable {
  /// Chapter UTF-16 range, including trailing spaces and the paragraph's "\n".
  public var range: Range<Int>
  /// The segment's box: left edge, top of the line, available width, line height.
  public var frame: Rect
  /// Baseline y in page coordinates.
  public var baseline: Double
  public var runs: [GlyphRun]
  /// Knuth & Plass's adjustment ratio used (0 for ragged lines).
  public var adjustmentRatio: Double
  /// True when the line ends with an inserted hyphen.
  public var isHyphenated: Bool
  /// True when the line is justified (a full line of a justified paragraph).
  public var isJustified: Bool
  /// Annotations set beside the text: ruby readings above their bases (after them, in
  /// parentheses, on cells). Their clusters are their bases' first offsets; hit tests and
  /// highlights use `runs` alone.
  public var annotations: [GlyphRun] = []
  /// True for a column of vertical text (`writing-mode: vertical-rl`): `frame` is the
  /// column, text runs down it, `baseline` is the x of its centre line.
  public var isVertical = false
  /// Before a vertical page is turned: the layout y of the centre line of a column whose
  /// ruby or emphasis marks widened it (nil: the middle of the line).
  package var centreLine: Double? = nil
}

/// An image placed on a page, scaled to fit.
public struct PlacedImage: Hashable, Sendable {
  public var attachment: Attachment
  public var frame: Rect
}

/// One page: the character range it shows and everything needed to draw it.
public struct Page: Hashable, Sendable {
  /// Position in the chapter, from 0.
  public var index: Int
  /// Chapter UTF-16 range; pages of a chapter tile its text with no gap or overlap.
  public var range: Range<Int>
  public var lines: [Line]
  public var images: [PlacedImage]
  /// Horizontal rules (`<hr>`), as thin rectangles.
  public var rules: [Rect]
  /// Page size.
  public var width: Double
  public var height: Double
  /// How the page was made: text flowed into it, or a fixed-layout page scaled whole.
  public var kind = Kind.flowing

  /// The kinds of page.
  public enum Kind: Hashable, Sendable {
    /// Text flowed into the page's text area (every reflowable chapter).
    case flowing
    /// A fixed-layout chapter (`StyledText.fixedLayout`) laid out at its own size and
    /// scaled to fit: the chapter's one page (`Paginator.fixedPage`).
    case fixed(FixedLayout)
  }
}

extension Page: CustomDebugStringConvertible {
  /// A text dump for golden tests: one line per text line with range and baseline.
  public var debugDescription: String {
    var text = "page \(index) \(range.lowerBound)..<\(range.upperBound)\n"
    for line in lines {
      let x = line.runs.first?.positions.first.map { Double($0.x) } ?? line.frame.x
      text +=
        "  \(line.range.lowerBound)..<\(line.range.upperBound) x \(Int(x.rounded())) "
        + "y \(Int(line.baseline.rounded())) glyphs \(line.runs.reduce(0) { $0 + $1.glyphs.count })"
        + (line.isHyphenated ? " -" : "") + "\n"
    }
    return text
  }
}
