import Foundation

/// A value behind an `NSLock`, for test doubles that several tasks share.
///
/// Tests use it rather than Synchronization's `Mutex`: on Linux a contended `Mutex` is
/// handed over inside the kernel (a priority-inheritance futex), where ThreadSanitizer
/// cannot see it, so the sanitizer run reports races that are not there. `NSLock` is a
/// pthread mutex, which ThreadSanitizer understands.
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, alone.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
