import QuireReading
import QuireTypesetting

/// The page and type settings of `quire paginate`: the commands' reading page
/// (`CommandSettings`) changed by its options.
struct PageOptions: Encodable {
  /// The reading settings the pages are cut with.
  var reading: ReadingSettings
  var greedy = false
  /// Shapes every page's text flows around (`--exclude`); not part of the JSON report.
  var exclusions: [ExclusionPath] = []
  /// Whether no option moved the pages off the reading page: then page N is the page N
  /// of `render`, `progress`, `search` and the readers, and a full pass fills the
  /// library's pagination cache.
  var isReadingPage: Bool { reading == base && !greedy && exclusions.isEmpty }
  private let base: ReadingSettings

  private enum CodingKeys: String, CodingKey {
    case width, height, fontSize, font, lineHeight, margins, sideMargins, justification
    case hyphenation, greedy, embeddedFonts
  }

  init(_ arguments: ParsedArguments, reading base: ReadingSettings)
    throws(UsageError)
  {
    self.base = base
    var reading = base
    if let width = try Self.number(arguments, "width", in: 50...20_000) {
      reading.pageWidth = width
    }
    if let height = try Self.number(arguments, "height", in: 50...20_000) {
      reading.pageHeight = height
    }
    if let size = try Self.number(arguments, "font-size", in: 4...400) { reading.fontSize = size }
    if let height = try Self.number(arguments, "line-height", in: 0.5...5) {
      reading.lineHeight = height
    }
    if let margins = try Self.number(arguments, "margins", in: 0...5_000) {
      reading.margins = EdgeInsets(all: margins)
    }
    if let font = arguments.value("font") { reading.fontFamily = font }
    if arguments.has("no-hyphenation") { reading.hyphenation = false }
    if arguments.has("no-embedded-fonts") { reading.embeddedFonts = false }
    if let mode = try WritingModeOption.value(arguments, command: "paginate") {
      reading.writingMode = mode
    }
    greedy = arguments.has("greedy")
    let margins = reading.margins
    if margins.left + margins.right + 4 * reading.fontSize > reading.pageWidth
      || margins.top + margins.bottom + 4 * reading.fontSize > reading.pageHeight
    {
      throw UsageError(
        "margins of \(margins.top.compact) px leave no room for text on a "
          + "\(reading.pageWidth.compact) × \(reading.pageHeight.compact) px page",
        command: "paginate")
    }
    self.reading = reading
  }

  var container: TextContainer {
    var container = reading.container
    container.exclusionPaths = exclusions
    return container
  }

  /// The typesetter's settings for a book in `language`.
  func settings(language: String?) -> LayoutSettings {
    var settings = reading.layoutSettings(language: language)
    if greedy { settings.lineBreaking = .firstFit }
    return settings
  }

  /// "600 × 800 px, 18 px EB Garamond 12, line height 1.4, margins 48 px, Knuth–Plass,
  /// hyphenation".
  var summary: String {
    let margins = reading.margins
    let marginText =
      margins.left == margins.top
      ? "\(margins.top.compact) px" : "\(margins.top.compact) × \(margins.left.compact) px"
    return "\(reading.pageWidth.compact) × \(reading.pageHeight.compact) px, "
      + "\(reading.fontSize.compact) px \(reading.fontFamily ?? "EB Garamond 12"), "
      + "line height \(reading.lineHeight.compact), margins \(marginText), "
      + (greedy ? "first fit" : "Knuth–Plass") + (reading.hyphenation ? ", hyphenation" : "")
      + (reading.justification ? "" : ", ragged right")
      + (reading.embeddedFonts ? "" : ", no embedded fonts")
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(reading.pageWidth, forKey: .width)
    try container.encode(reading.pageHeight, forKey: .height)
    try container.encode(reading.fontSize, forKey: .fontSize)
    try container.encodeIfPresent(reading.fontFamily, forKey: .font)
    try container.encode(reading.lineHeight, forKey: .lineHeight)
    try container.encode(reading.margins.top, forKey: .margins)
    try container.encode(reading.margins.left, forKey: .sideMargins)
    try container.encode(reading.justification, forKey: .justification)
    try container.encode(reading.hyphenation, forKey: .hyphenation)
    try container.encode(greedy, forKey: .greedy)
    try container.encode(reading.embeddedFonts, forKey: .embeddedFonts)
  }

  private static func number(
    _ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Double>
  ) throws(UsageError) -> Double? {
    guard let text = arguments.value(name) else { return nil }
    guard let number = WholeNumber.decimal(text), range.contains(number) else {
      throw UsageError(
        "--\(name) expects a number from \(range.lowerBound.compact) to "
          + "\(range.upperBound.compact), got '\(text)'",
        command: "paginate")
    }
    return number
  }
}
