import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// Lines a terminal draws left to right: right-to-left runs reversed, brackets mirrored,
/// numbers kept in their order, in the interface's direction or the text's own.
@Suite struct VisualOrderTests {
  @Test func leftToRightTextIsLeftAlone() {
    #expect(Typesetting.visualCharacters(of: "5 / 51 · 4 min left in chapter") == nil)
    #expect(Typesetting.visualLine("满纸荒唐言，一把辛酸泪") == "满纸荒唐言，一把辛酸泪")
  }

  @Test func aHebrewTitleInAnInterfaceLineReadsRightToLeft() {
    #expect(Typesetting.visualLine("Chapter 3: שלום עולם") == "Chapter 3: םלוע םולש")
    // The interface's figures stay where they are around it.
    #expect(Typesetting.visualLine("שלום · 12 of 40") == "םולש · 12 of 40")
  }

  @Test func aLineOfTheBooksOwnTextTakesItsDirection() {
    #expect(Typesetting.visualLine("(שלום)", direction: nil) == "(םולש)")
    #expect(Typesetting.visualLine("صفحة 12 من 40", direction: nil) == "40 نم 12 ةحفص")
    // An Arabic letter keeps its vowel mark (one grapheme, not reversed apart).
    let marked = Typesetting.visualLine("بَت", direction: nil)
    #expect(Array(marked) == ["ت", "بَ"])
  }

  @Test func eachCharacterKeepsItsLogicalIndex() throws {
    let line = "ab אב"
    let visual = try #require(Typesetting.visualCharacters(of: line))
    #expect(visual.map(\.index) == [0, 1, 2, 4, 3])
  }

  /// On cells a right-to-left word is drawn in visual order with its brackets mirrored.
  @Test func cellPagesMirrorBracketsInRightToLeftWords() throws {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = "he"
    builder.beginParagraph(style)
    builder.append("שלום (עולם) טוב")
    builder.endParagraph()
    let text = builder.build()
    let line = try #require(
      Paginator.cells(text: text, columns: 30, rows: 5, language: "he").page(at: 0)?.lines.first)
    var cells = [Character](repeating: " ", count: 30)
    for run in line.runs {
      for (glyph, position) in zip(run.glyphs, run.positions) {
        cells[Int(position.x)] = Character(Unicode.Scalar(glyph)!)
      }
    }
    #expect(String(cells).trimmingCharacters(in: .whitespaces) == "בוט (םלוע) םולש")
  }
}
