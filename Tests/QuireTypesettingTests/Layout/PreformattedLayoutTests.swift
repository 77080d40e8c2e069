import QuireBook
import Testing

@testable import QuireTypesetting

/// `<pre>` and `white-space: pre`: lines and spaces as written, never justified or
/// hyphenated, an over-long line wrapped with a hanging indent.
@Suite struct PreformattedLayoutTests {
  static let code = [
    "func greet(name: String) {",
    "    print(\"Hello, \\(name)!\")",
    "        return",
    "}",
    "let sentence = \"an exceptionally long line of monospace text that cannot possibly fit "
      + "on one line of a narrow page, so it has to wrap somewhere\"",
  ]

  /// The code block as an importer gives it: a justified, hyphenated paragraph style (as a
  /// book's CSS may leave it) marked as keeping its whitespace.
  static func text(preserves: Bool = true) -> StyledText {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.preservesWhitespace = preserves
    builder.beginParagraph(style)
    var mono = TextAttributes()
    mono.fontFamily = .monospace
    builder.append(code.joined(separator: "\u{2028}"), mono)
    builder.endParagraph()
    return builder.build()
  }

  static let container = TextContainer(width: 400, height: 800, margins: EdgeInsets(all: 40))

  private func lines() throws -> [Line] {
    let paginator = Paginator(
      text: Self.text(), container: Self.container, fonts: try FontContext())
    return try #require(paginator.page(at: 0)).lines
  }

  /// The pen position of a line's first glyph.
  private func firstX(_ line: Line) -> Double {
    Double(line.runs.first?.positions.first?.x ?? .nan)
  }

  @Test func everyLineIsSetAsWrittenAndOnlyTheLongOneWraps() throws {
    let lines = try lines()
    // Four short lines, and the long one in at least two pieces.
    try #require(lines.count >= 6)
    let left = Self.container.contentRect.x
    #expect(abs(firstX(lines[0]) - left) < 0.5)
    // Leading spaces are kept: four and eight columns of the monospace face.
    let column = (firstX(lines[1]) - left) / 4
    #expect(column > 5)
    #expect(abs(firstX(lines[2]) - left - 8 * column) < 0.5)
    #expect(abs(firstX(lines[3]) - left) < 0.5)
    #expect(abs(firstX(lines[4]) - left) < 0.5)
    // The wrapped continuation hangs four columns in (its line has no indent of its own).
    for line in lines[5...] { #expect(abs(firstX(line) - left - 4 * column) < 0.5) }
    #expect(lines.allSatisfy { !$0.isJustified && !$0.isHyphenated })
    for line in lines {
      let right = line.runs.flatMap(\.positions).map { Double($0.x) }.max() ?? 0
      #expect(right < Self.container.contentRect.maxX)
    }
  }

  @Test func spacesInsideALineKeepTheirWidth() throws {
    let lines = try lines()
    // "let sentence = …": every glyph on a whole column (spaces draw no glyph), none
    // moved by a stretched space.
    let positions = lines[4].runs.flatMap(\.positions).map { Double($0.x) }
    let column = positions[1] - positions[0]
    #expect(column > 5)
    for x in positions {
      let columns = (x - positions[0]) / column
      #expect(abs(columns - columns.rounded()) < 0.01)
    }
  }
}
