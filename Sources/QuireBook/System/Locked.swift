import Glibc

/// A value behind a pthread mutex: Quire's lock for state shared across tasks.
///
/// The mutex is glibc's adaptive kind: a thread that finds it held spins a little before
/// it sleeps. Quire's critical sections are short (a hash look-up, a queue's next
/// chapter), so a thread that meets another at the lock almost always gets it while
/// spinning. A plain mutex (`NSLock`) put it to sleep at once, and the holder then woke
/// it through the kernel: in a virtual machine an interrupt to the other processor. On
/// War and Peace paginated on both cores, where both workers ask the shared word store
/// for each word they have not seen, that sleeping and waking was 8.7 % of the pass's
/// samples (perf) and both cores together spent 60 % more time than one core alone.
///
/// Used instead of Synchronization's `Mutex`, which on Linux hands a contended lock over
/// inside the kernel (a priority-inheritance futex). ThreadSanitizer cannot see that
/// handover, so the sanitizer run in CI reported races that were not there whenever two
/// threads met at a `Mutex`. It understands pthread mutexes. Uncontended, both cost an
/// atomic exchange.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Wraps `value`.
  package init(_ value: consuming Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, alone.
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
