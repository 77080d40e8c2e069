import Glibc

/// Opening a book's file without ever blocking on it or reading what is not a file.
///
/// A FIFO opened for reading blocks until a writer appears, a socket cannot be opened at
/// all, and a device (`/dev/zero`, `/dev/urandom`) never ends; none of them is a book.
/// Paths are checked with `stat` before anything opens them, and every descriptor is
/// opened with `O_NONBLOCK` and checked again with `fstat`, so a path swapped for a FIFO
/// between the two cannot hang the reader either.
enum BookFile {
  /// What a path names, after following symbolic links.
  enum Kind: Equatable {
    case regular(size: Int)
    case directory
    /// Anything else, described for the user ("a named pipe (FIFO)").
    case other(String)
  }

  /// The kind of the file at `path`, or nil when there is nothing there.
  static func kind(at path: String) -> Kind? {
    var status = stat()
    guard PathName.withCString(path, { stat($0, &status) }) == 0 else { return nil }
    return kind(of: status)
  }

  /// Opens a regular file for reading, never blocking.
  ///
  /// - Returns: the descriptor, which the caller closes, and the file's size.
  /// - Throws: `BookError` `.notAFile` for anything but a regular file, `.unreadable`
  ///   when it cannot be opened.
  static func openRegular(_ path: String) throws -> (descriptor: Int32, size: Int) {
    if let kind = kind(at: path), case .other = kind { throw refusal(kind, path: path) }
    let descriptor = PathName.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw BookError(.unreadable, path: path, "cannot be read (permission denied?)")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      throw BookError(.unreadable, path: path, "cannot be read")
    }
    let kind = kind(of: status)
    guard case .regular(let size) = kind else {
      close(descriptor)
      throw refusal(kind, path: path)
    }
    return (descriptor, size)
  }

  /// The error for a path that is not a book file.
  static func refusal(_ kind: Kind, path: String) -> BookError {
    switch kind {
    case .other(let what):
      return BookError(.notAFile, path: path, "is \(what), not a book file")
    case .directory:
      return BookError(.notAFile, path: path, "is a folder without META-INF/container.xml")
    case .regular:
      return BookError(.unreadable, path: path, "cannot be read")
    }
  }

  private static func kind(of status: stat) -> Kind {
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regular(size: Int(status.st_size))
    case S_IFDIR: return .directory
    case S_IFIFO: return .other("a named pipe (FIFO)")
    case S_IFSOCK: return .other("a socket")
    case S_IFCHR: return .other("a character device")
    case S_IFBLK: return .other("a block device")
    default: return .other("not a regular file")
    }
  }
}
