/// One CSS declaration of a property Quire understands, with its value already parsed.
///
/// Unknown properties and values Quire cannot use never become declarations: they are
/// dropped silently while parsing, as CSS requires.
enum CSSDeclaration: Hashable, Sendable {
  /// A `font-size`: relative to the parent's size, or to the reader's body size.
  enum FontSize: Hashable, Sendable {
    case relative(Double)
    case absolute(Double)
  }

  /// A `font-weight`.
  enum FontWeight: Hashable, Sendable {
    case absolute(Int)
    case bolder
    case lighter
  }

  /// A `text-transform`.
  enum TextTransform: Hashable, Sendable {
    case none
    case uppercase
    case lowercase
    case capitalize
  }

  /// How an element takes part in layout, reduced to what the converter needs.
  enum Display: Hashable, Sendable {
    case none
    case block
    case inline
  }

  /// Which margin a length applies to.
  enum Edge: Hashable, Sendable {
    case top
    case right
    case bottom
    case left
  }

  /// A list marker style (`list-style-type`).
  enum ListStyle: Hashable, Sendable {
    case none
    case disc
    case circle
    case square
    case decimal
    case lowerAlpha
    case upperAlpha
    case lowerRoman
    case upperRoman
  }

  /// Whether a `clip` or `clip-path` leaves anything of the element to see.
  enum ClipsAway: Hashable, Sendable {
    case showing
    case hidden
  }

  case fontStyle(italic: Bool)
  case fontWeight(FontWeight)
  case fontSize(FontSize)
  case fontFamily(TextAttributes.FontFamily)
  case smallCaps(Bool)
  case textTransform(TextTransform)
  case textAlign(ParagraphStyle.Alignment)
  case textIndent(CSSLength)
  case margin(Edge, CSSLength)
  case display(Display)
  case pageBreakBefore(Bool)
  /// `text-decoration`: which lines this element adds (none adds nothing).
  case textDecoration(underline: Bool, lineThrough: Bool)
  case verticalAlign(TextAttributes.BaselineShift)
  /// `float`: left, right, or nil for none.
  case float(TextAttributes.FloatSide?)
  /// `color`; nil means "leave it to the theme" (black, near-black, inherit, currentColor).
  case color(Color?)
  case backgroundColor(Color?)
  /// `white-space`: true keeps spaces and line breaks as written.
  case preservesWhitespace(Bool)
  case hyphens(Bool)
  case listStyle(ListStyle)
  /// `quotes`: false for `none` (and for books that blank `q::before`), so `<q>` adds none.
  case quotes(Bool)
  /// `direction: ltr | rtl`.
  case direction(ParagraphStyle.Direction)
  /// `position`: true for `absolute` and `fixed`, which take the element out of the flow.
  case positioned(Bool)
  /// `left`, `right`, `top`, `bottom`: how far a positioned element moves.
  case offset(Edge, CSSLength)
  /// `width` or `height` (`isWidth` false) of a block, which a positioned one's box takes.
  case size(isWidth: Bool, CSSLength)
  /// `clip` or `clip-path`.
  case clip(ClipsAway)
  /// `text-emphasis-style` (a mark, or none).
  case emphasisStyle(EmphasisStyle)
  /// `text-emphasis-color`; nil: the text's.
  case emphasisColor(Color?)
  /// `text-emphasis-position`: under the text, or over it.
  case emphasisPosition(under: Bool)
  /// `writing-mode` (nil: horizontal).
  case writingMode(ParagraphStyle.WritingMode?)
  /// `text-combine-upright` (nil: none).
  case combineUpright(TextAttributes.CombineUpright?)
  /// `text-orientation` (nil: mixed).
  case textOrientation(TextAttributes.TextOrientation?)
}
