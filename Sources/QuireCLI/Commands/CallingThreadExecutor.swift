import Dispatch
import QuireBook

/// Runs async work to completion from a synchronous command, on the calling thread.
///
/// Commands are synchronous and may be called from a task (the tests call them from
/// Swift Testing's pool). Blocking a pool thread on a semaphore while the work waits
/// for a pool thread can deadlock when the pool is small, so the work prefers this
/// executor: the calling thread runs its jobs (and those of the default actors it calls,
/// such as a `ReadingSession`) until the result is there.
final class CallingThreadExecutor: TaskExecutor {
  private let jobs = Locked<[UnownedJob]>([])
  private let wake = DispatchSemaphore(value: 0)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    wake.signal()
  }

  /// The value of `work`, run with this executor preferred; returns when it is done.
  static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let executor = CallingThreadExecutor()
    let result = Locked<Result<T, any Error>?>(nil)
    Task(executorPreference: executor) {
      let outcome: Result<T, any Error>
      do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
      result.withLock { $0 = outcome }
      executor.wake.signal()
    }
    while true {
      while let job = executor.jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
        job.runSynchronously(on: executor.asUnownedTaskExecutor())
      }
      if let outcome = result.withLock({ $0 }) { return try outcome.get() }
      executor.wake.wait()
    }
  }
}
