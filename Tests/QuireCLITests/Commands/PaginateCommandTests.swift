import Foundation
import QuireBook
import Testing

@testable import QuireCLI

/// `quire paginate` on the bundled handbook and on a corpus novel.
@Suite struct PaginateCommandTests {
  private struct Report: Decodable {
    struct Chapter: Decodable {
      var number: Int
      var title: String
      var pages: Int
    }
    struct Statistics: Decodable {
      var shapeCacheHits: Int
      var shapeCacheLookups: Int
      var lines: Int
      var justifiedLines: Int
      var meanAdjustmentRatio: Double
      var maxAdjustmentRatio: Double
      var hyphenatedLines: Int
      var looseLines: Int
      var looseShare: Double
      var veryLooseLines: Int
      var avoidableVeryLooseLines: Int
    }
    struct LineRecord: Decodable {
      var chapter: Int
      var page: Int
      var line: Int
      var ratio: Double?
      var hyphenated: Bool
      var text: String
    }
    var chapters: [Chapter]
    var pages: Int
    var statistics: Statistics?
    var digest: String?
    var lines: [LineRecord]?
  }

  @Test func linesListEveryLineWithItsPlaceLoosenessAndFirstWords() throws {
    let handbook = try #require(CommandContext.standard.handbookPath)
    let pages = try report([handbook, "--stats", "--lines"])
    let statistics = try #require(pages.statistics)
    let lines = try #require(pages.lines)
    // Every line of every page (the statistics leave out lines set outside paragraphs).
    #expect(lines.count >= statistics.lines)
    #expect(lines.filter { $0.ratio != nil }.count == statistics.justifiedLines)
    #expect(lines.filter { ($0.ratio ?? 0) > 1 }.count == statistics.looseLines)
    #expect(lines.filter(\.hyphenated).count == statistics.hyphenatedLines)
    let worst = lines.compactMap(\.ratio).max() ?? 0
    #expect(abs(worst - statistics.maxAdjustmentRatio) < 0.001)
    #expect(lines.allSatisfy { $0.chapter >= 1 && $0.page >= 1 && $0.line >= 1 })
    #expect(lines.allSatisfy { $0.text.count <= 42 })
    #expect(lines.contains { !$0.text.isEmpty })
    // The text form: a tab-separated row per line after a header.
    let text = runQuire(["paginate", handbook, "--stats", "--lines"]).standardOutput
    #expect(text.contains("loose lines |r| > 1:"))
    #expect(text.contains("chapter\tpage\tline\t|r|\thyphen\tfirst words"))
    let rows = text.split(separator: "\n").filter { $0.split(separator: "\t").count == 6 }
    #expect(rows.count == lines.count + 1)
  }

  private func report(_ arguments: [String]) throws -> Report {
    let result = runQuire(["paginate"] + arguments + ["--json"])
    #expect(result.status == 0, "\(result.standardError)")
    return try JSONDecoder().decode(Report.self, from: Data(result.standardOutput.utf8))
  }

  @Test func anExclusionOnEveryPageMakesMorePagesAndABadShapeIsAUsageError() throws {
    let handbook = try #require(CommandContext.standard.handbookPath)
    let plain = try report([handbook])
    let excluded = try report([
      handbook, "--exclude", "rect:0,100,600,400", "--exclude", "polygon:48,600,300,600,48,750",
    ])
    #expect(excluded.pages > plain.pages)
    let bad = runQuire(["paginate", handbook, "--exclude", "polygon:1,2,3,4"])
    #expect(bad.status != 0)
    #expect(bad.standardError.contains("--exclude 'polygon:1,2,3,4'"))
    #expect(bad.standardError.contains("at least three points"))
  }

  @Test func theHandbookHasPagesInEveryChapterAndTheTextReportListsThem() throws {
    let handbook = try #require(CommandContext.standard.handbookPath)
    let pages = try report([handbook])
    #expect(pages.chapters.count >= 4)
    #expect(pages.chapters.allSatisfy { $0.pages >= 1 })
    #expect(pages.pages == pages.chapters.reduce(0) { $0 + $1.pages })
    #expect(pages.statistics == nil)
    let text = runQuire(["paginate", handbook, "--stats"]).standardOutput
    #expect(text.contains("total"))
    #expect(text.contains("shape cache:"))
    #expect(text.contains("adjustment |r|:"))
  }

