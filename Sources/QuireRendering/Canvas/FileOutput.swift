import Foundation
import QuireBook

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a picture file where the user asked (`quire render -o FILE`) without ever
/// blocking or writing into something that is not a file.
///
/// The file is opened non-blocking (a FIFO without a reader is refused by the open itself
/// instead of hanging) and checked with `fstat`: a FIFO, a socket or a device is refused
/// before a byte is written, a full disk or a missing folder is said in words.
enum FileOutput {
  /// Writes `bytes` to the regular file at `path`, creating or replacing it.
  static func write(_ bytes: [UInt8], to path: String) throws(RenderingError) {
    let descriptor = PathName.open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      let code = errno
      let kind = FileOutput.kind(of: path)
      throw .imageNotWritten(
        path: path, reason: kind ?? SystemErrorText.describe(errno: code))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw .imageNotWritten(path: path, reason: kind(of: path) ?? "it is not a regular file")
    }
    guard ftruncate(descriptor, 0) == 0 else {
      throw .imageNotWritten(path: path, reason: SystemErrorText.describe(errno: errno))
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .imageNotWritten(path: path, reason: SystemErrorText.describe(errno: errno))
      }
      offset += written
    }
  }

  /// What the path is when it is not a regular file ("it is a FIFO (named pipe), not a
  /// regular file"), or nil.
  private static func kind(of path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    let what: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: what = "a folder"
    case S_IFIFO: what = "a FIFO (named pipe)"
    case S_IFSOCK: what = "a socket"
    case S_IFCHR, S_IFBLK: what = "a device"
    default: what = "not a file"
    }
    return "it is \(what), not a regular file"
  }
}
