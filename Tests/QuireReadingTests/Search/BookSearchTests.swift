import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// `BookSearch` on exact texts: folding, the overlap policy, snippets, limits, pages and
/// cancellation.
@Suite struct BookSearchTests {
  func ranges(_ query: String, in texts: [String]) throws -> [Range<Int>] {
    try BookSearch(book: SearchFixtures.book(texts), query: query).allMatches().map(\.range)
  }

  // MARK: - Folding

  @Test func widthFoldingBothWays() throws {
    let text = "abc, ＡＢＣ and Abc; ２０２６ or 2026"
    #expect(try ranges("ＡＢＣ", in: [text]) == [0..<3, 5..<8, 13..<16])
    #expect(try ranges("abc", in: [text]) == [0..<3, 5..<8, 13..<16])
    #expect(try ranges("2026", in: [text]) == [18..<22, 26..<30])
    #expect(try ranges("and　abc", in: [text]) == [9..<16])
  }

  @Test func halfWidthKatakanaWithVoicedMarks() throws {
    let text = "ｶﾞｲﾄﾞブック と ガイドブック と カ\u{3099}イド"
    // ｶﾞｲﾄﾞ is five UTF-16 units that fold to the three kana of ガイド.
    #expect(try ranges("ガイド", in: [text]) == [0..<5, 11..<14, 20..<24])
    #expect(try ranges("ｶﾞｲﾄﾞ", in: [text]) == [0..<5, 11..<14, 20..<24])
    #expect(try ranges("ﾊﾟﾝ", in: ["パンとハン"]) == [0..<2])
  }

  @Test func widthTableAgreesWithCompatibilityDecomposition() {
    for value in UInt32(0xFF01)...0xFFEE {
      guard let scalar = Unicode.Scalar(value), !(0xFFA0...0xFFDF).contains(value) else {
        continue
      }
      let nfkc = String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
      guard nfkc.count == 1, nfkc.first!.value != value else { continue }
      #expect(WidthFolding.fold(value) == nfkc.first!.value, "U+\(String(value, radix: 16))")
    }
  }

  @Test func chineseIsMatchedAsWritten() throws {
    let texts = ["红楼梦与紅樓夢", "三国演义、三國演義"]
    #expect(try ranges("红楼梦", in: texts) == [0..<3])
    #expect(try ranges("紅樓夢", in: texts) == [4..<7])
    #expect(try ranges("三國", in: texts) == [5..<7])
  }

  @Test func caseFoldingBeyondASCII() throws {
    #expect(try ranges("ALICE", in: ["Alice, alice, ALICE"]) == [0..<5, 7..<12, 14..<19])
    #expect(try ranges("STRASSE", in: ["Die Straße"]) == [4..<10])
    #expect(try ranges("ΟΔΥΣΣΕΥΣ", in: ["ὁ Οδυσσευς"]) == [2..<10])
    #expect(try ranges("москва", in: ["МОСКВА"]) == [0..<6])
  }

  @Test func diacriticsCount() throws {
    #expect(try ranges("cafe", in: ["café, cafe"]) == [6..<10])
    #expect(try ranges("CAFÉ", in: ["café, cafe"]) == [0..<4])
  }

  @Test func scalarsOutsideTheBasicPlaneKeepTheirOffsets() throws {
    #expect(try ranges("b", in: ["a😀b𠀀B"]) == [3..<4, 6..<7])
    #expect(try ranges("𠀀", in: ["a😀b𠀀B"]) == [4..<6])
  }

  // MARK: - Matching

  @Test func matchesDoNotOverlapAndGoLeftToRight() throws {
    #expect(try ranges("aa", in: ["aaaa"]) == [0..<2, 2..<4])
    #expect(try ranges("aa", in: ["aaa"]) == [0..<2])
    #expect(try ranges("ana", in: ["banana"]) == [1..<4])
    #expect(try ranges("x", in: ["", "x", "", "xx"]).count == 3)
  }

