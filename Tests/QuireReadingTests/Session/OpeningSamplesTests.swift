import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// A window shows its first page before the page count is estimated
/// (`estimatesBeforeFirstPage` off): the figures are pending until the opening samples
/// are taken, and are then the ones a session that sampled first shows.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct OpeningSamplesTests {
  static let book = "epub/se-war-and-peace.epub"

  @Test func theCountIsPendingUntilTheOpeningSamplesAreTaken() async throws {
    let book = try Book.open(Corpus.path(Self.book))
    let settings = ReadingSettings()
    let eager = try await ReadingSession(
      book: book, settings: settings,
      options: .init(prefetch: false, exactPagination: false, records: false))
    let first = try #require(await eager.current?.progress)
    #expect(!first.isPageCountPending)

    let deferred = try await ReadingSession(
      book: book, settings: settings,
      options: .init(
        prefetch: false, exactPagination: false, records: false,
        estimatesBeforeFirstPage: false))
    // What the session said when it showed its first page, before any background work.
    var shown: ShownPage?
    for await event in deferred.events {
      if case .shown(let page) = event {
        shown = page
        break
      }
    }
    let opening = try #require(shown)
    #expect(opening.progress.isPageCountPending)
    #expect(opening.page == (await eager.current)?.page, "the same first page")

    await deferred.takeOpeningSamples()
    let estimated = try #require(await deferred.current?.progress)
    #expect(!estimated.isPageCountPending)
    #expect(estimated.pagesInBook == first.pagesInBook)
    #expect(await deferred.layoutCounts.ahead == (await eager.layoutCounts.ahead))
  }

  @Test func theBackgroundTakesThemFirstAndSaysSo() async throws {
    let book = try Book.open(Corpus.path(Self.book))
    let session = try await ReadingSession(
      book: book, settings: ReadingSettings(),
      options: .init(
        prefetch: false, exactPagination: false, records: false,
        estimatesBeforeFirstPage: false))
    #expect(await session.current?.progress.isPageCountPending == true)
    var said = false
    for await event in session.events {
      if case .pageCountEstimated = event {
        said = true
        break
      }
    }
    #expect(said)
    #expect(await session.current?.progress.isPageCountPending == false)
    #expect(await session.layoutCounts.ahead >= ReadingSession.pagesSampledAtOpening)
  }
}
