import Foundation
import Testing

@testable import QuireBook

/// Simplified ⇄ Traditional with OpenCC's own dictionaries: the same text as libopencc
/// gives, every offset kept.
@Suite(
  .enabled(
    if: FileManager.default.fileExists(atPath: "/usr/share/opencc/s2t.json"),
    "OpenCC's data (libopencc-data) is not installed"))
struct ScriptConverterTests {
  @Test func phrasesAreConvertedAsPhrases() throws {
    let s2t = try ScriptConverter.shared(.s2t)
    #expect(s2t.convert("头发和发展") == "頭髮和發展")
    #expect(s2t.convert("红楼梦") == "紅樓夢")
    let t2s = try ScriptConverter.shared(.t2s)
    #expect(t2s.convert("頭髮和發展") == "头发和发展")
    #expect(try ScriptConverter.shared(.s2twp).convert("鼠标") == "滑鼠")
  }

  @Test func aPhraseThatChangesLengthIsConvertedCharacterByCharacter() throws {
    let s2twp = try ScriptConverter.shared(.s2twp)
    let text = "这个用户很好。我的U盘坏了。"
    #expect(s2twp.convertAsOpenCC(text) == "這個使用者很好。我的隨身碟壞了。")
    #expect(s2twp.convert(text) == "這個用戶很好。我的U盤壞了。")
  }

  @Test(arguments: [
    ("txt/zh/hongloumeng_simplified_utf8-crlf.txt", ScriptConversion.s2t),
    ("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt", ScriptConversion.t2s),
    ("txt/zh/hongloumeng_simplified_utf8-crlf.txt", ScriptConversion.s2twp),
  ])
  func theTextIsLibopenccs(_ relative: String, _ conversion: ScriptConversion) throws {
    guard Corpus.isAvailable else { return }
    let text = String(
      try String(contentsOfFile: Corpus.path(relative), encoding: .utf8).prefix(150_000))
    let converter = try ScriptConverter.shared(conversion)
    let reference = try #require(OpenCCLibrary.convert(text, conversion))
    #expect(converter.convertAsOpenCC(text) == reference)
    let kept = converter.convert(text)
    #expect(kept.utf16.count == text.utf16.count)
    #expect(
      zip(kept.unicodeScalars, text.unicodeScalars).allSatisfy {
        ($0.value > 0xFFFF) == ($1.value > 0xFFFF)
      })
  }

  @Test func aBookShownInTraditionalKeepsItsOffsets() throws {
    guard Corpus.isAvailable else { return }
    let path = Corpus.path("txt/zh/hongloumeng_simplified_utf8-crlf.txt")
    let book = try Book.open(path)
    var options = ImportOptions()
    options.scriptConversion = .s2t
    let shown = try Book.open(path, options: options)
    #expect(shown.metadata.title == "紅樓夢")
    #expect(shown.metadata.language == "zh-Hant")
    #expect(shown.chapters[1].title.hasPrefix("第一回 甄士隱夢幻識通靈"))
    #expect(shown.contentHash != book.contentHash)
    for index in [0, 1, 60, book.chapters.count - 1] {
      let original = try book.text(ofChapter: index)
      let converted = try shown.text(ofChapter: index)
      #expect(converted.length == original.length)
      #expect(converted.runs == original.runs)
      #expect(converted.paragraphs.map(\.range) == original.paragraphs.map(\.range))
      #expect(converted.paragraphs.allSatisfy { $0.value.language == "zh-Hant" })
    }
    let text = try shown.text(ofChapter: 3).string
    #expect(text.contains("寶玉"))
    #expect(!text.contains("宝玉"))
  }

  @Test func booksItDoesNotApplyToStayAsTheyAre() throws {
    guard Corpus.isAvailable else { return }
    var options = ImportOptions()
    options.scriptConversion = .s2t
    let english = try Book.open(
      Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"), options: options)
    #expect(
      english.contentHash
        == (try Book.open(Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))).contentHash)
    let traditional = try Book.open(
      Corpus.path("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt"), options: options)
    #expect(traditional.metadata.language == "zh-Hant")
    #expect(try traditional.text(ofChapter: 0).string.contains("話說天下大勢"))
  }

  @Test func aDamagedDictionaryIsAnErrorNotACrash() throws {
    let bytes = try #require(
      FileManager.default.contents(atPath: "/usr/share/opencc/STCharacters.ocd2"))
    let whole = Array(bytes)
    #expect(try OpenCCDictionary(bytes: whole).entries.count > 3000)
    for cut in stride(from: 0, to: whole.count, by: max(1, whole.count / 97)) {
      #expect(throws: MarisaTrie.FormatError.self) {
        try OpenCCDictionary(bytes: Array(whole[..<cut]))
      }
    }
    var flipped = whole
    for index in stride(from: 40, to: flipped.count, by: 211) { flipped[index] ^= 0x5A }
    _ = try? OpenCCDictionary(bytes: flipped)
  }
}