  @Test func emptyQueryFindsNothing() throws {
    #expect(try ranges("", in: ["text"]).isEmpty)
    #expect(BookSearch(book: SearchFixtures.book(["a"]), query: "").isEmpty)
    #expect(!BookSearch(book: SearchFixtures.book(["a"]), query: "　").isEmpty)
  }

  @Test func limitStopsTheSearch() throws {
    let book = SearchFixtures.book(["x x", "x x x", "x"])
    var results: [ChapterSearchResult] = []
    try BookSearch(book: book, query: "x", limit: 4).forEachChapter { results.append($0) }
    #expect(results.map(\.matches.count) == [2, 2])
    #expect(results.map(\.reachedLimit) == [false, true])
  }

  @Test func pageNumbersComeFromTheCaller() throws {
    let book = SearchFixtures.book([String(repeating: "word ", count: 100)])
    let search = BookSearch(book: book, query: "word") { locator in locator.offset / 100 + 1 }
    let pages = try search.allMatches().map(\.page)
    #expect(pages.first == 1 && pages.last == 5)
    #expect(try BookSearch(book: book, query: "word").allMatches().allSatisfy { $0.page == nil })
  }

  @Test func progressionAndLocator() throws {
    let book = SearchFixtures.book(["aaaa", "bbbb needle"])
    let match = try #require(try BookSearch(book: book, query: "needle").allMatches().first)
    #expect(match.chapterIndex == 1)
    #expect(abs(match.totalProgression - 9.0 / 15.0) < 1e-9)
    #expect(match.locator.offset == 5)
    #expect(match.locator.textBefore == "bbbb ")
    #expect(match.locator.textAfter == "needle")
  }

  // MARK: - Snippets

  @Test func snippetIsOneLineWithFortyCharactersEachSide() throws {
    let before = String(repeating: "a", count: 50) + "\n\nline "
    let after = " end\r\nnext\t" + String(repeating: "z", count: 50)
    let book = SearchFixtures.book([before + "ＮＥＥＤＬＥ" + after])
    let snippet = try #require(try BookSearch(book: book, query: "needle").allMatches().first)
      .snippet
    #expect(snippet.match == "ＮＥＥＤＬＥ")
    #expect(snippet.before == "…" + String(repeating: "a", count: 33) + " line ")
    #expect(snippet.after == " end next " + String(repeating: "z", count: 30) + "…")
    #expect(!snippet.text.contains("\n"))
  }

  @Test func snippetAtTheChapterEdgesHasNoEllipsis() throws {
    let book = SearchFixtures.book(["Short text."])
    let snippet = try #require(try BookSearch(book: book, query: "text").allMatches().first)
      .snippet
    #expect(snippet.before == "Short ")
    #expect(snippet.after == ".")
  }

  // MARK: - Cancellation

  @Test func cancelledTaskStopsBeforeTheFirstChapter() async {
    let book = SearchFixtures.book(["x", "x"])
    let task = Task { () throws -> Int in
      withUnsafeCurrentTask { $0?.cancel() }
      return try BookSearch(book: book, query: "x").allMatches().count
    }
    await #expect(throws: CancellationError.self) { _ = try await task.value }
  }

  @Test func cancellationIsCheckedWithinALongChapter() async {
    let long = String(repeating: "a", count: 400_000)
    let task = Task { () throws -> Int in
      var chapters = 0
      try BookSearch(book: SearchFixtures.book([long, long]), query: "b").forEachChapter { _ in
        chapters += 1
        withUnsafeCurrentTask { $0?.cancel() }
      }
      return chapters
    }
    await #expect(throws: CancellationError.self) { _ = try await task.value }
    let folding = Task { () throws -> Int in
      var text = FoldedText()
      var folder = SearchFolder()
      withUnsafeCurrentTask { $0?.cancel() }
      try folder.fold(long, into: &text) { () throws(CancellationError) in
        if Task.isCancelled { throw CancellationError() }
      }
      return text.count
    }
    await #expect(throws: CancellationError.self) { _ = try await folding.value }
  }
}
