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
      "Welcome to Quire", "Reading with Quire", "Reading in the terminal", "排版与分页",
      "How Quire works", "Listening", "About this book",
    ] {
      #expect(result.standardOutput.contains(title), "the TOC lists \(title)")
    }
    #expect(result.standardOutput.contains("[ch 6 @ 0]"))
  }

  @Test func openWithoutABookShowsTheHandbook() {
    // With no library (so no book read last) and no terminal, `open` prints the handbook.
    let result = runQuire(["open", "--library", "/nonexistent/quire/library.sqlite"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("The Quire Handbook\nby The Quire developers\n"))
    #expect(result.standardOutput.contains("── 1. Welcome to Quire "))
    #expect(result.standardOutput.contains("Read on with 'quire cat BOOK --chapter 2'"))
  }

  @Test func handbookInfo() throws {
    let result = runQuire(["info", Self.handbook])
    try #require(result.status == 0, "\(result.standardError)")
    let fields = Self.fields(of: result.standardOutput)
    #expect(fields["format"] == "EPUB 3.0 (folder)")
    #expect(fields["title"] == "The Quire Handbook")
    #expect(fields["subtitle"] == "How to read with Quire, and how Quire reads")
    #expect(fields["author"] == "The Quire developers")
    #expect(fields["language"] == "en")
    #expect(fields["date"] == "2026")
    #expect(fields["chapters"] == "9 linear / 9 total")
    #expect(fields["cover"] == "OEBPS/images/cover.png (600 × 900 px)")
    #expect(fields["warnings"] == "0")
    #expect(Int(fields["words"]?.replacing(",", with: "") ?? "") ?? 0 > 1000)
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
    let chinese = runQuire(["cat", Self.handbook, "--chapter", "6"])
    #expect(chinese.standardOutput.contains("避头尾"))
    let figure = runQuire(["cat", Self.handbook, "--chapter", "7", "--json"])
    #expect(figure.standardOutput.contains("\"href\" : \"OEBPS/images/pipeline.png\""))
  }

  /// The "key: value" lines of `quire info`, values trimmed (continuation lines skipped).
  static func fields(of output: String) -> [String: String] {
    var fields: [String: String] = [:]
    for line in output.split(separator: "\n") where !line.hasPrefix(" ") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingWhitespace
    }
    return fields
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
    let format = Self.fields(of: result.standardOutput)["format"] ?? ""
    #expect(format.hasPrefix("TXT ("))
    #expect(format.uppercased().contains("BIG5") || format.uppercased().contains("CP950"))
  }

  @Test(
    .tags(.corpus), .unlessSkipping(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
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
