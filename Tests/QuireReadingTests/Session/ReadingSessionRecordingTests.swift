import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireReading

/// What a session writes to the library for the other commands (`library list`,
/// `stats`, `progress`, `search`), what a peek leaves alone, and two readers at once.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingSessionRecordingTests {
  private let noon = Date(timeIntervalSince1970: 1_700_049_600)

  @Test func theBookRowGetsRealProgressAndLength() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceEPUB)
    let session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: true))
    await session.go(toChapter: book.readingOrder[5])
    await session.waitForBackground()  // every chapter's text was loaded by the exact pass
    let shown = try #require(await session.next())
    let id = try #require(await session.bookID)
    let entry = try #require(try library.book(id: id))
    let lengths = try book.readingOrder.map { try book.text(ofChapter: $0).length }
    #expect(entry.characters == lengths.reduce(0, +))
    let chaptersBefore = book.readingOrder.filter { $0 < shown.chapterIndex }.count
    let before = lengths.prefix(chaptersBefore).reduce(0, +) + shown.page.range.lowerBound
    let expected = Double(before) / Double(entry.characters)
    #expect(abs(try #require(entry.progression) - expected) < 1e-9)
    #expect(abs(shown.progress.fraction - expected) < 1e-9)
    #expect(try library.books(sortedBy: .progress).first?.progression == entry.progression)
  }

  @Test func readingIsWrittenAsItGoesSoAKilledReaderKeepsItsStatistics() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let clock = ScriptedClock(noon)
    let session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false), clock: { clock.now })
    await session.go(toChapter: book.readingOrder[2])
    var read = 0
    for _ in 0..<3 {  // 3 pages at 30 s: written once a minute has passed
      read += try #require(await session.current).page.range.count
      clock.advance(30)
      _ = await session.next()
    }
    let id = try #require(await session.bookID)
    var sessions = try library.readingSessions(ofBook: id)
    #expect(sessions.count == 1, "nothing written before close(): a kill would lose it all")
    #expect(sessions.first?.pagesTurned == 2 || sessions.first?.pagesTurned == 3)
    #expect(sessions.first?.charactersRead ?? 0 > 0)
    let statistics = try library.statistics(ofBook: id)
    #expect(statistics.timeRead >= 60 && statistics.pagesRead >= 2)

    read += try #require(await session.current).page.range.count
    clock.advance(30)
    _ = await session.next()
    await session.close()
    sessions = try library.readingSessions(ofBook: id)
    #expect(sessions.count == 1, "the growing session is updated, not recorded twice")
    #expect(sessions.first?.pagesTurned == 4)
    #expect(sessions.first?.charactersRead == read)
    #expect(sessions.first.map { $0.endedAt.timeIntervalSince($0.startedAt) } == 120)
  }

  @Test func aPeekReadsTheLibraryButWritesNothing() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let unknown = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings, options: .peek)
    _ = await unknown.next()
    #expect(await unknown.bookID == nil)
    #expect(try library.books().isEmpty, "a peek added the book")

    let reader = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    await reader.go(toChapter: book.readingOrder[3])
    let shown = try #require(await reader.next())
    await reader.close()
    let id = try #require(await reader.bookID)
    let saved = try #require(try library.currentPosition(ofBook: id))
    let opened = try #require(try library.book(id: id)?.openedAt)
    let history = try library.positionHistory(ofBook: id).count

    let peek = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings, options: .peek)
    #expect(await peek.current?.page == shown.page, "a peek opens at the saved position")
    _ = await peek.next()
    await peek.close()
    #expect(try library.currentPosition(ofBook: id) == saved)
    #expect(try library.positionHistory(ofBook: id).count == history)
    #expect(try library.book(id: id)?.openedAt == opened)
  }

  @Test func pageNumberingAgreesWithTheSessionsProgress() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: true))
    let estimated = await session.pageNumbering
    #expect(!estimated.isExact)
    let late = Locator(chapterIndex: book.readingOrder.last!, offset: 0)
    #expect(!estimated.number(of: late).isExact)
    await session.waitForBackground()
    let numbering = await session.pageNumbering
    #expect(numbering.isExact)
    let pages = await SessionFixtures.forward(session)
    #expect(numbering.pagesInBook == pages.count)
    for shown in pages {
      let inside = Locator(
        chapterIndex: shown.chapterIndex, offset: shown.page.range.upperBound - 1)
      #expect(numbering.number(of: inside) == .init(page: shown.progress.pageInBook, isExact: true))
    }
    // The estimate was in the right region: within a quarter of the true count (it comes
    // from a prior guessed from the page and font size, before any page was laid out).
    #expect(abs(estimated.pagesInBook - pages.count) * 4 <= pages.count)
  }

  @Test func twoReadersOnOneLibraryFileAtOnceNeverFail() async throws {
    let folder = ScratchFolder()
    let books = try [SessionFixtures.aliceTXT, SessionFixtures.aliceEPUB].map {
      try SessionFixtures.book($0)
    }
    // Two connections, as two processes would have; each reader stores its pagination.
    let results = try await withThrowingTaskGroup(of: (Int, Locator, String?).self) { group in
      for book in books {
        let path = folder.libraryPath
        group.addTask {
          let session = try await ReadingSession(
            book: book, library: try Library(path: path), settings: SessionFixtures.settings)
          var last = await session.current
          for _ in 0..<40 { last = await session.next() ?? last }
          await session.waitForBackground()
          await session.close()
          let error = await session.lastSaveError.map { "\($0)" }
          return (try #require(await session.bookID), try #require(last).locator, error)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let library = try Library(path: folder.libraryPath)
    #expect(try library.integrityCheck() == "ok")
    for (id, locator, error) in results {
      #expect(error == nil)
      #expect(try library.currentPosition(ofBook: id)?.locator == locator)
      #expect(try library.readingSessions(ofBook: id).map(\.pagesTurned).reduce(0, +) == 40)
    }
    for book in books {
      let key = PaginationKey(
        contentHash: book.contentHash, settingsHash: SessionFixtures.settings.layoutHash,
        engineVersion: Typesetting.engineVersion)
      #expect(try library.pageBreaks(for: key).count == book.readingOrder.count)
    }
  }
}
