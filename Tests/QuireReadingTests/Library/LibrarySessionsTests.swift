import Foundation
import Testing

@testable import QuireReading

@Suite struct LibrarySessionsTests {
  let folder = TemporaryFolder()

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
          sessions: 3, timeRead: 90 * 60, pagesTurned: 33, charactersRead: 25_000,
          distinctDays: 2, books: 1))
    #expect(emmaStats.charactersPerMinute.map { ($0 * 100).rounded() / 100 } == 277.78)

    let overall = try library.statistics(timeZone: utc)
    #expect(overall.sessions == 4)
    #expect(overall.timeRead == 150 * 60)
    #expect(overall.pagesTurned == 63)
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
