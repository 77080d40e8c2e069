import Testing

@testable import QuireBook

/// What the importer reads for vertical books: `writing-mode`, `text-combine-upright`, and
/// the spine's page progression.
@Suite struct VerticalBookTests {
  static let fixture = Corpus.fixtures + "/epub/botchan-vertical"

  @Test func theFixtureIsVerticalAndTurnsRightToLeft() throws {
    let book = try Book.open(Self.fixture)
    #expect(book.metadata.progressesRightToLeft)
    #expect(book.metadata.language == "ja")
    let text = try book.text(ofChapter: 0)
    #expect(!text.paragraphs.isEmpty)
    #expect(text.paragraphs.allSatisfy { $0.value.writingMode == .verticalRightToLeft })
    func combine(_ words: String) -> TextAttributes.CombineUpright? {
      guard let found = text.string.range(of: words) else { return nil }
      let offset = text.string.utf16.distance(
        from: text.string.utf16.startIndex, to: found.lowerBound)
      return text.runs.first { $0.range.contains(offset) }?.value.combinesUpright
    }
    #expect(combine("39") == .all)
    #expect(combine("12") == .digits(2))
    #expect(combine("親譲り") == nil)
    // text-orientation is inherited by the span's text, and only by it.
    func orientation(_ words: String) -> TextAttributes.TextOrientation?? {
      guard let found = text.string.range(of: words) else { return .none }
      let offset = text.string.utf16.distance(
        from: text.string.utf16.startIndex, to: found.lowerBound)
      return .some(text.runs.first { $0.range.contains(offset) }?.value.textOrientation)
    }
    #expect(orientation("NHK") == .some(.upright))
    #expect(orientation("の朗読") == .some(nil))
  }

  @Test func everySpellingOfTheWritingModeIsRead() {
    for property in ["writing-mode", "-epub-writing-mode", "-webkit-writing-mode"] {
      #expect(
        CSSDeclaration.parse(property: property, value: "vertical-rl")
          == [.writingMode(.verticalRightToLeft)])
      #expect(
        CSSDeclaration.parse(property: property, value: "horizontal-tb") == [.writingMode(nil)])
    }
    #expect(CSSDeclaration.parse(property: "writing-mode", value: "vertical-lr").isEmpty)
    #expect(
      CSSDeclaration.parse(property: "text-combine-upright", value: "digits 3")
        == [.combineUpright(.digits(3))])
    #expect(
      CSSDeclaration.parse(property: "-webkit-text-combine", value: "horizontal")
        == [.combineUpright(.all)])
    #expect(CSSDeclaration.parse(property: "text-combine-upright", value: "digits 9").isEmpty)
    for property in ["text-orientation", "-epub-text-orientation", "-webkit-text-orientation"] {
      #expect(
        CSSDeclaration.parse(property: property, value: "upright") == [.textOrientation(.upright)])
      #expect(
        CSSDeclaration.parse(property: property, value: "sideways")
          == [.textOrientation(.sideways)])
      #expect(CSSDeclaration.parse(property: property, value: "mixed") == [.textOrientation(nil)])
    }
    #expect(
      CSSDeclaration.parse(property: "-epub-text-orientation", value: "sideways-right")
        == [.textOrientation(.sideways)])
    #expect(CSSDeclaration.parse(property: "text-orientation", value: "askew").isEmpty)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theArabicBookTurnsRightToLeftAndAnEnglishOneDoesNot() throws {
    let arabic = try Book.open(Corpus.path("epub/idpf-regime-anticancer-arabic.epub"))
    #expect(arabic.metadata.progressesRightToLeft)
    #expect(!(try Book.open(Corpus.handbook)).metadata.progressesRightToLeft)
  }
}
