import QuireBook

/// How many colours the terminal shows, from `NO_COLOR`, `COLORTERM` and `TERM`.
enum ColorMode: Equatable {
  /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
  case trueColor
  /// The xterm 256-colour palette (`TERM` ends in `256color`).
  case palette256
  /// The 16 ANSI colours.
  case ansi16
  /// No colour at all (`NO_COLOR` set, or `TERM=dumb`): bold, underline and reverse only.
  case none

  /// The mode for an environment.
  static func detect(_ environment: [String: String]) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let term = environment["TERM"] ?? ""
    if term == "dumb" { return .none }
    let colorterm = (environment["COLORTERM"] ?? "").lowercased()
    if colorterm == "truecolor" || colorterm == "24bit" { return .trueColor }
    if term.hasSuffix("256color") || term.contains("kitty") || term.contains("direct") {
      return .palette256
    }
    return .ansi16
  }

  /// The SGR parameters that set `color` as foreground (or background).
  func parameters(_ color: Color, background: Bool) -> String {
    switch self {
    case .trueColor:
      return "\(background ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
    case .palette256:
      return "\(background ? 48 : 38);5;\(Self.index256(color))"
    case .ansi16:
      let (index, bright) = Self.index16(color)
      return "\((background ? 40 : 30) + index + (bright ? 60 : 0))"
    case .none:
      return ""
    }
  }

  /// The nearest colour of the 6×6×6 cube or the grey ramp.
  static func index256(_ color: Color) -> Int {
    func level(_ value: UInt8) -> Int { value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40 }
    let (r, g, b) = (level(color.red), level(color.green), level(color.blue))
    let cube = 16 + 36 * r + 6 * g + b
    let levels = [0, 95, 135, 175, 215, 255]
    let cubeError =
      abs(levels[r] - Int(color.red)) + abs(levels[g] - Int(color.green))
      + abs(levels[b] - Int(color.blue))
    let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
    let grey = average > 238 ? 23 : max(0, (average - 3) / 10)
    let greyValue = 8 + 10 * grey
    let greyError =
      abs(greyValue - Int(color.red)) + abs(greyValue - Int(color.green))
      + abs(greyValue - Int(color.blue))
    return greyError < cubeError ? 232 + grey : cube
  }

  /// The nearest of the 8 ANSI hues, and whether the bright variant is closer.
  static func index16(_ color: Color) -> (Int, Bool) {
    let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
    let high = max(r, g, b)
    let index =
      (r > high / 2 + 20 ? 1 : 0) | (g > high / 2 + 20 ? 2 : 0) | (b > high / 2 + 20 ? 4 : 0)
    return (high < 40 ? 0 : index, high > 190)
  }
}
