import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the terminal on a thread of its own, so the event loop never blocks on input:
/// each chunk of bytes is handed on as it arrives, and a closed terminal (end of file or
/// an I/O error) is reported once.
enum InputThread {
  /// Starts reading `descriptor`, calling `received` with each chunk and `closed` at the end.
  static func start(
    descriptor: Int32, received: @escaping @Sendable ([UInt8]) -> Void,
    closed: @escaping @Sendable () -> Void
  ) {
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, -1)
        if ready < 0 {
          if errno == EINTR { continue }
          closed()
          return
        }
        if poller.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0,
          poller.revents & Int16(POLLIN) == 0
        {
          closed()
          return
        }
        var count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        guard count > 0 else {
          closed()
          return
        }
        // A lone ESC may be the start of a sequence split across reads: wait a moment
        // for the rest before taking it as the Esc key.
        if buffer[count - 1] == 0x1B, count < buffer.count {
          var more = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
          if poll(&more, 1, 30) > 0 {
            let extra = read(descriptor, &buffer[count], buffer.count - count)
            if extra > 0 { count += extra }
          }
        }
        received(Array(buffer[0..<count]))
      }
    }
    thread.name = "quire-terminal-input"
    thread.start()
  }
}
