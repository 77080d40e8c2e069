/// A CSS length as written, resolved to ems only when the element's font size is known.
enum CSSLength: Hashable, Sendable {
  /// Ems of the element's own font size (`em`, and `ex`/`ch` as half an em).
  case em(Double)
  /// Ems of the reader's body size (`rem`, and absolute units through 16 px = 1 em).
  case rem(Double)
  /// Percent of the containing block's width.
  case percent(Double)
  case auto

  /// Width of a typical text column in ems, for turning percentages into ems.
  static let assumedColumnWidth = 30.0

  /// The length in ems of the reader's body size, for an element whose font scale is
  /// `fontScale`.
  func ems(fontScale: Double) -> Double {
    switch self {
    case .em(let value): value * fontScale
    case .rem(let value): value
    case .percent(let value): value / 100 * Self.assumedColumnWidth
    case .auto: 0
    }
  }

  /// Parses "1.5em", "12px", "10%", "0", "auto"; nil for anything else.
  init?(_ text: Substring) {
    if text == "auto" {
      self = .auto
      return
    }
    guard let (number, unit) = CSSLength.splitNumber(text) else { return nil }
    switch unit {
    case "em": self = .em(number)
    case "ex", "ch": self = .em(number / 2)
    case "rem": self = .rem(number)
    case "px": self = .rem(number / 16)
    case "pt": self = .rem(number / 12)
    case "pc": self = .rem(number)
    case "in": self = .rem(number * 6)
    case "cm": self = .rem(number * 6 / 2.54)
    case "mm": self = .rem(number * 6 / 25.4)
    case "%": self = .percent(number)
    case "vw", "vh": self = .percent(number)
    case "": if number == 0 { self = .rem(0) } else { return nil }
    default: return nil
    }
  }

  /// Splits "-1.5em" into (-1.5, "em"); nil when there is no leading number.
  static func splitNumber(_ text: Substring) -> (Double, Substring)? {
    var end = text.startIndex
    for index in text.indices {
      let character = text[index]
      if character.isASCII
        && (character.isNumber || character == "." || character == "-"
          || character == "+")
      {
        end = text.index(after: index)
      } else {
        break
      }
    }
    guard end > text.startIndex, let number = Double(text[..<end]), number.isFinite else {
      return nil
    }
    return (number, text[end...])
  }
}
