import Foundation
import Testing

@testable import QuireBook

/// Site lines injected into a real Chinese novel are left out, exactly those; a sentence of
/// the story that repeats stays.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct SiteJunkTests {
  static let source = Corpus.path("txt/zh/hongloumeng_simplified_utf8-crlf.txt")

  /// The site lines injected, each many times through the book.
  static let siteLines = [
    "本书由「书香小说网」整理收集 www.shuxiang123.com",
    "书友QQ群：123456789，欢迎加入",
    "手机阅读请访问 m.shuxiang123.com 最新章节抢先看",
    "红楼梦",  // a running header: the title again
  ]

  /// The corpus text with `lines` inserted before every `every`-th line.
  static func injected(_ lines: [String], every: Int) throws -> String {
    let text = try String(contentsOfFile: source, encoding: .utf8)
    // The file's lines end in CRLF, one Character in Swift: split its scalars.
    var result: [String] = []
    let split = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in split.enumerated() {
      if index > 0, index % every == 0 {
        result.append(lines[(index / every) % lines.count] + "\r")
      }
      result.append(String(line))
    }
    return result.joined(separator: "\n")
  }

  static func open(_ text: String, options: ImportOptions = ImportOptions()) throws -> Book {
    let path = try ScratchFolder.file("junk.txt")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try Book.open(path, options: options)
  }

  @Test func injectedSiteLinesAndOnlyThoseAreLeftOut() throws {
    let original = try Book.open(Self.source)
    let book = try Self.open(try Self.injected(Self.siteLines, every: 40))
    #expect(book.chapters.map(\.title) == original.chapters.map(\.title))
    for index in book.chapters.indices {
      #expect(
        try book.text(ofChapter: index).string == original.text(ofChapter: index).string,
        "chapter \(index + 1)")
    }
    let messages = book.warnings.map(\.message)
    for line in Self.siteLines {
      #expect(messages.contains { $0.contains("“\(line)”") }, "\(line)")
    }
    #expect(book.metadata.title == "红楼梦")
  }

  @Test func theReaderCanKeepThem() throws {
    var options = ImportOptions()
    options.removesSiteJunk = false
    let book = try Self.open(try Self.injected(Self.siteLines, every: 40), options: options)
    let all = book.allTexts.map(\.string).joined()
    #expect(all.contains(Self.siteLines[0]))
    #expect(!book.warnings.contains { $0.message.contains("download site") })
  }

  @Test func aRepeatedSentenceOfTheStoryStays() throws {
    let sentence = "宝玉听了，心中不觉一动，便向黛玉笑道：“妹妹可曾读书？”"
    let book = try Self.open(try Self.injected([sentence], every: 500))
    let all = book.allTexts.map(\.string).joined()
    #expect(all.components(separatedBy: sentence).count - 1 >= 10)
    #expect(!book.warnings.contains { $0.message.contains("download site") })
  }

  @Test func leavingLinesOutChangesTheBooksIdentity() throws {
    let text = try Self.injected(Self.siteLines, every: 40)
    var keeping = ImportOptions()
    keeping.removesSiteJunk = false
    #expect(try Self.open(text).contentHash != Self.open(text, options: keeping).contentHash)
  }

  @Test func englishBooksLoseNothing() throws {
    for path in [
      "txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt", "txt/en/alice-in-wonderland_pg11_utf8.txt",
    ] {
      let book = try Book.open(Corpus.path(path))
      #expect(!book.warnings.contains { $0.message.contains("download site") }, "\(path)")
    }
  }
}
