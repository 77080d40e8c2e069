import Foundation
import Testing

@testable import QuireCLI

/// End-to-end runs of `quire` on real books: the bundled handbook and the shared corpus,
/// opened from disk by the real importers.
///
/// These need the TXT and EPUB importers; on a branch where `Book.open` is still a
/// skeleton they fail, and that is expected.
@Suite struct CLIIntegrationTests {
  static let handbook = CommandContext.standard.handbookPath ?? "/nonexistent/Handbook"

  // MARK: - The handbook

  @Test func handbookTOCListsItsChapters() throws {
    let result = runQuire(["toc", Self.handbook])
    try #require(result.status == 0, "\(result.standardError)")
    for title in [
      "Welcome to Quire", "Reading with Quire", "排版与分页", "How Quire works", "About this book",
    ] {
      #expect(result.standardOutput.contains(title), "the TOC lists \(title)")
    }
    #expect(result.standardOutput.contains("[ch 5 @ 0]"))
  }

  @Test func openWithoutABookShowsTheHandbook() {
    let result = runQuire(["open"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("The Quire Handbook\nby The Quire developers\n"))
    #expect(result.standardOutput.contains("── 1. Welcome to Quire "))
    #expect(result.standardOutput.contains("Read on with 'quire cat BOOK --chapter 2'"))
  }

  @Test func handbookInfo() throws {
    let result = runQuire(["info", Self.handbook])
    try #require(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    #expect(output.contains("format:       EPUB 3.0 (folder)\n"))
    #expect(output.contains("title:        The Quire Handbook\n"))
    #expect(output.contains("author:       The Quire developers\n"))
    #expect(output.contains("chapters:     5 linear / 5 total\n"))
    #expect(output.contains("cover:        OEBPS/images/cover.png (600 × 900 px)\n"))
    #expect(output.contains("warnings:     0\n"))
  }

  @Test func handbookChapterTwoHasListLinksAndANote() throws {
    let result = runQuire(["cat", Self.handbook, "--chapter", "2", "--styled"])
    try #require(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    #expect(output.contains(" listItem "))
    #expect(output.contains("→ https://www.gutenberg.org"))
    #expect(output.contains("noteref"))
    #expect(output.contains(" note "))
    #expect(output.contains("italic"))
    #expect(output.contains("bold"))
  }

  @Test func handbookChineseChapterAndFigure() {
    let chinese = runQuire(["cat", Self.handbook, "--chapter", "3"])
    #expect(chinese.standardOutput.contains("避头尾"))
    let figure = runQuire(["cat", Self.handbook, "--chapter", "4", "--json"])
    #expect(figure.standardOutput.contains("\"href\" : \"OEBPS/images/pipeline.png\""))
  }

  // MARK: - The corpus

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func tocOfAChineseNovelListsItsChapters() {
    let result = runQuire(["toc", Corpus.path("txt/zh/hongloumeng_simplified_gb18030.txt")])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count >= 120)
    #expect(lines.contains { $0.contains("第一回") })
    #expect(lines.contains { $0.contains("第一二零回") })
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func infoNamesTheDetectedEncoding() {
    let result = runQuire(["info", Corpus.path("txt/zh/sanguoyanyi_traditional_big5-cp950.txt")])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("format:       TXT ("))
    #expect(result.standardOutput.contains("Big5") || result.standardOutput.contains("BIG5"))
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func everyCorpusEPUBHasAnInfoAndATOC() throws {
    let folder = Corpus.path("epub")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names.count >= 10)
    for name in names where name.hasSuffix(".epub") {
      let info = runQuire(["info", "\(folder)/\(name)", "--json"])
      try #require(info.status == 0, "\(name): \(info.standardError)")
      #expect(info.standardOutput.contains("\"words\" : "), "\(name)")
      let toc = runQuire(["toc", "\(folder)/\(name)"])
      try #require(toc.status == 0, "\(name): \(toc.standardError)")
      #expect(!toc.standardOutput.isEmpty, "\(name)")
    }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func catOfAnEnglishNovelChapter() {
    let result = runQuire([
      "cat", Corpus.path("epub/pg11-alice-in-wonderland_epub2-ncx.epub"), "--chapter", "3",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.split(separator: "\n").count > 5)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func brokenBookIsARuntimeErrorNamingTheFile() {
    let path = Corpus.path("bad/truncated.epub")
    let result = runQuire(["info", path])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("quire: \(path): "))
  }
}
