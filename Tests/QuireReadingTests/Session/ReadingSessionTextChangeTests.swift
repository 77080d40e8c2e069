import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// A TXT book read in another way (new replace rules, another script) keeps its place:
/// the library follows the change of its text, finding the position and bookmarks again
/// by their snippets; a script conversion keeps every offset.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingSessionTextChangeTests {
  /// A few chapters of 红楼梦 with a site line after every paragraph of the first two.
  static func makeBook(in folder: ScratchFolder) throws -> String {
    let source = try String(
      contentsOfFile: Corpus.path("txt/zh/hongloumeng_simplified_utf8-crlf.txt"), encoding: .utf8)
    let chapters = source.components(separatedBy: "\r\n第四回")[0]
    var lines: [String] = []
    for line in chapters.components(separatedBy: "\r\n") {
      lines.append(line)
      if line.hasPrefix("    ") { lines.append("（未完待续，广告位招租）") }
    }
    let path = folder.path + "/红楼梦.txt"
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func newReplaceRulesKeepThePlaceAndTheBookmarks() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let path = try Self.makeBook(in: folder)
    let book = try Book.open(path)
    let chapter = 3
    let text = try book.text(ofChapter: chapter)
    let offset = text.paragraphs[text.paragraphs.count / 2].range.lowerBound
    let first = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false))
    let shown = try #require(await first.go(to: Locator(chapterIndex: chapter, offset: offset)))
    let id = try #require(await first.bookID)
    let mark = await first.makeLocator(chapter: chapter, offset: offset + 40)
    try library.addBookmark(at: mark, inBook: id)
    await first.close()

    var options = ImportOptions()
    options.replaceRules = [ReplaceRule(name: "adverts", pattern: "（未完待续，广告位招租）")]
    let cleaned = try Book.open(path, options: options)
    #expect(cleaned.contentHash != book.contentHash)
    let second = try await ReadingSession(
      book: cleaned, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false))
    #expect(await second.bookID == id)
    let place = try #require(await second.current?.locator)
    let newText = try cleaned.text(ofChapter: place.chapterIndex)
    #expect(place.offset < shown.locator.offset)
    #expect(
      newText.substring(place.offset..<(place.offset + 20))
        == text.substring(shown.locator.offset..<(shown.locator.offset + 20)))
    let moved = try #require(try library.bookmarks(inBook: id).first)
    #expect(
      newText.substring(moved.locator.offset..<(moved.locator.offset + 20))
        == text.substring(mark.offset..<(mark.offset + 20)))
    #expect(try library.books().count == 1)
    await second.close()
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/opencc/s2t.json")))
  func anotherScriptKeepsEveryOffset() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let path = try Self.makeBook(in: folder)
    let book = try Book.open(path)
    let first = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false))
    let shown = try #require(await first.go(to: Locator(chapterIndex: 2, offset: 500)))
    await first.close()
    var options = ImportOptions()
    options.scriptConversion = .s2t
    let traditional = try Book.open(path, options: options)
    let second = try await ReadingSession(
      book: traditional, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false))
    let place = try #require(await second.current?.locator)
    #expect(place.chapterIndex == shown.locator.chapterIndex)
    #expect(place.offset == shown.locator.offset)
    #expect(try library.books().count == 1)
    await second.close()
  }
}
