import QuireBook
import QuireTypesetting

/// One line of HUD text laid out by QuireTypesetting: glyph runs relative to its box.
struct HUDLine {
  /// Runs positioned in a box whose top-left corner is (0, 0).
  var runs: [GlyphRun]
  /// The line's height (font size × line height).
  var height: Double
}

/// Lays out the HUD's short strings with the book's own typesetter (a small sans face),
/// so that there is one text engine: shaping, fallback for Chinese titles, alignment,
/// bidi (every line in the interface's direction, left to right, with right-to-left titles
/// in it set right to left).
///
/// A string wider than its box is cut at a break opportunity and ends with "…".
/// Laid-out lines are cached by string and box, so a page turn lays out only the
/// footer's new numbers. Not thread-safe.
final class HUDTypesetter {
  private let fonts: FontContext
  private var cache: [Key: HUDLine] = [:]

  private struct Key: Hashable {
    var text: String
    var size: Double
    var width: Double
    var alignment: ParagraphStyle.Alignment
    var weight: Int
    var language: String
  }

  init(fonts: FontContext) {
    self.fonts = fonts
  }

  /// `text` set in one line of at most `width` pixels.
  func line(
    _ text: String, size: Double, width: Double, alignment: ParagraphStyle.Alignment,
    weight: Int = 400, language: String
  ) -> HUDLine {
    let key = Key(
      text: text, size: size, width: width, alignment: alignment, weight: weight,
      language: language)
    if let cached = cache[key] { return cached }
    if cache.count > 256 { cache.removeAll(keepingCapacity: true) }
    var candidate = text
    var line = HUDLine(runs: [], height: size * Self.lineHeight)
    for _ in 0..<8 {
      let (laidOut, fits, shown) = layout(
        candidate, size: size, width: width, alignment: alignment, weight: weight,
        language: language)
      line = laidOut
      if fits || shown <= 1 { break }
      // Too long: keep what fitted minus room for the ellipsis and try again.
      let kept = String(decoding: Array(candidate.utf16.prefix(max(0, shown - 2))), as: UTF16.self)
      candidate = kept.trimmingSuffixSpaces() + "…"
    }
    cache[key] = line
    return line
  }

  /// `text` set left-aligned in at most `maximum` lines of `width` pixels, broken where
  /// the typesetter breaks it; the last line is cut with "…" when the rest does not fit.
  func lines(
    _ text: String, size: Double, width: Double, weight: Int = 400, language: String,
    maximum: Int
  ) -> [HUDLine] {
    var rest = Substring(text)
    var lines: [HUDLine] = []
    while lines.count < maximum - 1 {
      let (line, fits, shown) = layout(
        String(rest), size: size, width: width, alignment: .left, weight: weight,
        language: language)
      lines.append(line)
      if fits || shown == 0 { return lines }
      let utf16 = rest.utf16
      rest = rest[utf16.index(utf16.startIndex, offsetBy: min(shown, utf16.count))...]
        .drop(while: \.isWhitespace)
      if rest.isEmpty { return lines }
    }
    lines.append(
      line(
        String(rest), size: size, width: width, alignment: .left, weight: weight,
        language: language))
    return lines
  }

  private static let lineHeight = 1.25

  /// Lays out `text`; returns the first line, whether everything fitted, and how many
  /// UTF-16 units the first line shows.
  private func layout(
    _ text: String, size: Double, width: Double, alignment: ParagraphStyle.Alignment,
    weight: Int, language: String
  ) -> (HUDLine, fits: Bool, shown: Int) {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.alignment = alignment
    style.hyphenation = false
    // The interface's own direction (English, left to right) whatever the book's: a page
    // label stays "5 / 51" and "4 min left" in an Arabic book, and a title in Hebrew or
    // Arabic inside it is still set right to left by the bidi algorithm (UAX #9).
    style.direction = .leftToRight
    builder.beginParagraph(style)
    var attributes = TextAttributes()
    attributes.fontFamily = .sansSerif
    attributes.weight = weight
    builder.append(text, attributes)
    builder.endParagraph()
    let styled = builder.build()
    let height = size * Self.lineHeight
    let container = TextContainer(
      width: max(1, width), height: height * 1.5, margins: EdgeInsets(all: 0),
      minimumSegmentWidth: 0)
    let settings = LayoutSettings(
      fontSize: size, lineHeight: Self.lineHeight, hyphenation: false, lineBreaking: .firstFit,
      language: language)
    let paginator = Paginator(text: styled, container: container, settings: settings, fonts: fonts)
    guard let page = paginator.page(at: 0), let first = page.lines.first else {
      return (HUDLine(runs: [], height: height), true, 0)
    }
    // Place the line's box at y = 0 whatever spacing the paragraph was given.
    var runs = first.runs
    for r in runs.indices {
      for g in runs[r].positions.indices { runs[r].positions[g].y -= Float(first.frame.y) }
    }
    let fits = page.lines.count == 1 && page.range.upperBound >= styled.length - 1
    return (HUDLine(runs: runs, height: height), fits, first.range.upperBound)
  }
}

extension String {
  fileprivate func trimmingSuffixSpaces() -> String {
    var result = self
    while let last = result.last, last.isWhitespace { result.removeLast() }
    return result
  }
}
