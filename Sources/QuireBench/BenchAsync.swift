import Dispatch
import QuireBook

/// Async work run to completion from a suite's synchronous `run`.
enum BenchAsync {
  /// The value of `work`, waited for on the calling thread.
  ///
  /// The bench runs on the command's thread, never on the cooperative pool, so blocking
  /// it on a semaphore while the work runs on the pool cannot deadlock.
  static func blocking<T: Sendable>(
    _ work: @escaping @Sendable () async throws -> T
  ) throws -> T {
    let result = Locked<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        let value = try await work()
        result.withLock { $0 = .success(value) }
      } catch {
        result.withLock { $0 = .failure(error) }
      }
      done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
  }
}
