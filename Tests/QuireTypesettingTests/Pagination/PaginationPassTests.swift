import Foundation
import Glibc
import QuireBook
import Testing

@testable import QuireTypesetting

/// A book's chapters laid out on several cores give the pages of one core, chapter by
/// chapter; the queue's order and cancellation hold.
struct PaginationPassTests {
  /// The handbook's chapters (English and Chinese, headings, images, notes).
  private func handbookTexts() throws -> [StyledText] {
    let book = try Book.open(Corpus.handbook)
    return try book.readingOrder.map { try book.text(ofChapter: $0) }
  }

  private let container = TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 48))

  /// Pages of every chapter, laid out by `workers` workers sharing their words.
  private func parallelPages(_ texts: [StyledText], workers: Int) -> [Int: [Page]] {
    let pages = Locked<[Int: [Page]]>([:])
    let shared = SharedWords()
    let container = self.container
    PaginationPass.run(
      ChapterQueue(Array(texts.indices)), workers: workers,
      source: { try? FontContext(sharing: shared) },
      paginator: { chapter, source in
        Paginator(
          text: texts[chapter], container: container, settings: LayoutSettings(), source: source)
      },
      finished: { chapter, paginator in
        pages.withLock { $0[chapter] = paginator.laidOutPages }
      })
    return pages.withLock { $0 }
  }

  @Test func pagesAreThoseOfOneCoreWhateverTheWorkers() throws {
    let texts = try handbookTexts()
    #expect(texts.count > 3)
    let fonts = try FontContext()
    let alone = texts.map { Paginator(text: $0, container: container, fonts: fonts).paginateAll() }
    for workers in [1, 2, 4] {
      let pages = parallelPages(texts, workers: workers)
      #expect(pages.count == texts.count, "workers: \(workers)")
      for chapter in texts.indices {
        #expect(pages[chapter] == alone[chapter], "chapter \(chapter), workers: \(workers)")
      }
    }
  }

  @Test func wordsShapedByOneWorkerServeTheOthers() throws {
    let texts = try handbookTexts()
    let shared = SharedWords()
    let first = try FontContext(sharing: shared)
    _ = Paginator(text: texts[0], container: container, fonts: first).paginateAll()
    #expect(shared.count > 100)
    // A second worker laying out the same chapter shapes nothing: every word it misses
    // in its own store comes from the shared one, glyph for glyph.
    let second = try FontContext(sharing: shared)
    let before = shared.count
    let again = Paginator(text: texts[0], container: container, fonts: second).paginateAll()
    #expect(shared.count == before)
    #expect(
      again
        == Paginator(text: texts[0], container: container, fonts: try FontContext()).paginateAll())
  }

  @Test func theSharedWordsKeepNoMoreThanTheirCapacity() throws {
    let texts = try handbookTexts()
    let shared = SharedWords(capacity: 80)
    let fonts = try FontContext(sharing: shared)
    let pages = Paginator(text: texts[0], container: container, fonts: fonts).paginateAll()
    #expect(shared.count > 0)
    #expect(shared.count <= 80)
    // Words the shared store declined are shaped by the worker itself: the same pages.
    #expect(
      pages
        == Paginator(text: texts[0], container: container, fonts: try FontContext()).paginateAll())
  }

  @Test func aCancelledPassHandsOnNoMoreChapters() throws {
    let texts = try handbookTexts()
    let queue = ChapterQueue(Array(texts.indices))
    let finished = Locked<[Int]>([])
    let container = self.container
    PaginationPass.run(
      queue, workers: 1, source: { try? FontContext() },
      paginator: { chapter, source in
        Paginator(
          text: texts[chapter], container: container, settings: LayoutSettings(), source: source)
      },
      finished: { chapter, _ in
        finished.withLock { $0.append(chapter) }
        queue.cancel()
      })
    #expect(finished.withLock { $0 } == [0])
    #expect(queue.next() == nil)
  }

  @Test func theQueueHandsOutChaptersInItsOrderOfPriority() {
    let queue = ChapterQueue([0, 1, 2, 3, 4, 5])
    #expect(queue.next() == 0)
    queue.prioritize([4, 0, 2])
    #expect(queue.waiting == [4, 2, 1, 3, 5])
    queue.remove([2, 3])
    #expect(queue.next() == 4)
    #expect(queue.next() == 1)
    #expect(queue.next() == 5)
    #expect(queue.next() == nil)
  }

  /// A pass in the background runs where nothing else would: its workers are of Linux's
  /// idle class, which gives way at once to a reader's thread.
  @Test func aWorkerOfABackgroundPassRunsInTheIdleClass() {
    let policy = Locked<Int32>(-1)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      PaginationPass.runsWhenIdle()
      policy.withLock { $0 = sched_getscheduler(0) }
      done.signal()
    }
    thread.start()
    done.wait()
    // SCHED_IDLE, 5 in <sched.h>.
    #expect(policy.withLock { $0 } == 5)
  }
}
