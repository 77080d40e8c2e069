/// Parses CSS colour values: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and a few names.
enum CSSColor {
  /// The colour, or nil when the value is not a colour Quire understands.
  static func parse(_ text: Substring) -> Color? {
    if text.hasPrefix("#") { return hex(text.dropFirst()) }
    if text.hasPrefix("rgb") { return function(text) }
    return named[String(text)]
  }

  /// True for black and colours close to it: the book's "normal text" colour, which Quire
  /// leaves to the theme so that night themes stay readable.
  static func isNearBlack(_ color: Color) -> Bool {
    max(color.red, color.green, color.blue) <= 0x40
  }

  /// True for white and colours close to it (page backgrounds).
  static func isNearWhite(_ color: Color) -> Bool {
    min(color.red, color.green, color.blue) >= 0xE0
  }

  private static func hex(_ digits: Substring) -> Color? {
    let values = digits.map { $0.hexDigitValue }
    guard values.allSatisfy({ $0 != nil }) else { return nil }
    let nibbles = values.map { UInt8($0!) }
    switch nibbles.count {
    case 3, 4:
      let channels = nibbles.map { $0 << 4 | $0 }
      return Color(
        red: channels[0], green: channels[1], blue: channels[2],
        alpha: channels.count == 4 ? channels[3] : 255)
    case 6, 8:
      let channels = stride(from: 0, to: nibbles.count, by: 2).map {
        nibbles[$0] << 4 | nibbles[$0 + 1]
      }
      return Color(
        red: channels[0], green: channels[1], blue: channels[2],
        alpha: channels.count == 4 ? channels[3] : 255)
    default:
      return nil
    }
  }

  private static func function(_ text: Substring) -> Color? {
    guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close
    else { return nil }
    let parts = text[text.index(after: open)..<close]
      .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
    guard parts.count >= 3 else { return nil }
    var channels: [UInt8] = []
    for (index, part) in parts.prefix(4).enumerated() {
      let isPercent = part.hasSuffix("%")
      guard let value = Double(isPercent ? part.dropLast() : part), value.isFinite else {
        return nil
      }
      let scale = index == 3 ? (isPercent ? 2.55 : 255) : (isPercent ? 2.55 : 1)
      channels.append(UInt8(max(0, min(255, (value * scale).rounded()))))
    }
    return Color(
      red: channels[0], green: channels[1], blue: channels[2],
      alpha: channels.count == 4 ? channels[3] : 255)
  }

  private static let named: [String: Color] = [
    "black": Color(red: 0, green: 0, blue: 0),
    "white": Color(red: 255, green: 255, blue: 255),
    "red": Color(red: 255, green: 0, blue: 0),
    "green": Color(red: 0, green: 128, blue: 0),
    "blue": Color(red: 0, green: 0, blue: 255),
    "gray": Color(red: 128, green: 128, blue: 128),
    "grey": Color(red: 128, green: 128, blue: 128),
    "silver": Color(red: 192, green: 192, blue: 192),
    "maroon": Color(red: 128, green: 0, blue: 0),
    "navy": Color(red: 0, green: 0, blue: 128),
    "purple": Color(red: 128, green: 0, blue: 128),
    "teal": Color(red: 0, green: 128, blue: 128),
    "olive": Color(red: 128, green: 128, blue: 0),
    "orange": Color(red: 255, green: 165, blue: 0),
    "yellow": Color(red: 255, green: 255, blue: 0),
    "brown": Color(red: 165, green: 42, blue: 42),
    "darkred": Color(red: 139, green: 0, blue: 0),
    "darkblue": Color(red: 0, green: 0, blue: 139),
    "darkgreen": Color(red: 0, green: 100, blue: 0),
  ]
}
