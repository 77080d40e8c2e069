import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// The page count a reader is shown before the book is paginated ("about N pages") is
/// close to the exact count: within 10 % on the first page of every corpus book, and
/// within 3 % once the chapters around the reader are laid out.
@Suite(
  .tags(.corpus), .unlessSkipping(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct EstimatedPageCountTests {
  static let books = Corpus.booksOneFilePerText

  /// The reader's default page (`ReadingSettings()`), so the figures are the ones shown.
  static let settings = ReadingSettings()

  @Test(arguments: books)
  func theFirstEstimateIsWithinTenPercentAndTheNextWithinThree(_ path: String) async throws {
    let book = try Book.open(Corpus.path(path))
    let looking = try await ReadingSession(
      book: book, settings: Self.settings,
      options: ReadingSession.Options(prefetch: false, exactPagination: false, records: false))
    let first = try #require(await looking.current?.progress)

    let around = try await ReadingSession(
      book: book, settings: Self.settings,
      options: ReadingSession.Options(prefetch: true, exactPagination: false, records: false))
    await around.waitForBackground()
    let near = try #require(await around.current?.progress)

    let counting = try await ReadingSession(
      book: book, settings: Self.settings,
      options: ReadingSession.Options(prefetch: true, exactPagination: true, records: false))
    await counting.waitForBackground()
    let exact = try #require(await counting.current?.progress)
    #expect(exact.isExact)

    let total = Double(exact.pagesInBook)
    let firstError = Double(first.pagesInBook) / total - 1
    let nearError = Double(near.pagesInBook) / total - 1
    print(
      "\(path): exact \(exact.pagesInBook), first \(first.pagesInBook) "
        + String(format: "(%+.1f %%)", firstError * 100)
        + ", chapters around laid out \(near.pagesInBook) "
        + String(format: "(%+.1f %%)", nearError * 100))
    #expect(abs(firstError) <= 0.10)
    #expect(abs(nearError) <= 0.03)
  }
}
