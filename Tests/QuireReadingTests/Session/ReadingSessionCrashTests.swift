import Foundation
import Testing

@testable import QuireReading

/// SIGKILL of a reader process turning pages: reopening shows the last page it showed
/// (or the one it was turning to), and the library stays intact.
///
/// The reader is `quire-library-stress --session` (built beside the test bundle), a real
/// `ReadingSession` in another process, killed without `close()`.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingSessionCrashTests {
  /// Each run opens the book and lays out pages in a debug build: a few kills suffice
  /// here (the library's own kill test does 200).
  static let iterations = 4

  @Test func aKilledReaderReopensAtItsLastPage() async throws {
    let folder = ScratchFolder()
    let writer = LibraryCrashTests.writerPath
    try #require(
      FileManager.default.isExecutableFile(atPath: writer),
      "build the reader first: swift build --build-tests (looked for \(writer))")
    let bookPath = Corpus.path(SessionFixtures.aliceTXT)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    var turned = 0
    for iteration in 0..<Self.iterations {
      let process = Process()
      let output = Pipe()
      process.executableURL = URL(fileURLWithPath: writer)
      process.arguments = ["--session", folder.libraryPath, bookPath]
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      var received = Data()
      // Let it turn a few pages, then kill it at a random moment.
      let wanted = 3 + iteration * 2
      while String(decoding: received, as: UTF8.self).split(separator: "\n").count < wanted + 1 {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        received.append(chunk)
      }
      usleep(UInt32.random(in: 0..<20_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      received.append(output.fileHandleForReading.readDataToEndOfFile())
      #expect(process.terminationReason == .uncaughtSignal, "the reader stopped by itself")

      let pages = String(decoding: received, as: UTF8.self).split(separator: "\n")
        .filter { $0.hasPrefix("p ") }
        .map { $0.split(separator: " ").dropFirst().compactMap { Int($0) } }
      let last = try #require(pages.last, "kill \(iteration): no page shown")
      turned += pages.count - 1

      let library = try Library(path: folder.libraryPath)
      #expect(try library.integrityCheck() == "ok", "after kill \(iteration)")
      let reopened = try await ReadingSession(
        book: book, library: library, settings: SessionFixtures.settings,
        options: .init(prefetch: false, exactPagination: false))
      let shown = try #require(await reopened.current)
      let place = [shown.chapterIndex, shown.page.range.lowerBound]
      if place != last {
        // Killed after saving the next page but before saying so: one page further on.
        let previous = try #require(await reopened.previous())
        #expect(
          [previous.chapterIndex, previous.page.range.lowerBound] == last,
          "kill \(iteration): reopened at \(place), last shown \(last)")
      }
      await reopened.close()
    }
    #expect(turned >= Self.iterations * 3)
  }
}
