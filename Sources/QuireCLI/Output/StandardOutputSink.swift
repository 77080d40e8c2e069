import Foundation
import QuireBook

#if canImport(Glibc)
  import Glibc
#endif

/// The process's standard output and standard error.
///
/// Written with `write(2)` directly — Foundation's `FileHandle.write(_:)` traps on any
/// error — and a failure ends the process the way coreutils end:
///
/// - a closed pipe (`quire cat BOOK | head -1`) ends it quietly by SIGPIPE, the status a
///   shell reports for `cat` there (141); when the parent left SIGPIPE ignored, `EPIPE`
///   is turned back into that signal;
/// - any other failure on standard output (`> /dev/full`, `>&-`) prints
///   "quire: cannot write to standard output: No space left on device" on standard error
///   and exits with status 1 at once, the rest of the command's work undone (a library
///   write is one transaction, so nothing is left half written);
/// - a failure on standard error itself cannot be told to anyone: the message is dropped
///   and the command goes on.
///
/// A stream closed when Quire started (`>&-`) is held open on `/dev/null` (`claim()`), so
/// that no file Quire opens later — an output PNG, a temporary file — takes its number and
/// receives the output; writing to it is then the failure it would have been.
public struct StandardOutputSink: OutputSink {
  /// Creates a sink on the process's streams.
  public init() {}

  /// Which of standard input, output and error were closed when the process started;
  /// those are opened on `/dev/null` the first time this is read.
  static let closedAtStart: [Bool] = (0...2).map { descriptor in
    guard fcntl(Int32(descriptor), F_GETFD) < 0 && errno == EBADF else { return false }
    let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
    if null >= 0 && null != Int32(descriptor) {
      dup2(null, Int32(descriptor))
      close(null)
    }
    return true
  }

  /// Makes sure the three standard streams have their numbers before anything is opened.
  public static func claim() {
    _ = closedAtStart
  }

  /// Writes the UTF-8 bytes of `text` unbuffered, so output and errors interleave in the
  /// order they were produced.
  public func write(_ text: String, to channel: OutputChannel) {
    let descriptor = channel == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
    // A file name that is not UTF-8 is printed as the bytes it is (`PathName`).
    var bytes = PathName.hasEscapes(text) ? PathName.bytes(text) : Array(text.utf8)
    let failure =
      Self.closedAtStart[Int(descriptor)] ? EBADF : Self.writeAll(&bytes, to: descriptor)
    guard let failure else { return }
    if failure == EPIPE { Self.endByBrokenPipe() }
    guard channel == .standardOutput else { return }
    var message = Array("quire: cannot write to standard output: \(Self.describe(failure))\n".utf8)
    _ = Self.writeAll(&message, to: STDERR_FILENO)
    _exit(1)
  }

  /// Writes every byte, through interrupted and partial writes, waiting when the stream
  /// was left non-blocking; the `errno` of a failure, or nil.
  static func writeAll(_ bytes: inout [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written >= 0 {
        offset += written
        continue
      }
      let error = errno
      switch error {
      case EINTR: continue
      case EAGAIN:
        var wanted = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&wanted, 1, -1)
      default: return error
      }
    }
    return nil
  }

  /// Dies by SIGPIPE, as a program that never ignored it does on a closed pipe.
  private static func endByBrokenPipe() -> Never {
    signal(SIGPIPE, SIG_DFL)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    raise(SIGPIPE)
    _exit(128 + SIGPIPE)
  }

  /// The system's words for an `errno`: "No space left on device", "Bad file descriptor".
  static func describe(_ error: Int32) -> String {
    String(cString: strerror(error))
  }
}
