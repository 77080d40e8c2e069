import Glibc

extension BookFile {
  /// The whole file's bytes, read straight into the buffer that is kept; `noun` names
  /// the kind of file in messages ("text file", "FictionBook file").
  ///
  /// Never more than `limit` and one byte are read, whatever the file does while it is
  /// read (a file that grows past its size since `fstat` is noticed).
  /// - Throws: `BookError` for an empty, oversized or unreadable file, or one that is not
  ///   a regular file.
  static func read(_ path: String, limit: Int, noun: String) throws -> [UInt8] {
    let (descriptor, size) = try openRegular(path)
    defer { close(descriptor) }
    if size > limit {
      throw BookError(
        .limitExceeded, path: path,
        "the \(noun) is \(size) bytes, more than the limit of \(limit) bytes")
    }
    // One byte more than announced, to notice a file that grew since.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var filled = 0
    while true {
      if filled == bytes.count {
        // Grown past its size since `fstat`: read on, but never more than the limit
        // and one byte (which tells an oversized file), whatever the file does.
        if filled > limit { break }
        let grown = min(bytes.count * 2, limit + 1)
        bytes.append(contentsOf: repeatElement(0, count: grown - bytes.count))
      }
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw BookError(.unreadable, path: path, "cannot be read (permission denied?)")
      }
      if count == 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    if bytes.isEmpty { throw BookError(.emptyFile, path: path, "the file is empty") }
    if bytes.count > limit {
      // Reading stopped one byte past the limit: the file's real size is not known.
      throw BookError(
        .limitExceeded, path: path, "the \(noun) is more than the limit of \(limit) bytes")
    }
    return bytes
  }
}
