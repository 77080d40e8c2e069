/// East Asian emphasis marks (CSS `text-emphasis`): a small mark beside each character.
///
/// The typesetter draws it over each character in horizontal lines (under, with
/// `text-emphasis-position: under`), to the right in vertical ones, at half size, and
/// never beside spaces or punctuation (CSS Text Decoration Module Level 3, §3).
public struct EmphasisMark: Hashable, Sendable, Codable {
  /// The CSS shapes.
  public enum Shape: String, Hashable, Sendable, Codable {
    case dot
    case circle
    case doubleCircle
    case triangle
    case sesame
  }

  /// The shape; ignored when `string` is set.
  public var shape: Shape
  /// Filled (•, ●, ◉, ▲, ﹅) or open (◦, ○, ◎, △, ﹆).
  public var isFilled: Bool
  /// A mark of the book's own (`text-emphasis-style: "*"`), its first character.
  public var string: String?
  /// `text-emphasis-color`; nil: the text's colour.
  public var color: Color?
  /// `text-emphasis-position: under`: below the text in horizontal lines.
  public var isUnder: Bool

  /// Creates a mark; CSS's default shape for horizontal text is a circle.
  public init(
    shape: Shape = .circle, isFilled: Bool = true, string: String? = nil, color: Color? = nil,
    isUnder: Bool = false
  ) {
    self.shape = shape
    self.isFilled = isFilled
    self.string = string
    self.color = color
    self.isUnder = isUnder
  }

  /// The character drawn (CSS Text Decoration 3 §3.1's table).
  public var character: String {
    if let string, let first = string.first { return String(first) }
    switch shape {
    case .dot: return isFilled ? "\u{2022}" : "\u{25E6}"
    case .circle: return isFilled ? "\u{25CF}" : "\u{25CB}"
    case .doubleCircle: return isFilled ? "\u{25C9}" : "\u{25CE}"
    case .triangle: return isFilled ? "\u{25B2}" : "\u{25B3}"
    case .sesame: return isFilled ? "\u{FE45}" : "\u{FE46}"
    }
  }
}
