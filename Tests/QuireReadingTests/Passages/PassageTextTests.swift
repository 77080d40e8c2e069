import QuireBook
import Testing

@testable import QuireReading

/// The text a reader copies: paragraphs kept, soft hyphens and pictures out.
@Suite struct PassageTextTests {
  let book = MemoryBook.book(
    [
      (
        "One",
        [
          "It was a bright cold day in April.",
          "The clocks were strik\u{00AD}ing thir\u{00AD}teen.",
          "", "", "A poem:\u{2028}line one\u{2028}line two",
        ]
      ),
      ("Notes", ["A note nobody pages to."]),
      ("Two", ["A picture [img:a lighthouse at dusk] in the text.", "[img:]", "The end."]),
    ], nonLinear: [1])

  func offset(of needle: String, in chapter: Int) throws -> Int {
    let string = try book.text(ofChapter: chapter).string
    let range = try #require(string.range(of: needle))
    return string.utf16.distance(from: string.startIndex, to: range.lowerBound)
  }

  @Test func keepsParagraphsAndDropsSoftHyphens() throws {
    let start = Locator(chapterIndex: 0, offset: try offset(of: "cold", in: 0))
    let end = Locator(chapterIndex: 0, offset: try offset(of: "line two", in: 0) + 4)
    #expect(
      PassageText.text(from: start, to: end, in: book)
        == "cold day in April.\n\nThe clocks were striking thirteen.\n\nA poem:\nline one\nline")
  }

  @Test func runsAcrossChaptersInReadingOrder() throws {
    let start = Locator(chapterIndex: 0, offset: try offset(of: "line two", in: 0))
    let end = Locator(chapterIndex: 2, offset: try offset(of: " in the text", in: 2))
    // The non-linear notes chapter in between is not part of the passage; the picture is
    // left out when copying and read by its alternative text aloud.
    #expect(PassageText.text(from: start, to: end, in: book) == "line two\n\nA picture ")
    #expect(
      PassageText.text(from: start, to: end, in: book, pictures: .alternativeText)
        == "line two\n\nA picture \n\na lighthouse at dusk")
  }

  @Test func aPictureWithoutAlternativeTextIsNothing() throws {
    let start = Locator(chapterIndex: 2, offset: try offset(of: " in the text", in: 2))
    let end = Locator(chapterIndex: 2, offset: try book.text(ofChapter: 2).length)
    #expect(
      PassageText.text(from: start, to: end, in: book, pictures: .alternativeText)
        == " in the text.\n\nThe end.")
  }

  @Test func anEmptyOrBackwardPassageIsEmpty() {
    let place = Locator(chapterIndex: 0, offset: 5)
    #expect(PassageText.text(from: place, to: place, in: book).isEmpty)
    #expect(
      PassageText.text(from: place, to: Locator(chapterIndex: 0, offset: 2), in: book).isEmpty)
    // Past the end of the book: what there is.
    #expect(
      PassageText.text(
        from: Locator(chapterIndex: 2, offset: 0), to: Locator(chapterIndex: 9, offset: 9),
        in: book) == "A picture  in the text.\n\nThe end.")
  }
}
