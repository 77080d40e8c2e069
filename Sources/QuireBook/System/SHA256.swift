import CCrypto
package import Foundation

/// SHA-256 (FIPS 180-4), streamed: the content hash under which the library finds a moved
/// book and caches its pagination.
///
/// Computed by OpenSSL's libcrypto (its SHA-256 functions, not the EVP interface, whose
/// providers would cost the terminal reader 2 MB resident), which uses the processor's SHA
/// instructions where it has them: some 1.5 GB/s against 250 MB/s for the Swift code this
/// replaced, which made hashing a 10 MB novel the largest part of opening it. Feed bytes
/// with `update`, then call `hexDigest()` once.
/// - Complexity: O(n) in the bytes hashed.
package struct SHA256 {
  private var context = SHA256_CTX()

  /// A hasher with no input yet.
  package init() {
    SHA256_Init(&context)
  }

  /// Hashes more bytes.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    SHA256_Update(&context, base, bytes.count)
  }

  /// Hashes more bytes.
  package mutating func update<Bytes: ContiguousBytes>(_ bytes: Bytes) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The digest as 64 lower-case hex digits; finishes the hash (call once).
  package mutating func hexDigest() -> String {
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    SHA256_Final(&digest, &context)
    let digits = Array("0123456789abcdef".utf8)
    var hex = [UInt8]()
    hex.reserveCapacity(64)
    for byte in digest {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: hex, as: UTF8.self)
  }

  /// The lowercase hex SHA-256 of `bytes`.
  package static func hexDigest(of bytes: UnsafeRawBufferPointer) -> String {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.hexDigest()
  }

  /// The lowercase hex SHA-256 of `bytes`.
  package static func hexDigest(of bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { hexDigest(of: $0) }
  }

  /// The lowercase hex SHA-256 of a file's bytes, read in 1 MiB chunks.
  package static func hexDigest(ofFileAt path: String) throws -> String {
    let descriptor = PathName.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CocoaError(
        .fileReadNoSuchFile,
        userInfo: [
          NSFilePathErrorKey: path,
          NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
        ])
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      hasher.update(chunk)
    }
    return hasher.hexDigest()
  }
}

extension SHA256 {
  /// A book file's content hash (`ResourceContainer.contentHash`): its hex SHA-256.
  /// - Throws: `BookError` `.unreadable` naming the file when it cannot be read.
  package static func bookHash(ofFileAt path: String) throws -> String {
    do {
      return try hexDigest(ofFileAt: path)
    } catch {
      throw BookError(.unreadable, path: path, "cannot be read to compute its hash")
    }
  }
}
