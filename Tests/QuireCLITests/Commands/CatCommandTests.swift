import Foundation
import QuireBook
import Testing

@testable import QuireCLI

/// `quire cat` on an in-memory book: plain text, the styled dump, and JSON.
@Suite struct CatCommandTests {
  @Test func plainTextHasOneLinePerParagraph() {
    let result = runQuire(["cat", "sample.epub"], book: SampleBook.make())
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        Welcome
        Quire reads real books.
        See Gutenberg.
        [image: The Quire logo]

        """)
  }

  @Test func chapterNumbersCountFromOne() {
    let result = runQuire(["cat", "sample.epub", "--chapter=2"], book: SampleBook.make())
    #expect(result.standardOutput == "排版与分页\n好的排版让读者忘记排版。Quire 逐字断行。\n")
  }

  @Test func styledDumpShowsParagraphsRunsLinksImagesAndAnchors() {
    let result = runQuire(["cat", "sample.epub", "--styled"], book: SampleBook.make())
    #expect(
      result.standardOutput == """
        ¶ [0..<8) heading(1) left before 1em after 0.5em keepWithNext no-hyphenation
          "Welcome"
          [0..<7) bold 2em
          anchor #top @ 0
        ¶ [8..<47) body justified
          "Quire reads real books.↵See Gutenberg."
          [8..<20) plain
          [20..<24) italic
          [24..<46) plain
          link [36..<45) → https://www.gutenberg.org
        ¶ [47..<49) body justified
          "￼"
          [47..<48) plain
          image @ 47 images/logo.png 64×32 alt "The Quire logo"
          anchor #figure @ 47

        """)
  }

  @Test func jsonRoundTripsTheStyledText() throws {
    let result = runQuire(["cat", "sample.epub", "--json"], book: SampleBook.make())
    #expect(result.status == 0)
    let chapter = try JSONDecoder().decode(ChapterJSON.self, from: Data(result.standardOutput.utf8))
    #expect(chapter.chapter == 1)
    #expect(chapter.title == "Welcome")
    #expect(chapter.styledText == SampleBook.welcome)
  }

  @Test func attributeDescriptions() {
    var attributes = TextAttributes()
    #expect(StyleDump.describe(attributes) == "plain")
    attributes.fontFamily = .monospace
    attributes.weight = 600
    attributes.isSmallCaps = true
    attributes.baselineShift = .superscript
    attributes.underline = .wavy
    attributes.foreground = Color(red: 255, green: 0, blue: 10)
    attributes.isNoteReference = true
    #expect(
      StyleDump.describe(attributes)
        == "monospace weight 600 small-caps superscript underline(wavy) color #ff000a noteref")
  }
}
