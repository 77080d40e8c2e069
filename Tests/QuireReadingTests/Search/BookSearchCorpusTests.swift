import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// `BookSearch` on real books finds exactly what a plain scan finds.
@Suite(
  .tags(.corpus), .unlessSkipping(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct BookSearchCorpusTests {
  static let cases: [(book: String, queries: [String])] = [
    ("txt/en/alice-in-wonderland_pg11_utf8.txt", ["Rabbit", "alice", "the", "said the", "’"]),
    ("txt/en/pride-and-prejudice_pg1342_utf8.txt", ["Darcy", "ELIZABETH", "e", "Elizabeth's"]),
    ("txt/zh/hongloumeng_simplified_utf8-crlf.txt", ["宝玉", "黛玉", "道：“", "了"]),
    ("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt", ["孔明", "曹操", "玄德曰"]),
    ("epub/pg11-alice-in-wonderland_epub2-ncx.epub", ["Rabbit", "Hatter"]),
    ("epub/idpf-moby-dick.epub", ["whale", "Ahab", "Ishmael"]),
  ]

  /// Under a sanitizer (`scripts/sanitize`) the two Alices only, a TXT and an EPUB through
  /// the same scan: the six cases took 605 s of test time under AddressSanitizer (on a
  /// loaded 2-core machine), the two Alices 45 s of it.
  static let sanitizerCases = [0, 4]

  @Test(
    arguments: ProcessInfo.processInfo.environment["QUIRE_SANITIZER"] == nil
      ? Array(0..<cases.count) : sanitizerCases)
  func findsWhatAPlainScanFinds(_ index: Int) throws {
    let (path, queries) = Self.cases[index]
    let book = try Book.open(Corpus.path(path))
    for query in queries {
      let matches = try BookSearch(book: book, query: query).allMatches()
      let expected = try SearchFixtures.plainScan(query, in: book)
      #expect(matches.count == expected.count, "\(query) in \(path)")
      #expect(!matches.isEmpty, "\(query) in \(path)")
      let same = zip(matches, expected).allSatisfy {
        $0.chapterIndex == $1.chapter && $0.range == $1.range
      }
      #expect(same, "\(query) in \(path)")
    }
  }

  @Test func aStraightApostropheFindsTheCurlyOne() throws {
    let book = try Book.open(Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    let straight = try BookSearch(book: book, query: "Elizabeth's").allMatches()
    let curly = try BookSearch(book: book, query: "Elizabeth’s").allMatches()
    #expect(straight.count > 30)
    #expect(straight.map(\.range) == curly.map(\.range))
    #expect(straight.allSatisfy { $0.snippet.match == "Elizabeth’s" })
  }

  @Test func rabbitInAliceMatchesFoundationsCount() throws {
    let book = try Book.open(Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))
    var expected = 0
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index).string as NSString
      var range = NSRange(location: 0, length: text.length)
      while true {
        let found = text.range(of: "rabbit", options: [.caseInsensitive, .literal], range: range)
        if found.location == NSNotFound { break }
        expected += 1
        range = NSRange(location: NSMaxRange(found), length: text.length - NSMaxRange(found))
      }
    }
    let matches = try BookSearch(book: book, query: "RABBIT").allMatches()
    #expect(matches.count == expected)
    #expect(expected > 40)
    #expect(matches.allSatisfy { $0.snippet.match.lowercased() == "rabbit" })
  }

  @Test func matchesArriveChapterByChapterInReadingOrder() async throws {
    let book = try Book.open(Corpus.path("txt/zh/hongloumeng_simplified_utf8-crlf.txt"))
    var chapters: [Int] = []
    var progression = 0.0
    for try await result in BookSearch(book: book, query: "宝玉").results() {
      chapters.append(result.chapterIndex)
      for match in result.matches {
        #expect(match.totalProgression >= progression)
        progression = match.totalProgression
      }
    }
    #expect(chapters == Array(book.chapters.indices))
    #expect(progression > 0.95 && progression <= 1)
  }

  @Test func cancellingStopsBetweenChapters() async throws {
    let book = try Book.open(Corpus.path("txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt"))
    let search = BookSearch(book: book, query: "Natasha")
    let task = Task { () -> Int in
      var seen = 0
      for try await _ in search.results() {
        seen += 1
        if seen == 3 { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return seen
    }
    await #expect(throws: CancellationError.self) { _ = try await task.value }
    #expect(book.chapters.count > 100)
  }
}
