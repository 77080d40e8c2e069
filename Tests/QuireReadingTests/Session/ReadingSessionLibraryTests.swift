import Foundation
import QuireBook
import Testing

@testable import QuireReading

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingSessionLibraryTests {
  @Test func reopeningAPaginatedBookHitsTheCacheWithExactNumbersAndNoLayoutPass() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let first = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings)
    let all = await SessionFixtures.forward(first)
    // A page past the chapter's second whose first line starts a paragraph (not one kept
    // with a heading): a layout can resume right there.
    let chapter = book.readingOrder[4]
    let text = try book.text(ofChapter: chapter)
    let target = try #require(
      all.first { shown in
        guard shown.chapterIndex == chapter, shown.page.index >= 2,
          let paragraph = text.paragraphs.firstIndex(where: {
            $0.range.lowerBound == shown.page.range.lowerBound
          })
        else { return false }
        return paragraph > 0 && !text.paragraphs[paragraph - 1].value.keepWithNext
      })
    await first.go(to: target.locator)
    await first.waitForBackground()
    let exact = try #require(await first.current?.progress)
    #expect(exact.isExact)
    #expect(exact.pagesInBook == all.count)
    #expect(exact.pageInBook == all.firstIndex(of: target)! + 1)
    await first.close()
    let key = await first.paginationKey
    #expect(try library.pageBreaks(for: key).count == book.readingOrder.count)

    let reopened = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: true))
    let shown = try #require(await reopened.current)
    #expect(shown.page == target.page)
    #expect(shown.progress == exact)
    await reopened.waitForBackground()
    let counts = await reopened.layoutCounts
    #expect(counts.counting == 0, "a layout pass ran to count pages")
    // Resumed at the cached break: the page without laying out the pages before it.
    #expect(counts.foreground <= 1)
    // Pages of a layout resumed at a cached break are those of a full pass, both ways.
    let backward = await SessionFixtures.backward(reopened)
    let expectedBackward = all.prefix(through: all.firstIndex(of: target)!).reversed().map(\.page)
    #expect(backward.count == expectedBackward.count)
    if let bad = zip(backward.map(\.page), expectedBackward).first(where: { $0.0 != $0.1 }) {
      Issue.record("resumed layout differs: \(bad.0.debugDescription) vs \(bad.1.debugDescription)")
    }
    await reopened.go(to: target.locator)
    let forward = await SessionFixtures.forward(reopened)
    #expect(forward.map(\.page) == all.suffix(from: all.firstIndex(of: target)!).map(\.page))
    #expect(forward.allSatisfy { $0.progress.isExact })
  }

  @Test func everyPageChangeSavesThePositionAndReopeningShowsThatPage() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceEPUB)
    let session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    await session.go(toChapter: book.readingOrder[3])
    var shown = try #require(await session.next())
    let id = try #require(await session.bookID)
    for _ in 0..<3 {
      let saved = try #require(try library.currentPosition(ofBook: id))
      #expect(saved.locator == shown.locator)
      #expect(saved.locator.offset == shown.page.range.lowerBound)
      #expect(saved.locator.textAfter.map { !$0.isEmpty } == true)
      shown = try #require(await session.next())
    }
    // No close(): a killed reader reopens on the last page turned to.
    let reopened = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    #expect(await reopened.current?.page == shown.page)
    #expect(await reopened.current?.chapterIndex == shown.chapterIndex)
  }
}
