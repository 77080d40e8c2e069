/// An sRGB colour with alpha, 8 bits a channel.
public struct Color: Hashable, Sendable, Codable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  /// Creates a colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}

/// Character-level style of a run of text, after the TextKit attribute list (seed 003).
///
/// Sizes are relative (`fontScale` in ems of the reader's chosen size) so that the
/// reader's font-size setting scales the whole book.
public struct TextAttributes: Hashable, Sendable, Codable {
  /// Which kind of face to use; the typesetter maps it to a real font.
  public enum FontFamily: Hashable, Sendable, Codable {
    /// The reader's body font (the default).
    case body
    case serif
    case sansSerif
    case monospace
    /// Families named by the book's CSS, in priority order and separated by commas
    /// ("Stix, serif"): the first installed one is used, a generic name stands for the
    /// reader's face of that kind.
    case named(String)
  }

  /// Vertical shift of a run relative to the baseline.
  public enum BaselineShift: String, Hashable, Sendable, Codable {
    case none
    case superscript
    case `subscript`
  }

  /// How a run is underlined.
  public enum UnderlineStyle: String, Hashable, Sendable, Codable {
    case single
    case double
    case dotted
    case wavy
  }

  /// How a run's letters are drawn (CSS `text-transform`): the text keeps the book's own
  /// letters, so search, copy and `quire cat` see them; layout draws
  /// `StyledText.displayUnits`.
  public enum TextTransform: String, Hashable, Sendable, Codable {
    case uppercase
    case lowercase
    case capitalize
  }

  /// The side a floated inline element is set on (CSS `float`).
  public enum FloatSide: String, Hashable, Sendable, Codable {
    case left
    case right
  }

  public var fontFamily: FontFamily = .body
  /// Font size relative to the reader's body size: 1 = body, 2 = twice as large.
  public var fontScale: Double = 1
  /// CSS weight, 100…900; 400 regular, 700 bold.
  public var weight: Int = 400
  public var isItalic = false
  public var isSmallCaps = false
  public var baselineShift: BaselineShift = .none
  public var underline: UnderlineStyle?
  public var isStrikethrough = false
  /// Text colour; nil means the theme's text colour.
  public var foreground: Color?
  /// Background colour behind the glyphs; nil means none.
  public var background: Color?
  /// BCP 47 language of the run when it differs from the paragraph's (for hyphenation).
  public var language: String?
  /// The run is a footnote/endnote reference mark (`epub:type="noteref"`).
  public var isNoteReference = false
  /// The run is (inside) an inline element floated to this side, as poetry editions float
  /// line numbers to the right margin; nil for text in the flow. An optional so that
  /// attributes stored before it existed still decode.
  public var float: FloatSide?
  /// How the run's letters are drawn; nil: as written. An optional so that attributes
  /// stored before it existed still decode.
  public var textTransform: TextTransform?
  /// East Asian emphasis marks beside each character (CSS `text-emphasis`); nil: none.
  public var emphasisMark: EmphasisMark?
  /// CSS `text-combine-upright` in vertical text: nil none (digits turn with Latin text).
  public var combinesUpright: CombineUpright?
  /// CSS `text-orientation` in vertical text: nil `mixed` (CJK upright, the rest turned).
  public var textOrientation: TextOrientation?

  /// How the characters of a vertical column stand (CSS Writing Modes 3 §5.1).
  public enum TextOrientation: String, Hashable, Sendable, Codable {
    /// Every character upright, one under the other, Latin letters too.
    case upright
    /// Every character turned a quarter clockwise, ideographs too: the line set as
    /// horizontal text on its side.
    case sideways
  }

  /// What `text-combine-upright` sets upright, side by side, in one em of a column
  /// (tate-chū-yoko, CSS Writing Modes 3 §9.1).
  public enum CombineUpright: Hashable, Sendable, Codable {
    /// `all`: the element's whole text.
    case all
    /// `digits n`: each run of up to `n` ASCII digits (2 to 4).
    case digits(Int)
  }

  /// Body text: the reader's font at the reader's size, regular, upright.
  public init() {}

  /// True when the weight is 600 or more.
  public var isBold: Bool { weight >= 600 }
}

/// Where a link leads.
public enum LinkTarget: Hashable, Sendable, Codable {
  /// A place in this book: a resource path inside the book plus an optional fragment,
  /// e.g. "OEBPS/chapter-2.xhtml#note-3". `Book.locator(forHref:)` resolves it.
  case `internal`(href: String)
  /// A URL outside the book (http, https, mailto, …), kept as written.
  case external(url: String)
}

/// Something in the text that is not a character: an image, for now.
///
/// It occupies one U+FFFC (OBJECT REPLACEMENT CHARACTER) in the chapter's string.
public struct Attachment: Hashable, Sendable, Codable {
  /// Pixel size of an image as stored in the file.
  public struct Size: Hashable, Sendable, Codable {
    public var width: Int
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// UTF-16 offset of the U+FFFC that stands for the attachment.
  public var offset: Int
  /// Path of the image inside the book, for `Book.resource(at:)`.
  public var href: String
  /// The image's alternative text.
  public var alternativeText: String?
  /// Intrinsic size read from the image header, when known; the pixels are decoded lazily.
  public var intrinsicSize: Size?

  /// Creates an attachment.
  public init(offset: Int, href: String, alternativeText: String? = nil, intrinsicSize: Size? = nil)
  {
    self.offset = offset
    self.href = href
    self.alternativeText = alternativeText
    self.intrinsicSize = intrinsicSize
  }
}
