import Foundation
import Glibc
import QuireBook

/// Whole chapters laid out on several cores at once.
///
/// Every chapter starts on a new page, so chapters are laid out independently and their
/// page counts simply join. Each worker, a thread of its own, takes the next chapter from
/// a `ChapterQueue` (in its order of priority) and lays it out with a glyph source of its
/// own: a `FontContext` and its shape cache belong to one thread. Workers of pixel pages
/// share the words they shape (`SharedWords`), so a word is still shaped once per pass.
/// Pages come out as one core would cut them: the same paginator, settings and fonts,
/// chapter by chapter.
package enum PaginationPass {
  /// The cores this process may run on: how many workers a full pass uses.
  package static var coreCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// What the workers' shape caches did: lookups, and those answered without shaping
  /// (by the worker's own cache or by the words the workers share).
  package struct CacheFigures: Sendable {
    package var hits = 0
    package var lookups = 0
  }

  /// Nice value added to a worker thread of a pass in the background, where it cannot be
  /// made an idle thread (`runsWhenIdle()`).
  package static let backgroundNiceness: Int32 = 10

  /// Linux's `SCHED_IDLE` (<sched.h> declares it only under `_GNU_SOURCE`).
  private static let idlePolicy: Int32 = 5

  /// Makes the calling thread one that runs only on a core nothing else wants: Linux's
  /// `SCHED_IDLE`, else a nice value of `backgroundNiceness`.
  ///
  /// A nice value is not enough for the reader's frames: Linux's scheduler (EEVDF) still
  /// gives a thread at nice +10 its turn on a core, and then it keeps the core until the
  /// next tick, 4 ms later, while the reader's thread, ready to draw, waits; a reader
  /// growing a selection a word at a time had one frame in twenty held that way while the
  /// exact pass ran. A thread of the idle class gives way at once to any other.
  package static func runsWhenIdle() {
    // Linux: who 0 is the calling thread.
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNiceness)
    var parameter = sched_param(sched_priority: 0)
    _ = pthread_setschedparam(pthread_self(), idlePolicy, &parameter)
  }

  /// Lays out the chapters of `queue` on `workers` threads and returns when the queue is
  /// empty or cancelled and every worker has stopped.
  ///
  /// - Parameters:
  ///   - background: the workers run only where nothing else would (`runsWhenIdle()`).
  ///   - source: makes a worker's glyph source, once per worker; nil stops that worker.
  ///   - shared: the words the workers' sources share, if they do (for the figures).
  ///   - paginator: the paginator of a chapter, in the worker's source; nil skips the
  ///     chapter.
  ///   - finished: receives each chapter whose pages are all laid out, on the worker's
  ///     thread. A chapter cancelled half-way is not handed on.
  /// - Returns: the shape-cache figures of all workers together.
  @discardableResult
  package static func run(
    _ queue: ChapterQueue, workers: Int, background: Bool = false,
    source makeSource: @escaping @Sendable () -> (any GlyphSource)?, shared: SharedWords? = nil,
    paginator: @escaping @Sendable (_ chapter: Int, _ source: any GlyphSource) -> Paginator?,
    finished: @escaping @Sendable (_ chapter: Int, _ paginator: Paginator) -> Void
  ) -> CacheFigures {
    let figures = Locked(CacheFigures())
    let done = DispatchSemaphore(value: 0)
    let count = max(1, workers)
    for _ in 0..<count {
      let thread = Thread {
        defer { done.signal() }
        // Only ever lowered, on a thread of its own.
        if background { runsWhenIdle() }
        guard let source = makeSource() else { return }
        work(queue, source: source, paginator: paginator, finished: finished)
        let cache = source.shapeCacheStatistics
        figures.withLock {
          $0.hits += cache.hits
          $0.lookups += cache.lookups
        }
      }
      thread.name = "quire pagination"
      thread.start()
    }
    for _ in 0..<count { done.wait() }
    var result = figures.withLock { $0 }
    result.hits += shared?.hits ?? 0
    return result
  }

  /// One worker's loop: chapters from the queue until it is empty or cancelled.
  private static func work(
    _ queue: ChapterQueue, source: any GlyphSource,
    paginator: (_ chapter: Int, _ source: any GlyphSource) -> Paginator?,
    finished: (_ chapter: Int, _ paginator: Paginator) -> Void
  ) {
    while let chapter = queue.next() {
      guard let paginator = paginator(chapter, source) else { continue }
      // A page at a time, so that a cancelled pass stops within one page.
      var index = 0
      while !paginator.isComplete {
        if queue.isCancelled { return }
        _ = paginator.page(at: index)
        index += 1
      }
      finished(chapter, paginator)
    }
  }
}
