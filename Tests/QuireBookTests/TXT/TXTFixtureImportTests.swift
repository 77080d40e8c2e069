import Testing

@testable import QuireBook

/// The project's own small TXT fixtures: UTF-16BE without BOM, Shift-JIS, user patterns.
@Suite struct TXTFixtureImportTests {
  static func fixture(_ name: String) -> String { Corpus.fixtures + "/txt/" + name }

  @Test func utf16BigEndianWithoutBOMIsDetected() throws {
    let book = try Book.open(Self.fixture("utf16be-nobom.txt"))
    #expect(book.format == .txt(encoding: "UTF-16BE"))
    #expect(
      book.chapters.map(\.title) == [
        "Front Matter", "Chapter 1. The Storm", "Chapter 2. The Visitor",
      ])
    let storm = try book.text(ofChapter: 1).string
    #expect(storm.contains("trim the lamp. Far below"))
  }

  @Test func shiftJISIsDetected() throws {
    let book = try Book.open(Self.fixture("shift-jis.txt"))
    #expect(book.format == .txt(encoding: "Shift_JIS"))
    #expect(book.bodyChapters.map(\.title) == ["第一章 出発", "第二章 到着"])
    let text = try book.text(ofChapter: 1)
    #expect(text.string.contains("朝の駅は静かで、ホームには誰もいなかった。"))
    #expect(text.paragraphs.dropFirst().allSatisfy { $0.value.firstLineIndent == 2 })
  }

  @Test func userPatternsReplaceTheDefaults() throws {
    let options = ImportOptions(chapterPatterns: [ChapterPattern("=== .+ ===")])
    let book = try Book.open(Self.fixture("custom-headings.txt"), options: options)
    #expect(
      book.bodyChapters.map(\.title) == ["=== Monday ===", "=== Tuesday ===", "=== Wednesday ==="])
    #expect(book.chapters.first?.role == .frontMatter)
    #expect(try book.text(ofChapter: 2).string.contains("Chapter 3 is not a heading"))
  }

  @Test func invalidUserPatternIsAWarning() throws {
    let options = ImportOptions(chapterPatterns: [ChapterPattern("=== (")])
    let book = try Book.open(Self.fixture("custom-headings.txt"), options: options)
    #expect(book.warnings.contains { $0.message.contains("=== (") })
    #expect(book.chapters.count == 1)
  }
}
