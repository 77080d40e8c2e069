import Foundation
import Testing

@testable import QuireReading

@Suite struct LibraryPaginationCacheTests {
  let folder = ScratchFolder()

  @Test func storesAndReadsPageBreaksPerChapter() throws {
    let library = try Library(path: folder.libraryPath)
    let key = PaginationKey(contentHash: "book", settingsHash: "16px-serif", engineVersion: 3)
    #expect(try library.pageBreaks(for: key).isEmpty)
    #expect(try library.pageBreaks(for: key, chapter: 0) == nil)
    let breaks = [0: [0, 1_812, 3_640], 1: [0], 7: [0, 2_000_000_000]]
    try library.storePageBreaks(breaks, for: key)
    #expect(try library.pageBreaks(for: key) == breaks)
    #expect(try library.pageBreaks(for: key, chapter: 7) == [0, 2_000_000_000])
    // Another settings hash or engine version is a miss.
    var other = key
    other.settingsHash = "18px-serif"
    #expect(try library.pageBreaks(for: other).isEmpty)
    // Storing a chapter again replaces it.
    try library.storePageBreaks([0, 900], chapter: 1, for: key)
    #expect(try library.pageBreaks(for: key, chapter: 1) == [0, 900])
  }

  @Test func evictsOlderEngineVersions() throws {
    let library = try Library(path: folder.libraryPath)
    for version in 1...3 {
      let key = PaginationKey(contentHash: "book", settingsHash: "s", engineVersion: version)
      try library.storePageBreaks([0: [0, 10], 1: [0, 20]], for: key)
    }
    #expect(try library.evictPageBreaks(olderThan: 3) == 4)
    let current = PaginationKey(contentHash: "book", settingsHash: "s", engineVersion: 3)
    #expect(try library.pageBreaks(for: current).count == 2)
    let old = PaginationKey(contentHash: "book", settingsHash: "s", engineVersion: 2)
    #expect(try library.pageBreaks(for: old).isEmpty)
    #expect(try library.evictPageBreaks(contentHash: "book") == 2)
  }

  @Test func refusesOffsetsThatDoNotFitTheBlob() throws {
    let library = try Library(path: folder.libraryPath)
    let key = PaginationKey(contentHash: "book", settingsHash: "s", engineVersion: 1)
    #expect(throws: LibraryError.self) {
      try library.storePageBreaks([0, Int(Int32.max) + 1], chapter: 0, for: key)
    }
  }

  @Test func blobIsLittleEndianInt32s() throws {
    let blob = try #require(PageBreakCoding.encode([1, 256, 70_000]))
    #expect(Array(blob) == [1, 0, 0, 0, 0, 1, 0, 0, 0x70, 0x11, 0x01, 0])
    #expect(PageBreakCoding.decode(blob) == [1, 256, 70_000])
    #expect(PageBreakCoding.decode(Data([1, 2, 3])) == nil)
  }
}
