import Foundation
import QuireBook
import Testing

@testable import QuireReading

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingSessionSettingsTests {
  @Test(arguments: [SessionFixtures.aliceTXT, SessionFixtures.aliceEPUB])
  func fontSizeRoundTripsKeepTheFirstCharacterAndReturnToTheSamePage(_ path: String)
    async throws
  {
    let book = try SessionFixtures.book(path)
    var settings = SessionFixtures.settings
    settings.fontSize = 12
    let session = try await ReadingSession(
      book: book, settings: settings, options: .init(prefetch: false, exactPagination: false))
    // Somewhere in the middle of the third chapter of the reading order.
    await session.go(toChapter: book.readingOrder[2])
    for _ in 0..<3 { _ = await session.next() }
    let start = try #require(await session.current)
    let first = start.page.range.lowerBound
    for round in 0..<3 {
      settings.fontSize = 28
      let large = try #require(await session.apply(settings))
      #expect(large.chapterIndex == start.chapterIndex)
      #expect(large.page.range.contains(first), "round \(round): 28 px page lost the character")
      #expect(large.page != start.page)
      settings.fontSize = 12
      let back = try #require(await session.apply(settings))
      #expect(back.chapterIndex == start.chapterIndex)
      #expect(back.page == start.page, "round \(round): drifted")
      #expect(back.locator.offset == first)
    }
  }

  @Test func themeAndTurnModeLayNothingOut() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    let before = await session.layoutCounts
    var settings = SessionFixtures.settings
    settings.theme = "night"
    let shown = try #require(await session.apply(settings))
    #expect(shown.page.index == 0)
    #expect(await session.layoutCounts == before)
    #expect(await session.settings.theme == "night")
  }

  @Test func theLayoutHashCoversWhatMovesPageBreaksOnly() {
    let base = ReadingSettings()
    var themed = base
    themed.theme = "sepia"
    #expect(themed.layoutHash == base.layoutHash)
    var changes: [ReadingSettings] = []
    for change in 0..<9 {
      var settings = base
      switch change {
      case 0: settings.fontSize = 17
      case 1: settings.lineHeight = 1.5
      case 2: settings.margins.left = 40
      case 3: settings.justification = false
      case 4: settings.hyphenation = false
      case 5: settings.pageWidth = 601
      case 6: settings.pageHeight = 799
      case 7: settings.embeddedFonts = false
      default: settings.fontFamily = "DejaVu Serif"
      }
      changes.append(settings)
    }
    let hashes = Set(changes.map(\.layoutHash) + [base.layoutHash])
    #expect(hashes.count == 10)
    // Stable across processes: a fixed value, not Swift's seeded Hasher.
    #expect(base.layoutHash == ReadingSettings().layoutHash)
    #expect(base.layoutHash.count == 16)
  }
}
