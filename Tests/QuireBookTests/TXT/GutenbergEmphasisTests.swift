import Foundation
import Testing

@testable import QuireBook

/// Project Gutenberg's `_italic_` and `*bold*` markers become italic and bold text without
/// the markers, and only where they mark emphasis.
@Suite struct GutenbergEmphasisTests {
  /// The words of `text` set in italic (or bold), one string per run.
  static func styled(_ text: StyledText, bold: Bool = false) -> [String] {
    text.runs.filter { bold ? $0.value.isBold : $0.value.isItalic }.map {
      text.substring($0.range)
    }
  }

  @Test func underscoresAroundWordsBecomeItalicAcrossALineWrap() throws {
    let book = try openText(
      """
      “I’m _very_ glad,” said Alice, “that you _wrapped the
      words_ for me; _Un_important, of course.”

      _Reading Jane’s Letters._
      """)
    let text = try book.text(ofChapter: 0)
    #expect(
      text.string == "“I’m very glad,” said Alice, “that you wrapped the words for me; "
        + "Unimportant, of course.”\nReading Jane’s Letters.\n")
    #expect(
      Self.styled(text) == ["very", "wrapped the words", "Un", "Reading Jane’s Letters."])
    #expect(book.chapters[0].estimatedLength == text.length)
  }

  @Test func identifiersBlanksAndLoneMarkersStayText() throws {
    let source = """
      Set snake_case_name and my_var to 2_000; sign here: ______ or __init__.

      A lone _ underscore, a pair _ apart _ and an opening _without end.

      * * *

      la plus séduisante, * was there. “Proverbe:* ‘Jerome,” *(2) said he.
      """
    let book = try openText(source)
    let text = try book.text(ofChapter: 0)
    #expect(text.string == source.replacingOccurrences(of: "\n\n", with: "\n") + "\n")
    #expect(text.runs.allSatisfy { !$0.value.isItalic && !$0.value.isBold })
  }

  @Test func markersNeverPairAcrossParagraphs() throws {
    let book = try openText("It was _one\n\nand another_ paragraph.\n")
    let text = try book.text(ofChapter: 0)
    #expect(text.string == "It was _one\nand another_ paragraph.\n")
    #expect(Self.styled(text).isEmpty)
  }

  @Test func asterisksAndEqualsSignsMarkBold() throws {
    let book = try openText("A *bold* word, an =also bold= one, and *_both_*.\n")
    let text = try book.text(ofChapter: 0)
    #expect(text.string == "A bold word, an also bold one, and both.\n")
    #expect(Self.styled(text, bold: true) == ["bold", "also bold", "both"])
    #expect(Self.styled(text) == ["both"])
  }

  @Test func versePreservesItsLinesAndItsItalics() throws {
    let book = try openText(
      """
      She said, and her voice sounded hoarse and strange, and the words did
      not come the same as they used to do, and she repeated the lines of the
      little poem she had learnt in the schoolroom, the one that went:

          _How doth the little crocodile
            Improve his shining tail,_
          And pour the waters of the Nile

      And she stopped, for these were not the right words at all, and her
      eyes filled with tears again as she went on.
      """)
    let text = try book.text(ofChapter: 0)
    let verse = try #require(text.paragraphs.dropLast().last)
    #expect(
      text.substring(verse.range)
        == "How doth the little crocodile\u{2028}\u{A0}\u{A0}Improve his shining tail,\u{2028}"
        + "And pour the waters of the Nile\n")
    #expect(
      Self.styled(text) == [
        "How doth the little crocodile\u{2028}\u{A0}\u{A0}Improve his shining tail,"
      ])
  }

  /// Alice has 200-odd italic words; none keeps its underscores, every chapter is as long
  /// as announced, and a search finds the italic words without their markers.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aliceReadsWithoutUnderscores() throws {
    let book = try Book.open(Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))
    var italics = 0
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index)
      #expect(!text.string.contains("_"), "chapter \(index)")
      #expect(book.chapters[index].estimatedLength == text.length, "chapter \(index)")
      italics += Self.styled(text).count
    }
    #expect(italics > 150)
    let chapter1 = try book.text(ofChapter: 1)
    #expect(Self.styled(chapter1).contains("through"))
    #expect(chapter1.string.contains("fall right through the earth!"))
  }
}
