import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// Verse is never justified: a poem's line too long for the page wraps ragged under a
/// hanging indent, on pixels and on cells; and no justified line is looser than |r| 3.
@Suite struct VerseLayoutTests {
  static let poem = [
    "’Twas brillig, and the slithy toves",
    "Did gyre and gimble in the wabe: all mimsy were the borogoves, and the mome raths outgrabe.",
    "“Beware the Jabberwock, my son!",
    "The jaws that bite, the claws that catch! Beware the Jubjub bird, and shun the frumious Bandersnatch!",
  ]

  /// The poem as a book gives it: one paragraph of `<br/>`-separated lines whose style (a
  /// book's CSS) asks for justified, hyphenated text.
  static func text() -> StyledText {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.role = .verse
    style.alignment = .justified
    style.hyphenation = true
    builder.beginParagraph(style)
    builder.append(poem.joined(separator: "\u{2028}"))
    builder.endParagraph()
    return builder.build()
  }

  /// The x of each line's first glyph.
  static func starts(_ lines: [Line]) -> [Float] {
    lines.map { $0.runs.compactMap { $0.positions.first?.x }.min() ?? 0 }
  }

  @Test func verseOnCellsIsRaggedWithATwoCellHangingIndent() throws {
    let text = Self.text()
    let lines = Paginator.cells(text: text, columns: 40, rows: 30, hyphenation: true)
      .paginateAll().flatMap(\.lines)
    #expect(lines.count > Self.poem.count)
    #expect(lines.allSatisfy { !$0.isJustified && !$0.isHyphenated })
    // Lines that start a verse line are at the margin; the rest two cells in.
    let units = Array(text.string.utf16)
    for (line, start) in zip(lines, Self.starts(lines)) {
      let startsVerse = line.range.lowerBound == 0 || units[line.range.lowerBound - 1] == 0x2028
      #expect(start == (startsVerse ? 0 : 2), "\(text.substring(line.range))")
    }
  }

  @Test func verseOnPixelsIsNeverJustified() throws {
    let paginator = Paginator(
      text: Self.text(),
      container: TextContainer(width: 320, height: 800, margins: EdgeInsets(all: 20)),
      settings: LayoutSettings(fontSize: 16, hyphenation: true), fonts: try FontContext())
    let lines = try #require(paginator.page(at: 0)).lines
    #expect(lines.count > Self.poem.count)
    #expect(lines.allSatisfy { !$0.isJustified && !$0.isHyphenated })
    let starts = Self.starts(lines)
    #expect(Set(starts.map { ($0 - starts.min()!).rounded() }) == [0, 32], "\(starts)")
  }

  /// A narrow column and a word that cannot break leave a line that only |r| > 3 could
  /// justify: it is set ragged instead, and counted as very loose.
  @Test func aLineTooLooseToJustifyGoesRagged() throws {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.hyphenation = false
    builder.beginParagraph(style)
    builder.append(
      "It was a pneumonoultramicroscopicsilicovolcanoconiosis case, and so was "
        + "the next one: incomprehensibilities abounded in it.")
    builder.endParagraph()
    let paginator = Paginator(
      text: builder.build(),
      container: TextContainer(width: 200, height: 800, margins: EdgeInsets(all: 10)),
      settings: LayoutSettings(fontSize: 16, hyphenation: false), fonts: try FontContext())
    let lines = paginator.paginateAll().flatMap(\.lines)
    #expect(lines.allSatisfy { !$0.isJustified || $0.adjustmentRatio <= KnuthPlass.loosestRatio })
    let ragged = lines.dropLast().filter { !$0.isJustified }
    #expect(!ragged.isEmpty, "\(lines.map(\.adjustmentRatio))")
    #expect(ragged.allSatisfy { $0.adjustmentRatio > KnuthPlass.loosestRatio })
    #expect(paginator.statistics.veryLooseLines == ragged.count)
  }
}
