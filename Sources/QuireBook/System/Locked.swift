import Foundation

/// A value behind a pthread mutex (`NSLock`): Quire's lock for state shared across tasks.
///
/// Used instead of Synchronization's `Mutex`, which on Linux hands a contended lock over
/// inside the kernel (a priority-inheritance futex). ThreadSanitizer cannot see that
/// handover, so the sanitizer run in CI reported races that were not there whenever two
/// threads met at a `Mutex`. It understands pthread mutexes. Uncontended, both cost an
/// atomic exchange.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Wraps `value`.
  package init(_ value: consuming Value) {
    self.value = value
  }

  /// Runs `body` with the value, alone.
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
