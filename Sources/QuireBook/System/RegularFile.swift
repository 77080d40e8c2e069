package import Foundation
import Glibc

/// Reads a small file the user names (a settings file, a theme, an annotations export)
/// without ever blocking or reading without end: a regular file only, opened non-blocking
/// and checked with `fstat`, and never more than the limit and one byte.
package enum RegularFile {
  /// What was found at a path.
  package enum Contents: Sendable {
    /// No file there.
    case missing
    case data(Data)
    /// Something that cannot be read as the file asked for, and why, in words ("it is a
    /// FIFO (named pipe), not a regular file", "it is larger than 1 MB").
    case unreadable(String)
  }

  /// Reads the file at `path`, refusing one larger than `limit` bytes.
  package static func read(_ path: String, limit: Int) -> Contents {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      return code == ENOENT ? .missing : .unreadable(SystemErrorText.describe(errno: code))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .unreadable("it cannot be read") }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .unreadable("it is a folder, not a file")
    case S_IFIFO: return .unreadable("it is a FIFO (named pipe), not a regular file")
    case S_IFSOCK: return .unreadable("it is a socket, not a regular file")
    default: return .unreadable("it is a device, not a regular file")
    }
    let tooLarge = Contents.unreadable("it is larger than \(describe(size: limit))")
    guard Int(status.st_size) <= limit else { return tooLarge }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if got < 0 && errno == EINTR { continue }
      if got < 0 { return .unreadable(SystemErrorText.describe(errno: errno)) }
      if got == 0 { break }
      filled += got
    }
    guard filled <= limit else { return tooLarge }
    return .data(Data(bytes[..<filled]))
  }

  /// "1 MB", "64 MB", "500 KB".
  package static func describe(size: Int) -> String {
    size >= 1 << 20 && size % (1 << 20) == 0
      ? "\(size >> 20) MB" : size >= 1 << 10 ? "\(size >> 10) KB" : "\(size) bytes"
  }
}
