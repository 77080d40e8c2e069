import Foundation
import Testing

@testable import QuireReading

@Suite struct LibrarySessionsTests {
  let folder = ScratchFolder()

  /// 2023-11-14 00:00 UTC.
  let day = Date(timeIntervalSince1970: 1_699_920_000)

  @Test func recordsSessionsAndSumsStatistics() throws {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "Emma")
    let dracula = try Sample.addBook(library, "Dracula")
    let utc = try #require(TimeZone(identifier: "UTC"))
    // Emma: two sessions on day 1 (10:00, 23:30) and one on day 2; Dracula: one on day 2.
    try record(library, emma.id, start: 10 * 3600, minutes: 30, characters: 9_000, pages: 12)
    try record(
      library, emma.id, start: 23 * 3600 + 1800, minutes: 45, characters: 12_000, pages: 15)
    try record(library, emma.id, start: 86_400 + 8 * 3600, minutes: 15, characters: 4_000, pages: 6)
    try record(
      library, dracula.id, start: 86_400 + 9 * 3600, minutes: 60, characters: 20_000, pages: 30)

    let sessions = try library.readingSessions(ofBook: emma.id)
    #expect(sessions.map(\.pagesTurned) == [12, 15, 6])
    #expect(abs((sessions.first?.duration ?? 0) - 30 * 60) < 0.001)
    #expect(try library.readingSessions().count == 4)

    let emmaStats = try library.statistics(ofBook: emma.id, timeZone: utc)
    #expect(
      emmaStats
        == ReadingStatistics(
          sessions: 3, timeRead: 90 * 60, pagesRead: 33, charactersRead: 25_000,
          distinctDays: 2, books: 1))
    // Sessions without timing (recorded before pages were timed) teach no speed.
    #expect(emmaStats.charactersPerMinute == nil)

    let overall = try library.statistics(timeZone: utc)
    #expect(overall.sessions == 4)
    #expect(overall.timeRead == 150 * 60)
    #expect(overall.pagesRead == 63)
    #expect(overall.charactersRead == 45_000)
    #expect(overall.distinctDays == 2)
    #expect(overall.books == 2)

    // Two hours east of UTC, the 23:30 session starts on the next day: still two days for
    // Emma (day 1 10:00 → 12:00, 23:30 → 01:30 of day 2, day 2 08:00 → 10:00).
    let east = try #require(TimeZone(secondsFromGMT: 7_200))
    #expect(try library.statistics(ofBook: emma.id, timeZone: east).distinctDays == 2)
    // Nine hours west all three fall on day 1 (01:00, 14:30, 23:00).
    let west = try #require(TimeZone(secondsFromGMT: -9 * 3_600))
    #expect(try library.statistics(ofBook: emma.id, timeZone: west).distinctDays == 1)

    #expect(try library.statistics(ofBook: 999) == ReadingStatistics())
  }

  @Test func timedSessionsGiveTimePagesAndSpeedPerScript() throws {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "Emma")
    let dream = try Sample.addBook(library, "红楼梦")
    let start = day.addingTimeInterval(10 * 3600)
    // An hour on the clock, of which 40 minutes were reading and 30 counted for speed.
    try library.recordSession(
      bookID: emma.id, startedAt: start, endedAt: start + 3600, charactersRead: 36_000,
      pagesTurned: 30,
      timing: ReadingTiming(speedSeconds: 1800, timeRead: 2400, pagesRead: 24, script: .latin))
    try library.recordSession(
      bookID: dream.id, startedAt: start + 7200, endedAt: start + 9000, charactersRead: 6_000,
      pagesTurned: 12,
      timing: ReadingTiming(speedSeconds: 1200, timeRead: 1500, pagesRead: 10, script: .han))
    // One session from before pages were timed: its wall time and turns, no speed.
    try library.recordSession(
      bookID: emma.id, startedAt: start + 86_400, endedAt: start + 86_400 + 600,
      charactersRead: 99_000, pagesTurned: 5)

    let sessions = try library.readingSessions(ofBook: emma.id)
    #expect(sessions.map(\.timeRead) == [2400, 600])
    #expect(sessions.map(\.pagesRead) == [24, 5])
    #expect(sessions.first?.timing?.script == .latin)
    let statistics = try library.statistics(ofBook: emma.id)
    #expect(statistics.timeRead == 3000 && statistics.pagesRead == 29)
    #expect(statistics.charactersPerMinute == 1200)
    #expect(try library.readingSpeed(script: .latin).charactersPerMinute == 1200)
    #expect(try library.readingSpeed(script: .han).charactersPerMinute == 300)
    #expect(try library.readingSpeed(ofBook: dream.id).seconds == 1200)
    #expect(try library.readingSpeed(ofBook: emma.id, script: .han).seconds == 0)
    let limited = try library.readingSpeed(script: .latin).limited(to: 900)
    #expect(limited.seconds == 900 && limited.charactersPerMinute == 1200)

    // Updating a growing session keeps its timing.
    let growing = try library.recordSession(
      bookID: dream.id, startedAt: start + 20_000, endedAt: start + 20_060, charactersRead: 300,
      pagesTurned: 1,
      timing: ReadingTiming(speedSeconds: 60, timeRead: 60, pagesRead: 1, script: .han))
    try library.updateSession(
      growing.id, endedAt: start + 20_120, charactersRead: 600, pagesTurned: 2,
      timing: ReadingTiming(speedSeconds: 120, timeRead: 120, pagesRead: 2, script: .han))
    #expect(try library.readingSessions(ofBook: dream.id).last?.timing?.speedSeconds == 120)
  }

  @Test func refusesImpossibleSessions() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let error = #expect(throws: LibraryError.self) {
      try library.recordSession(
        bookID: book.id, startedAt: day, endedAt: day.addingTimeInterval(-1), charactersRead: 0,
        pagesTurned: 0)
    }
    #expect(error?.code == .invalidValue)
  }

  private func record(
    _ library: Library, _ book: Int, start: TimeInterval, minutes: Double, characters: Int,
    pages: Int
  ) throws {
    let startedAt = day.addingTimeInterval(start)
    try library.recordSession(
      bookID: book, startedAt: startedAt, endedAt: startedAt.addingTimeInterval(minutes * 60),
      charactersRead: characters, pagesTurned: pages)
  }
}
