import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// The figures a front end draws without waiting for the session (`figures`) are the ones
/// the session would give if asked: after opening, after each turn, while the exact pass
/// runs and once it is done, with the time left at the reader's speed.
@Suite(.tags(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingSessionFiguresTests {
  private let noon = Date(timeIntervalSince1970: 1_700_049_600)

  /// What the session says when asked, as `figures` says it.
  private func asked(_ session: ReadingSession) async -> ReadingSession.Figures {
    ReadingSession.Figures(
      progress: await session.progress, timeEstimate: await session.timeEstimate())
  }

  @Test func theFiguresReadWithoutWaitingAreTheSessionsOwn() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let clock = ScriptedClock(noon)
    // Nothing in the background first, so that nothing changes between two reads.
    var session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false), clock: { clock.now })
    #expect(session.figures == (await asked(session)))
    #expect(session.figures.progress?.pageInBook == 1)
    // Pages read at a steady speed, so that the time left is known and shown.
    for _ in 0..<8 {
      clock.advance(30)
      _ = try #require(await session.next())
      #expect(session.figures == (await asked(session)))
    }
    let estimate = try #require(session.figures.timeEstimate)
    #expect(estimate.bookTimeLeft > 0)
    // "Done at" moves on with the clock, whenever the figures are read.
    clock.advance(600)
    #expect(
      session.figures.timeEstimate?.bookDoneAt
        == noon.addingTimeInterval(840 + estimate.bookTimeLeft))
    await session.close()

    // With the work ahead and the exact pass: the figures they leave are published.
    session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings, clock: { clock.now })
    await session.waitForBackground()
    let done = session.figures
    #expect(done == (await asked(session)))
    #expect(done.progress?.isExact == true)
    await session.close()
  }
}
