import Dispatch
import Foundation
import Synchronization
import Testing

@testable import QuireTypesetting

/// The process-wide shelf of hyphenation dictionaries: a book borrows one, gives it back
/// when its font context goes, and the next book gets it without loading.
///
/// Each test uses its own language tag ("en-x-…" falls back to the English dictionary),
/// so that tests running in parallel never share a shelf.
@Suite struct HyphenatorCacheTests {
  private func points(_ word: String, _ hyphenator: Hyphenator?) -> [Int] {
    hyphenator?.points(in: Array(word.utf16)) ?? []
  }

  @Test func aSecondBookBorrowsTheDictionaryTheFirstGaveBack() throws {
    let language = "en-x-reopen"
    var first: HyphenatorCache? = HyphenatorCache()
    let lent = try #require(first?.hyphenator(for: language))
    #expect(points("hyphenation", lent) == [2, 6])
    #expect(first?.hyphenator(for: language) === lent, "one dictionary per cache and language")
    #expect(HyphenatorCache.idleCount(for: language) == 0)
    first = nil
    #expect(HyphenatorCache.idleCount(for: language) == 1)
    let second = HyphenatorCache()
    #expect(second.hyphenator(for: language) === lent, "the dictionary was loaded again")
    #expect(HyphenatorCache.idleCount(for: language) == 0)
  }

  @Test func booksOpenAtOnceGetADictionaryEach() throws {
    let language = "en-x-together"
    let one = HyphenatorCache()
    let two = HyphenatorCache()
    let a = try #require(one.hyphenator(for: language))
    let b = try #require(two.hyphenator(for: language))
    #expect(a !== b, "a dictionary's word cache is not thread-safe: never lent twice")
    #expect(points("typesetting", a) == points("typesetting", b))
  }

  @Test func dictionariesLentAtOnceShareOneLoadOfThePatterns() throws {
    let language = "en-x-shared"
    let one = HyphenatorCache()
    let two = HyphenatorCache()
    let a = try #require(one.hyphenator(for: language))
    let b = try #require(two.hyphenator(for: language))
    #expect(a !== b)
    #expect(a.patterns === b.patterns, "the patterns were loaded a second time")
    #expect(points("hyphenation", b) == [2, 6])
  }

  @Test func eightBitPatternsServeHyphenatorsOnSeveralThreads() throws {
    // Russian's dictionary is KOI8-R: each hyphenator converts words through an iconv
    // handle of its own, the patterns being shared.
    let path = try #require(Hyphenator.path(for: "ru"))
    let patterns = try #require(HyphenationPatterns(path: path))
    let words = ["гипотеза", "электричество", "правительство", "Болконский"]
    let alone = try #require(Hyphenator(path: path))
    let expected = words.map { points($0, alone) }
    #expect(expected.contains { !$0.isEmpty })
    let results = Mutex<[[[Int]]]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let hyphenator = Hyphenator(patterns: patterns)
      let found = (0..<50).flatMap { _ in words.map { points($0, hyphenator) } }
      results.withLock { $0.append(found) }
    }
    let all = Array(repeating: expected, count: 50).flatMap { $0 }
    #expect(results.withLock { $0 } == Array(repeating: all, count: 4))
  }

  @Test func aMissingLanguageIsNilAndNotRetried() {
    let cache = HyphenatorCache()
    #expect(cache.hyphenator(for: "xx-YY") == nil)
    #expect(HyphenatorCache().hyphenator(for: "xx-YY") == nil)
  }

  @Test func aPreloadedDictionaryIsWaitingOnTheShelf() async throws {
    let language = "en-x-preload"
    HyphenatorCache.preload(language)
    HyphenatorCache.preload(language)  // a second preload while loading does nothing
    let deadline = Date().addingTimeInterval(10)
    while HyphenatorCache.idleCount(for: language) == 0, Date() < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(HyphenatorCache.idleCount(for: language) == 1)
    let cache = HyphenatorCache()
    #expect(points("example", cache.hyphenator(for: language)) == [2, 4])
    #expect(HyphenatorCache.idleCount(for: language) == 0)
  }

  @Test func threadsBorrowingAtOnceEachGetAWorkingDictionary() {
    let language = "en-x-threads"
    HyphenatorCache.preload(language)  // borrowers may meet the load in progress
    let results = Mutex<[[Int]]>([])
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      let cache = HyphenatorCache()
      let found = points("hyphenation", cache.hyphenator(for: language))
      results.withLock { $0.append(found) }
    }
    #expect(results.withLock { $0 } == Array(repeating: [2, 6], count: 6))
    // Given back when the caches went, up to the shelf's limit.
    #expect((1...2).contains(HyphenatorCache.idleCount(for: language)))
  }
}
