/// The CSS-derived style of one element after the cascade, in the terms Quire uses.
///
/// Inherited properties are copied from the parent by `inheriting(from:)`; the others
/// start unset. Lengths stay `CSSLength` until the element's final font scale is known.
struct ComputedStyle: Hashable, Sendable {
  // MARK: - Inherited
  var fontFamily: TextAttributes.FontFamily = .body
  var fontScale = 1.0
  var weight = 400
  var isItalic = false
  var isSmallCaps = false
  var textTransform: CSSDeclaration.TextTransform = .none
  /// nil until a stylesheet sets it: the paragraph role's default applies.
  var alignment: ParagraphStyle.Alignment?
  var textIndent: CSSLength?
  var isUnderlined = false
  var isStruckThrough = false
  var baselineShift: TextAttributes.BaselineShift = .none
  var foreground: Color?
  /// Only set through inline elements; block backgrounds are the page's business.
  var background: Color?
  var preservesWhitespace = false
  var hyphenates: Bool?
  var listStyle: CSSDeclaration.ListStyle?
  /// Whether `<q>` adds quotation marks.
  var quotes = true
  var language: String?
  var direction: ParagraphStyle.Direction?
  /// `text-emphasis-style`, `-color` and `-position` (all inherited).
  var emphasisMark: EmphasisMark?
  var emphasisColor: Color?
  var emphasisUnder = false
  /// The side of the floated inline element this text is inside. Not the CSS property
  /// (`float` is not inherited): the text of an element's descendants is part of its
  /// floated box, so the walker copies `float` here on inline elements.
  var floatedText: TextAttributes.FloatSide?
  /// `writing-mode` (inherited, as CSS has it).
  var writingMode: ParagraphStyle.WritingMode?
  /// `text-combine-upright` (inherited).
  var combinesUpright: TextAttributes.CombineUpright?
  /// `text-orientation` (inherited).
  var textOrientation: TextAttributes.TextOrientation?

  // MARK: - Not inherited
  /// nil: the element's default display.
  var display: CSSDeclaration.Display?
  var marginTop: CSSLength?
  var marginBottom: CSSLength?
  var marginLeft: CSSLength?
  var marginRight: CSSLength?
  var pageBreakBefore = false
  /// CSS `float` of this element (nil: none).
  var float: TextAttributes.FloatSide?
  /// `position: absolute | fixed`.
  var isPositioned = false
  /// `left`, `right`, `top`, `bottom` of a positioned element.
  var offsets: [CSSDeclaration.Edge: CSSLength] = [:]
  /// `width` and `height` of the element (not inherited).
  var width: CSSLength?
  var height: CSSLength?
  /// `clip` / `clip-path` leave nothing to see.
  var isClippedAway = false

  /// Whether the book moves or clips the element out of sight, as books do with headings
  /// meant only for screen readers (`position: absolute; left: -999em`,
  /// `clip: rect(0 0 0 0)`, `clip-path: inset(50%)`): the reader never sees it.
  var isOutOfSight: Bool {
    if isClippedAway { return true }
    guard isPositioned else { return false }
    return offsets.values.contains { length in
      if case .percent(let percent) = length { return abs(percent) >= 100 }
      return abs(length.ems(fontScale: fontScale)) >= Self.farOffEms
    }
  }

  /// An offset this far (800 px at 16 px) puts a positioned element off any page.
  static let farOffEms = 50.0

  /// The style a child starts from: inherited properties kept, the rest reset.
  func inherited() -> ComputedStyle {
    var child = self
    child.display = nil
    child.marginTop = nil
    child.marginBottom = nil
    child.marginLeft = nil
    child.marginRight = nil
    child.pageBreakBefore = false
    child.float = nil
    child.isPositioned = false
    child.offsets = [:]
    child.width = nil
    child.height = nil
    child.isClippedAway = false
    return child
  }

  /// Applies one declaration; `parent` is the parent's final style (for relative values).
  mutating func apply(_ declaration: CSSDeclaration, parent: ComputedStyle) {
    switch declaration {
    case .fontStyle(let italic): isItalic = italic
    case .fontWeight(.absolute(let value)): weight = value
    case .fontWeight(.bolder): weight = parent.weight < 600 ? 700 : 900
    case .fontWeight(.lighter): weight = parent.weight >= 600 ? 400 : 100
    case .fontSize(.relative(let scale)): fontScale = parent.fontScale * scale
    case .fontSize(.absolute(let scale)): fontScale = scale
    case .fontFamily(let family): fontFamily = family
    case .smallCaps(let on): isSmallCaps = on
    case .textTransform(let transform): textTransform = transform
    case .textAlign(let value): alignment = value
    case .textIndent(let length): textIndent = length
    case .margin(.top, let length): marginTop = length
    case .margin(.bottom, let length): marginBottom = length
    case .margin(.left, let length): marginLeft = length
    case .margin(.right, let length): marginRight = length
    case .display(let value): display = value
    case .pageBreakBefore(let on): pageBreakBefore = on
    case .textDecoration(let underline, let lineThrough):
      // Decorations propagate to descendants; "none" only undoes this element's own.
      isUnderlined = parent.isUnderlined || underline
      isStruckThrough = parent.isStruckThrough || lineThrough
    case .verticalAlign(let shift): baselineShift = shift
    case .float(let side): float = side
    case .color(let color): foreground = color
    case .backgroundColor(let color): background = color
    case .preservesWhitespace(let on): preservesWhitespace = on
    case .hyphens(let on): hyphenates = on
    case .listStyle(let style): listStyle = style
    case .quotes(let on): quotes = on
    case .direction(let value): direction = value
    case .positioned(let on): isPositioned = on
    case .offset(let edge, let length): offsets[edge] = length
    case .size(true, let length): width = length
    case .size(false, let length): height = length
    case .clip(let clip): isClippedAway = clip == .hidden
    case .emphasisStyle(let style): emphasisMark = style.mark
    case .emphasisColor(let color): emphasisColor = color
    case .emphasisPosition(let under): emphasisUnder = under
    case .writingMode(let mode): writingMode = mode
    case .combineUpright(let combine): combinesUpright = combine
    case .textOrientation(let orientation): textOrientation = orientation
    }
  }

  /// The character attributes for text in this style.
  var textAttributes: TextAttributes {
    var attributes = TextAttributes()
    attributes.fontFamily = fontFamily
    attributes.fontScale = fontScale
    attributes.weight = weight
    attributes.isItalic = isItalic
    attributes.isSmallCaps = isSmallCaps
    attributes.baselineShift = baselineShift
    attributes.underline = isUnderlined ? .single : nil
    attributes.isStrikethrough = isStruckThrough
    attributes.foreground = foreground
    attributes.background = background
    attributes.float = floatedText
    if var mark = emphasisMark {
      mark.color = emphasisColor
      mark.isUnder = emphasisUnder
      attributes.emphasisMark = mark
    }
    attributes.combinesUpright = combinesUpright
    attributes.textOrientation = textOrientation
    switch textTransform {
    case .none: attributes.textTransform = nil
    case .uppercase: attributes.textTransform = .uppercase
    case .lowercase: attributes.textTransform = .lowercase
    case .capitalize: attributes.textTransform = .capitalize
    }
    return attributes
  }
}
