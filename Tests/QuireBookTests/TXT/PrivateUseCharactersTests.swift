import Foundation
import Testing

@testable import QuireBook

/// Characters old GBK encoders put in the private-use area show as the characters they
/// are; the private-use characters that stay are counted in the book's warnings.
@Suite struct PrivateUseCharactersTests {
  @Test func knownPrivateUseCharactersBecomeStandardOnes() throws {
    // U+E816 (CP936's FE51), U+E78D (a vertical comma), U+F020 (a symbol-font space) and
    // U+E000, which means nothing anyone knows.
    let book = try openText("第一回　试\n\n　　\u{E816}字\u{E78D}与\u{E000}和\u{F020}完。\n")
    let text = try book.text(ofChapter: book.chapters.count - 1).string
    #expect(text.contains("\u{20087}字\u{FE10}与\u{E000}和 完。"))
    let warning = try #require(book.warnings.first { $0.message.contains("private-use") })
    #expect(warning.message.hasPrefix("1 private-use characters"))
  }

  @Test func everyMappedCharacterIsStandard() {
    #expect(PrivateUseCharacters.standard.count == 92)
    for (from, to) in PrivateUseCharacters.standard {
      #expect((0xE000...0xF8FF).contains(from))
      #expect(!(0xE000...0xF8FF).contains(to), "U+\(String(from, radix: 16))")
    }
  }

  @Test func textWithoutPrivateUseCharactersIsNotCopied() {
    let text = Array("话说天下大势，分久必合（全角）。".utf8)
    let (mapped, remaining) = PrivateUseCharacters.mapped(text)
    #expect(mapped == text && remaining == 0)
    #expect(!PrivateUseCharacters.mayContain(text))
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theGutenbergSanguoHasItsSpacesBack() throws {
    let book = try Book.open(Corpus.path("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt"))
    #expect(!book.warnings.contains { $0.message.contains("private-use") })
    for index in book.chapters.indices {
      #expect(
        try !book.text(ofChapter: index).string.unicodeScalars.contains { $0.value == 0xF020 })
    }
  }
}
