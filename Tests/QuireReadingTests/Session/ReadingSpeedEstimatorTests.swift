import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// A clock that tests move by hand.
final class ScriptedClock: Sendable {
  private let time: Locked<Date>

  init(_ start: Date) { time = Locked(start) }

  var now: Date { time.withLock { $0 } }

  func advance(_ seconds: TimeInterval) {
    time.withLock { (value: inout Date) in value = value.addingTimeInterval(seconds) }
  }
}

@Suite struct ReadingSpeedEstimatorTests {
  private let noon = Date(timeIntervalSince1970: 1_700_049_600)  // 12:00 UTC

  @Test func onlyPlausibleForwardReadingCountsAndTheFinishTimeFollows() throws {
    var estimator = ReadingSpeedEstimator()
    var time = noon.addingTimeInterval(-3600)
    func view(_ characters: Int, _ seconds: TimeInterval, _ exit: PageViewRecord.Exit)
      -> PageViewRecord
    {
      defer { time += seconds }
      return PageViewRecord(
        start: time, end: time + seconds, characters: characters, exit: exit)
    }
    // Ten pages of 1,200 characters read in a minute each: 1,200 characters a minute.
    var counted: [Bool] = []
    for _ in 0..<10 { counted.append(estimator.record(view(1200, 60, .forward))) }
    counted.append(estimator.record(view(1500, 1, .forward)))  // flicked through
    counted.append(estimator.record(view(1200, 1200, .forward)))  // idle: 20 min on a page
    counted.append(estimator.record(view(1200, 60, .jump)))  // left by a jump
    counted.append(estimator.record(view(1200, 60, .backward)))  // re-read
    #expect(counted == Array(repeating: true, count: 10) + Array(repeating: false, count: 4))
    #expect(estimator.countedCharacters == 12_000)
    #expect(estimator.charactersPerMinute == 1200)
    let estimate = try #require(
      estimator.estimate(charactersLeftInChapter: 6000, charactersLeftInBook: 36_000, now: noon))
    #expect(estimate.chapterTimeLeft == 300)
    #expect(estimate.bookTimeLeft == 1800)
    let utc = try #require(TimeZone(identifier: "UTC"))
    #expect(ReadingTimeEstimate.clockTime(estimate.chapterDoneAt, timeZone: utc) == "12:05")
    #expect(ReadingTimeEstimate.clockTime(estimate.bookDoneAt, timeZone: utc) == "12:30")
  }

  @Test func koreaderPageTimesAndTheScriptSetWhatIsReading() {
    let latin = ReadingSpeedEstimator()
    let han = ReadingSpeedEstimator(script: .han)
    func view(_ characters: Int, _ seconds: TimeInterval, pages: Int = 1) -> PageViewRecord {
      PageViewRecord(
        start: noon, end: noon + seconds, characters: characters, pages: pages, exit: .forward)
    }
    #expect(!latin.isReading(view(300, 4)), "under KOReader's 5 s: flipped past")
    #expect(latin.isReading(view(300, 5)))
    #expect(latin.isReading(view(1500, 121)), "1,500 characters may take three minutes")
    #expect(!latin.isReading(view(1000, 121)), "two minutes for a light page: away")
    #expect(latin.isReading(view(2000, 200, pages: 2)), "facing pages have twice the time")
    #expect(han.isReading(view(800, 230)), "800 ideographs may take four minutes")
    #expect(!han.isReading(view(800, 250)))
    #expect(!han.isReading(view(1200, 6)), "1,200 ideographs in 6 s were not read")
    #expect(!latin.counts(view(0, 30)), "a page without text says nothing of speed")
    #expect(latin.isReading(view(0, 30)), "but a picture looked at for 30 s was read")
    #expect(latin.isReading(view(150, 90)), "a title page looked at for a minute and a half")
    #expect(!latin.counts(view(150, 90)), "says nothing of speed: 100 characters a minute")
    #expect(latin.counts(view(1000, 110)), "a full page in under two minutes does")
    #expect(!han.counts(view(300, 120)) && han.counts(view(300, 60)))
  }

  @Test func aPriorFromPastSessionsGivesAnEstimateFromTheStart() throws {
    let estimator = ReadingSpeedEstimator(priorCharacters: 50_000, priorSeconds: 1_500)
    #expect(estimator.charactersPerMinute == 2000)
    #expect(
      ReadingSpeedEstimator().estimate(
        charactersLeftInChapter: 1, charactersLeftInBook: 1, now: noon) == nil)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aSessionTimesItsPagesAndWritesReadingSessionsToTheLibrary() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let clock = ScriptedClock(noon)
    let session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false), clock: { clock.now })
    #expect(await session.timeEstimate() == nil)
    await session.go(toChapter: book.readingOrder[1])
    var read = 0
    for _ in 0..<4 {  // four pages read at 40 s each
      let page = try #require(await session.current)
      read += page.page.range.count
      clock.advance(40)
      _ = await session.next()
    }
    clock.advance(1)  // a page skipped
    _ = await session.next()
    clock.advance(30 * 60)  // the reader went away
    _ = await session.next()
    clock.advance(50)  // one more page read after the break
    read += try #require(await session.current).page.range.count
    _ = await session.next()
    let estimate = try #require(await session.timeEstimate())
    #expect(abs(estimate.charactersPerMinute - Double(read) / (210 / 60)) < 0.001)
    let shown = try #require(await session.current)
    let left = try book.text(ofChapter: shown.chapterIndex).length - shown.page.range.lowerBound
    #expect(
      abs(estimate.chapterTimeLeft - Double(left) / estimate.charactersPerMinute * 60) < 0.001)
    #expect(estimate.bookDoneAt == clock.now.addingTimeInterval(estimate.bookTimeLeft))
    await session.close()
    // Two stretches of reading, split at the idle half hour.
    let id = try #require(await session.bookID)
    let sessions = try library.readingSessions(ofBook: id)
    #expect(sessions.count == 2)
    #expect(sessions.map(\.charactersRead).reduce(0, +) == read)
    #expect(sessions.map(\.pagesTurned).reduce(0, +) == 7)
  }
}
