import QuireBook
import Testing

@testable import QuireTypesetting

/// Lines of their own height, images inside text, CJK punctuation compression.
@Suite struct InlineLayoutTests {
  private let words = Array(repeating: "a few plain words of text", count: 12)
    .joined(separator: " ")

  private func pages(_ text: StyledText, settings: LayoutSettings = LayoutSettings()) throws
    -> [Page]
  {
    try Paginator(text: text, container: TestText.page, settings: settings, fonts: FontContext())
      .paginateAll()
  }

  @Test func aLineWithLargerTextIsTallerAndTheOthersKeepTheirHeight() throws {
    var big = TextAttributes()
    big.fontScale = 2
    var builder = StyledTextBuilder()
    builder.append(words + " ")
    builder.append("LARGE", big)
    builder.append(" " + words + " " + words)
    builder.endParagraph()
    let text = builder.build()
    let lines = try #require(try pages(text).first).lines
    #expect(lines.count >= 5)
    let heights = lines.map(\.frame.height)
    // 16 px × 1.4 for plain lines, twice that for the line with the large word.
    let large = try #require(lines.firstIndex { $0.runs.contains { $0.size == 32 } })
    #expect(abs(heights[large] - 44.8) < 0.01)
    for (index, height) in heights.enumerated() where index != large {
      #expect(abs(height - 22.4) < 0.01, "line \(index)")
    }
    // Lines follow each other without gaps or overlaps.
    for (upper, lower) in zip(lines, lines.dropFirst()) {
      #expect(abs(upper.frame.maxY - lower.frame.y) < 0.01)
    }
  }

  @Test func aSmallImageSitsInTheLineScaledToTheTextAndATallOneGetsALineOfItsOwn() throws {
    var builder = StyledTextBuilder()
    builder.append("An icon ")
    builder.appendAttachment(href: "icon.png", intrinsicSize: .init(width: 40, height: 30))
    builder.append(" in the text, then a picture ")
    builder.appendAttachment(href: "plate.png", intrinsicSize: .init(width: 300, height: 200))
    builder.append(" and more text after it.")
    builder.endParagraph()
    let text = builder.build()
    let page = try #require(try pages(text).first)
    #expect(page.images.count == 2)
    let icon = try #require(page.images.first { $0.attachment.href == "icon.png" })
    let plate = try #require(page.images.first { $0.attachment.href == "plate.png" })
    // The icon is scaled to the 16 px text, keeps its proportions, stands on the baseline.
    #expect(icon.frame.height > 10 && icon.frame.height <= 16)
    #expect(abs(icon.frame.width - icon.frame.height * 4 / 3) < 0.01)
    let first = page.lines[0]
    #expect(abs(icon.frame.maxY - first.baseline) < 0.01)
    #expect(first.frame.height == 22.4)
    // The picture keeps its size on a line of its own, as tall as it needs.
    #expect(plate.frame.width == 300 && plate.frame.height == 200)
    let own = try #require(
      page.lines.first {
        $0.frame.y <= plate.frame.y + 0.01 && $0.frame.maxY >= plate.frame.maxY - 0.01
      })
    #expect(text.substring(own.range).trimmingCharacters(in: .whitespaces) == "\u{FFFC}")
    let after = try #require(page.lines.last)
    #expect(after.frame.y >= plate.frame.maxY - 0.01)
    #expect(PageChecks.coverage([page], length: text.length).isEmpty)
  }

  @Test func punctuationCompressionSetsTwoAdjacentMarksInOneEm() throws {
    var builder = StyledTextBuilder()
    builder.append("他说：「好。」「走吧。」")
    builder.endParagraph()
    let text = builder.build()
    func xs(_ settings: LayoutSettings) throws -> [Float] {
      let line = try #require(try pages(text, settings: settings).first?.lines.first)
      return line.runs.flatMap(\.positions).map(\.x)
    }
    let plain = try xs(LayoutSettings())
    var compressed = LayoutSettings()
    compressed.compressesPunctuation = true
    let tight = try xs(compressed)
    let units = Array("他说：「好。」「走吧。」".utf16)
    let full = units.firstIndex(of: 0x3002)!  // 。 after 好
    // Off: a full em from 。 to 」; on: half an em.
    #expect(abs(Double(plain[full + 1] - plain[full]) - 16) < 0.5)
    #expect(abs(Double(tight[full + 1] - tight[full]) - 8) < 0.5)
    // 」「 too: the opening mark's glyph moves left by its blank half.
    #expect(tight[full + 2] - tight[full + 1] < plain[full + 2] - plain[full + 1] - 7)
    // The pair 。」 takes one em: the line is shorter by the halves taken away.
    #expect(tight.last! < plain.last! - 20)
  }
}