  @Test func theDigestIsStableAndChangesWhenAnyPageChanges() throws {
    let handbook = try #require(CommandContext.standard.handbookPath)
    let first = try #require(try report([handbook, "--digest"]).digest)
    let second = try #require(try report([handbook, "--digest"]).digest)
    #expect(first.count == 64)
    #expect(first == second)
    #expect(try report([handbook]).digest == nil)
    // One pixel narrower moves glyphs on some line even where the page count stays.
    let narrower = try report([handbook, "--digest", "--width", "599"]).digest
    #expect(narrower != first)
    let greedy = try report([handbook, "--digest", "--greedy"]).digest
    #expect(greedy != first)
    let text = runQuire(["paginate", handbook, "--digest"]).standardOutput
    #expect(text.contains("digest  \(first)"))
  }

  /// libunibreak 1.1 aborts on flags and U+FFFF; a book with them is laid out all the same.
  @Test func aBookWithFlagsAndNoncharactersPaginates() throws {
    let path = try ScratchFolder.file("flags.txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text =
      "Flags: \u{1F1EB}\u{1F1F7} and \u{1F1EF}\u{1F1F5}\u{1F1E9}\u{1F1EA}, a stray \u{FFFF} too.\n\n"
      + "Line\u{2028}  \u{1F1EC}\u{1F1E7}\u{FFFF} after a forced break.\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try report([path])
    #expect(result.pages >= 1)
  }

  @Test func smallerPagesAndLargerTypeGiveMorePages() throws {
    let handbook = try #require(CommandContext.standard.handbookPath)
    let normal = try report([handbook])
    let small = try report([handbook, "--width", "300", "--height", "400", "--font-size", "20"])
    #expect(small.pages > normal.pages)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aNovelIsJustifiedWithHyphensAndNoVeryLooseLines() throws {
    let path = Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt")
    let full = try report([path, "--stats"])
    let statistics = try #require(full.statistics)
    #expect(full.chapters.count >= 12)
    #expect(full.pages > 60)
    #expect(statistics.hyphenatedLines > 0)
    #expect(statistics.justifiedLines > statistics.lines / 2)
    #expect(statistics.meanAdjustmentRatio < 0.6)
    // Words recur: most lookups are answered by the shape cache.
    #expect(statistics.shapeCacheHits * 10 > statistics.shapeCacheLookups * 8)
    let plain = try #require(try report([path, "--stats", "--no-hyphenation"]).statistics)
    #expect(plain.hyphenatedLines == 0)
    #expect(plain.meanAdjustmentRatio > statistics.meanAdjustmentRatio)
    // Greedy lines are looser on the whole; the single loosest line of the book may be one
    // that neither can help (a long word in a short line).
    let greedy = try #require(try report([path, "--stats", "--greedy"]).statistics)
    #expect(greedy.meanAdjustmentRatio > statistics.meanAdjustmentRatio)
    #expect(greedy.maxAdjustmentRatio >= statistics.maxAdjustmentRatio)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func noEmbeddedFontsChangesABookThatEmbedsFontsAndNoOther() throws {
    let cache = try ScratchFolder.make("cli-fonts")
    var options = ImportOptions()
    options.fontCacheDirectory = cache
    let path = Corpus.path("epub/idpf-wasteland-otf-obf.epub")
    let book = try Book.open(path, options: options)
    func digest(_ extra: [String], book: Book? = nil) throws -> String? {
      let result = runQuire(["paginate", path, "--digest", "--json"] + extra, book: book)
      #expect(result.status == 0, "\(result.standardError)")
      return try JSONDecoder().decode(Report.self, from: Data(result.standardOutput.utf8)).digest
    }
    let withFonts = try digest([], book: book)
    let without = try digest(["--no-embedded-fonts"], book: book)
    #expect(withFonts != nil && without != nil && withFonts != without)
    let handbook = try #require(CommandContext.standard.handbookPath)
    #expect(
      try report([handbook, "--digest"]).digest
        == report([handbook, "--digest", "--no-embedded-fonts"]).digest)
  }

  @Test func badSettingsAreUsageErrors() {
    let result = runQuire(["paginate", "book.txt", "--font-size", "huge"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--font-size expects a number"))
    let margins = runQuire(["paginate", "book.txt", "--margins", "400"])
    #expect(margins.status == 2)
    #expect(margins.standardError.contains("leave no room"))
  }
}
