import QuireTypesetting

/// The page and type settings of `quire paginate`, from its options.
struct PageOptions: Encodable {
  var width = 600.0
  var height = 800.0
  var fontSize = 16.0
  var font: String?
  var lineHeight = 1.4
  var margins = 48.0
  var hyphenation = true
  var greedy = false
  /// False for `--no-embedded-fonts`: the reader's fonts instead of the book's own.
  var embeddedFonts = true
  /// Shapes every page's text flows around (`--exclude`); not part of the JSON report.
  var exclusions: [ExclusionPath] = []

  private enum CodingKeys: String, CodingKey {
    case width, height, fontSize, font, lineHeight, margins, hyphenation, greedy, embeddedFonts
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    width = try Self.number(arguments, "width", default: width, in: 50...20_000)
    height = try Self.number(arguments, "height", default: height, in: 50...20_000)
    fontSize = try Self.number(arguments, "font-size", default: fontSize, in: 4...400)
    lineHeight = try Self.number(arguments, "line-height", default: lineHeight, in: 0.5...5)
    margins = try Self.number(arguments, "margins", default: margins, in: 0...5_000)
    font = arguments.value("font")
    hyphenation = !arguments.has("no-hyphenation")
    greedy = arguments.has("greedy")
    embeddedFonts = !arguments.has("no-embedded-fonts")
    if 2 * margins + 4 * fontSize > min(width, height) {
      throw UsageError(
        "margins of \(margins.compact) px leave no room for text on a "
          + "\(width.compact) × \(height.compact) px page",
        command: "paginate")
    }
  }

  var container: TextContainer {
    TextContainer(
      width: width, height: height, margins: EdgeInsets(all: margins), exclusionPaths: exclusions)
  }

  var settings: LayoutSettings {
    var settings = LayoutSettings(
      fontSize: fontSize, lineHeight: lineHeight, hyphenation: hyphenation,
      lineBreaking: greedy ? .firstFit : .totalFit)
    settings.embeddedFonts = embeddedFonts
    return settings
  }

  /// "600 × 800 px, 16 px EB Garamond 12, line height 1.4, margins 48 px, Knuth–Plass, hyphenation".
  var summary: String {
    "\(width.compact) × \(height.compact) px, \(fontSize.compact) px \(font ?? "EB Garamond 12"), "
      + "line height \(lineHeight.compact), margins \(margins.compact) px, "
      + (greedy ? "first fit" : "Knuth–Plass") + (hyphenation ? ", hyphenation" : "")
      + (embeddedFonts ? "" : ", no embedded fonts")
  }

  private static func number(
    _ arguments: ParsedArguments, _ name: String, default value: Double,
    in range: ClosedRange<Double>
  ) throws(UsageError) -> Double {
    guard let text = arguments.value(name) else { return value }
    guard let number = WholeNumber.decimal(text), range.contains(number) else {
      throw UsageError(
        "--\(name) expects a number from \(range.lowerBound.compact) to "
          + "\(range.upperBound.compact), got '\(text)'",
        command: "paginate")
    }
    return number
  }
}
