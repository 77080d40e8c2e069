import Glibc

/// A regular file opened for reading: the one way QuireLookup touches the file system.
///
/// Opened `O_NONBLOCK` and checked with `fstat`, so a FIFO, a socket or a device put where a
/// dictionary should be is refused at once instead of blocking or reading forever. Reads
/// use `pread` and say plainly when the file ends before the bytes asked for. Nothing is
/// ever written.
final class RegularFile: @unchecked Sendable {
  // @unchecked: the descriptor and size never change after `init`, and `pread` is safe
  // from any thread.

  /// The path the file was opened at, for messages.
  let path: String
  /// Its size in bytes when it was opened.
  let size: Int
  private let descriptor: Int32

  /// Opens `path` for reading.
  ///
  /// - Throws: `LookupError.unreadable` when the file is missing, unreadable, or not a
  ///   regular file.
  init(path: String) throws(LookupError) {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw LookupError(.unreadable, path: path, "cannot open: \(String(cString: strerror(errno)))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw LookupError(.unreadable, path: path, "cannot read its size: \(reason)")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw LookupError(.unreadable, path: path, "not a regular file")
    }
    self.descriptor = descriptor
    size = Int(status.st_size)
  }

  deinit { close(descriptor) }

  /// The `count` bytes at `offset`.
  ///
  /// - Throws: `LookupError.damaged` when the file ends first (it was cut short),
  ///   `.unreadable` when the system cannot read it.
  func read(at offset: Int, count: Int) throws(LookupError) -> [UInt8] {
    guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
      throw LookupError(
        .damaged, path: path,
        "bytes \(offset)–\(offset + count) are wanted, but the file has only \(size) bytes")
    }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    var failure: Int32 = 0
    bytes.withUnsafeMutableBytes { buffer in
      while done < count {
        let result = pread(
          descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
        if result > 0 {
          done += result
        } else if result < 0 && errno == EINTR {
          continue
        } else {
          failure = result < 0 ? errno : 0
          return
        }
      }
    }
    if done < count {
      if failure != 0 {
        throw LookupError(
          .unreadable, path: path, "cannot read: \(String(cString: strerror(failure)))")
      }
      throw LookupError(
        .damaged, path: path,
        "the file ends at byte \(offset + done), before byte \(offset + count)")
    }
    return bytes
  }

  /// The whole file mapped read-only into memory.
  func map() throws(LookupError) -> MappedBytes {
    try MappedBytes(descriptor: descriptor, size: size, path: path)
  }
}

/// A file's bytes mapped read-only into memory (`mmap`), unmapped when the value goes.
///
/// Pages are read on first touch, so a binary search over a 4 MB index reads a few pages.
/// The mapping is private and read-only: nothing can write through it.
final class MappedBytes: @unchecked Sendable {
  // @unchecked: the mapping is read-only and never changes after `init`.

  /// The mapped bytes (empty for an empty file).
  let bytes: UnsafeRawBufferPointer

  fileprivate init(descriptor: Int32, size: Int, path: String) throws(LookupError) {
    guard size > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      isAllocated = false
      return
    }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else {
      throw LookupError(.unreadable, path: path, "cannot map: \(String(cString: strerror(errno)))")
    }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
    isAllocated = false
  }

  /// Bytes already in memory (a decompressed `.idx.gz`), kept alive by this value.
  init(copying data: [UInt8]) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
    buffer.copyBytes(from: data)
    bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: data.count)
    isAllocated = true
  }

  /// Whether `bytes` were allocated (a copy) rather than mapped.
  private let isAllocated: Bool

  deinit {
    guard let base = bytes.baseAddress else { return }
    if isAllocated {
      base.deallocate()
    } else {
      munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    }
  }
}
