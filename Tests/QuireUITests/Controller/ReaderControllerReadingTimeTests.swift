import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireUI
import Testing

/// What the controller counts as reading: the time a panel (or the window's menu) covers
/// the page is taken out of the page's time, so a page read for 30 s around ten minutes
/// in the contents is 30 s of reading, not a page left while away.
@Suite(.tags(.corpus)) struct ReaderControllerReadingTimeTests {
  /// A clock the test moves by hand.
  final class HandClock: Sendable {
    private let time = Locked(Date(timeIntervalSince1970: 1_780_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) {
      time.withLock { (value: inout Date) in value = value.addingTimeInterval(seconds) }
    }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func timeUnderAPanelOrTheWindowsMenuIsNotReading() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.file("library.sqlite"))
    let clock = HandClock()
    let controller = try await ReaderController(
      book: try Book.open(ReaderControllerTests.pride), library: library,
      viewport: .cells(columns: 100, rows: 40),
      configuration: .init(
        sessionOptions: .init(prefetch: false, exactPagination: false), clock: { clock.now }))
    _ = await controller.perform(.nextChapter)
    for _ in 0..<3 {
      clock.advance(30)
      _ = await controller.perform(.turnForward)
    }
    // Ten minutes in the contents over a page read for 30 s.
    _ = await controller.perform(.contents)
    clock.advance(600)
    _ = await controller.perform(.dismiss)
    clock.advance(30)
    _ = await controller.perform(.turnForward)
    // Ten minutes under the window's menu over another.
    await controller.setPageCovered(true)
    clock.advance(600)
    await controller.setPageCovered(false)
    clock.advance(30)
    _ = await controller.perform(.turnForward)
    await controller.close()
    let statistics = try library.statistics()
    #expect(statistics.timeRead == 150, "five pages of 30 s")
    #expect(statistics.pagesRead == 5)
    #expect(statistics.speedSeconds == 150)
  }
}
