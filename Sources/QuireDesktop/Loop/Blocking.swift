import Foundation

/// Waits on the window's thread for async work on the controller.
///
/// SDL wants every call from the thread that opened the window, and the controller is an
/// actor: the loop hands it each event and blocks until the screen comes back. The work
/// runs on Swift's pool, never on this thread, so the wait cannot deadlock it.
enum Blocking {
  static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let box = Box<T>()
    Task.detached {
      let value = await work()
      box.set(value)
      done.signal()
    }
    done.wait()
    return box.take()
  }

  /// One value handed from a task to the waiting thread.
  private final class Box<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?

    func set(_ new: T) {
      lock.lock()
      value = new
      lock.unlock()
    }

    func take() -> T {
      lock.lock()
      defer { lock.unlock() }
      return value!
    }
  }
}
