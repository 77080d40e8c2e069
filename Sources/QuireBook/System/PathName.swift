import Glibc

/// File names as Linux has them: bytes, not necessarily UTF-8, carried in a `String`
/// without loss.
///
/// A byte that is not part of valid UTF-8 (`$'\xff\xfe'.txt`) becomes one private-use
/// scalar, U+10FD00 plus the byte (as Python's `surrogateescape` does with lone surrogates,
/// which a Swift string cannot hold); the scalars of that range that a valid name really
/// contains are escaped byte by byte too, so decoding and encoding are exact inverses.
/// Every system call that takes a path a user gave goes through `withCString`, and the
/// command line turns the escapes back into the bytes when it prints a name.
package enum PathName {
  /// The first escape scalar; a byte `b` (0x80…0xFF) is `escapeBase + b`.
  static let escapeBase: UInt32 = 0x10_FD00

  /// The folder a path names its file in, as `NSString.deletingLastPathComponent` gives it
  /// ("a/b" → "a", "/f" → "/", "f" → ""), without Foundation's, which crashes on a name of
  /// one character ("f"): `--library f` ended in SIGILL.
  package static func folder(of path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/") else { return "" }
    var folder = path[..<slash]
    while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The last name in a path ("a/b.epub" → "b.epub", "a/b/" → "b", "/" → "/").
  package static func fileName(of path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/"), path.count > 1 else { return String(path) }
    return String(path[path.index(after: slash)...])
  }

  /// The process's arguments, without the program name, decoded without loss.
  package static func arguments() -> [String] {
    (1..<Int(CommandLine.argc)).compactMap { index in
      CommandLine.unsafeArgv[index].map { decode(cString: $0) }
    }
  }

  /// A NUL-terminated name from the system.
  package static func decode(cString: UnsafePointer<CChar>) -> String {
    let count = strlen(cString)
    return cString.withMemoryRebound(to: UInt8.self, capacity: count) {
      decode(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// Bytes from the file system as a string; valid UTF-8 reads as itself.
  package static func decode(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      if let (scalar, length) = scalar(in: bytes, at: index), !isEscape(scalar) {
        scalars.append(scalar)
        index += length
        continue
      }
      // An invalid byte, or a valid escape scalar's bytes: each byte escaped on its own.
      let length = scalar(in: bytes, at: index)?.length ?? 1
      for byte in bytes[index..<(index + length)] {
        scalars.append(Unicode.Scalar(escapeBase + UInt32(byte))!)
      }
      index += length
    }
    return String(scalars)
  }

  /// The bytes `path` stands for.
  package static func bytes(_ path: some StringProtocol) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if isEscape(scalar) {
        bytes.append(UInt8(scalar.value - escapeBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Whether `text` holds escaped bytes (most names do not, and take the fast way).
  package static func hasEscapes(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains(where: isEscape)
  }

  /// Runs `body` with the NUL-terminated bytes of `path`, for a system call.
  package static func withCString<T>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws -> T
  ) rethrows -> T {
    guard hasEscapes(path) else { return try path.withCString(body) }
    let bytes = self.bytes(path).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }

  /// Whether something is at `path` (a file, a folder, anything), following links.
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return withCString(path) { stat($0, &status) } == 0
  }

  /// Opens `path` with `open(2)`; the descriptor, or -1 with `errno` set.
  package static func open(_ path: String, _ flags: Int32, _ mode: UInt32 = 0) -> Int32 {
    withCString(path) { Glibc.open($0, flags, mode_t(mode)) }
  }

  private static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF
  }

  /// The scalar a valid UTF-8 sequence at `index` encodes, with its length; nil when the
  /// bytes there are not valid UTF-8 (overlong forms and surrogates included).
  private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, length: Int)? {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    for byte in bytes[(index + 1)..<(index + length)] {
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
    guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }
}

extension PathName {
  /// The names in a folder (without "." and ".."), decoded without loss; nil when it
  /// cannot be listed.
  package static func contentsOfDirectory(_ path: String) -> [String]? {
    guard let directory = withCString(path, { opendir($0) }) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        decode(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// What is at a path (`stat`, or `lstat` when not `followingLinks`); nil when nothing.
  package static func status(_ path: String, followingLinks: Bool = true) -> FileStatus? {
    var status = stat()
    let result = withCString(path) { followingLinks ? stat($0, &status) : lstat($0, &status) }
    return result == 0 ? FileStatus(status) : nil
  }

  /// The canonical absolute path with every link resolved, or nil.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = withCString(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return decode(cString: resolved)
  }
}

/// What `stat` says of a path, without the C type.
package struct FileStatus: Hashable, Sendable {
  /// The kind of file.
  package enum Kind: Hashable, Sendable {
    case regular, directory, symbolicLink, fifo, socket, device, other
  }

  package var kind: Kind
  package var size: Int

  /// A status of this kind and size.
  package init(kind: Kind, size: Int) {
    self.kind = kind
    self.size = size
  }

  init(_ status: stat) {
    switch status.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    case S_IFIFO: kind = .fifo
    case S_IFSOCK: kind = .socket
    case S_IFCHR, S_IFBLK: kind = .device
    default: kind = .other
    }
    size = Int(status.st_size)
  }
}
