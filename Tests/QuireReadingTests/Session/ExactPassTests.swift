import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireReading

/// The exact pass on every core: the page breaks it stores are those of each chapter laid
/// out alone, it starts from the chapter being read, and a settings change drops it.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ExactPassTests {
  /// Page starts of every chapter laid out alone, one chapter after another on one core.
  private func breaksAlone(_ book: Book, _ settings: ReadingSettings) throws -> [Int: [Int]] {
    var breaks: [Int: [Int]] = [:]
    let source = try #require(settings.glyphSource(sharing: nil))
    for chapter in book.readingOrder {
      let paginator = settings.paginator(
        text: try book.text(ofChapter: chapter), language: book.metadata.language,
        source: source)
      breaks[chapter] = paginator.paginateAll().map(\.range.lowerBound)
    }
    return breaks
  }

  private static let cells: ReadingSettings = {
    var settings = ReadingSettings(pageWidth: 66, pageHeight: 30)
    settings.backend = .cells
    settings.margins = EdgeInsets(all: 0)
    return settings
  }()

  @Test(arguments: [SessionFixtures.settings, cells])
  func theStoredBreaksAreThoseOfEachChapterAlone(_ settings: ReadingSettings) async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(book: book, library: library, settings: settings)
    await session.waitForBackground()
    #expect(try #require(await session.current?.progress).isExact)
    let stored = try library.pageBreaks(for: await session.paginationKey)
    #expect(stored == (try breaksAlone(book, settings)))
    #expect(await session.layoutCounts.counting > 0)
    await session.close()
  }

  @Test func aSettingsChangeDuringThePassStoresOnlyTheNewSettingsBreaks() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings)
    var larger = SessionFixtures.settings
    larger.fontSize = 20
    await session.apply(larger)
    await session.waitForBackground()
    let stored = try library.pageBreaks(for: await session.paginationKey)
    #expect(stored == (try breaksAlone(book, larger)))
    await session.close()
  }

  @Test func thePassStartsAtTheChapterBeingReadThenGoesBackFromIt() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let middle = book.readingOrder[book.readingOrder.count / 2]
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    await session.go(to: Locator(chapterIndex: middle))
    let order = await session.exactPassOrder()
    let ahead = book.readingOrder.filter { $0 >= middle }
    let behind = book.readingOrder.filter { $0 < middle }.reversed()
    // Chapters already known (laid out to show the first pages) are not in it.
    #expect(order.first == middle)
    #expect(order.count > book.readingOrder.count / 2)
    #expect(order == (ahead + behind).filter(order.contains))
    await session.close()
  }
}
