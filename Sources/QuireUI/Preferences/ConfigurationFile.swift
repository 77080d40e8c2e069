import Foundation
import Glibc

/// Reads a small settings file (`preferences.json`, `keys.json`) without ever blocking or
/// reading without end: only a regular file, opened non-blocking, at most `limit` bytes.
enum ConfigurationFile {
  /// The most a settings file may hold; a larger one is not a settings file.
  static let limit = 1 << 20

  /// What was found at a path.
  enum Contents {
    /// No file there (nothing to read, nothing to keep).
    case missing
    case data(Data)
    /// Something that is not a readable settings file, and why, in words.
    case unreadable(String)
  }

  /// Reads the file at `url`.
  static func read(_ url: URL) -> Contents {
    let path = url.path
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .unreadable("it cannot be read") }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .unreadable("it is not a regular file")
    }
    guard Int(status.st_size) <= limit else {
      return .unreadable("it is larger than \(limit >> 20) MB")
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    guard filled <= limit else { return .unreadable("it is larger than \(limit >> 20) MB") }
    return .data(Data(bytes[..<filled]))
  }

  /// "20261129T190102Z": sortable, and safe in a file name.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }
}
