package import Foundation

/// SHA-256 (FIPS 180-4), streamed: the content hash under which the library finds a moved
/// book and caches its pagination.
///
/// Written here because Linux has no CryptoKit and Foundation has no SHA. The state is a
/// tuple and blocks are compressed straight from the caller's buffer, which keeps it well
/// above 200 MB/s in release builds. Feed bytes with `update`, then call `hexDigest()` once.
/// - Complexity: O(n) in the bytes hashed.
package struct SHA256 {
  private typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

  private var state: State = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
    0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  /// Bytes of an incomplete block waiting for more input.
  private var pending: [UInt8] = []
  private var byteCount: UInt64 = 0
  private var schedule = [UInt32](repeating: 0, count: 64)

  /// A hasher with no input yet.
  package init() {
    pending.reserveCapacity(64)
  }

  /// Hashes more bytes.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    byteCount &+= UInt64(bytes.count)
    var start = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<take])
      start = take
      if pending.count < 64 { return }
      let block = pending
      pending.removeAll(keepingCapacity: true)
      block.withUnsafeBytes { compressBlocks($0) }
    }
    let whole = (bytes.count - start) / 64 * 64
    if whole > 0 {
      compressBlocks(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + whole)]))
      start += whole
    }
    if start < bytes.count { pending.append(contentsOf: bytes[start...]) }
  }

  /// Hashes more bytes.
  package mutating func update<Bytes: ContiguousBytes>(_ bytes: Bytes) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The digest as 64 lower-case hex digits; finishes the hash (call once).
  package mutating func hexDigest() -> String {
    let bitCount = byteCount &* 8
    var tail: [UInt8] = [0x80]
    tail += [UInt8](repeating: 0, count: (64 + 56 - (pending.count + 1) % 64) % 64)
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
    }
    tail.withUnsafeBytes { update($0) }
    let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
    let digits = Array("0123456789abcdef".utf8)
    var hex = [UInt8]()
    hex.reserveCapacity(64)
    for word in words {
      for shift in stride(from: 28, through: 0, by: -4) {
        hex.append(digits[Int((word >> UInt32(shift)) & 0xF)])
      }
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
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      hasher.update(chunk)
    }
    return hasher.hexDigest()
  }

  /// Compresses whole 64-byte blocks.
  private mutating func compressBlocks(_ blocks: UnsafeRawBufferPointer) {
    var state = self.state
    Self.roundConstants.withUnsafeBufferPointer { k in
      schedule.withUnsafeMutableBufferPointer { w in
        var offset = 0
        while offset + 64 <= blocks.count {
          Self.compress(
            UnsafeRawBufferPointer(rebasing: blocks[offset..<(offset + 64)]), &state, w, k)
          offset += 64
        }
      }
    }
    self.state = state
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  private static func compress(
    _ block: UnsafeRawBufferPointer,
    _ state: inout State,
    _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
  ) {
    for i in 0..<16 {
      w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
    }
    for i in 16..<64 {
      let x = w[i - 15]
      let y = w[i - 2]
      let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
      let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
      w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = state
    do {
      for i in 0..<64 {
        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
        let choice = (e & f) ^ (~e & g)
        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let t2 = s0 &+ majority
        h = g
        g = f
        f = e
        e = d &+ t1
        d = c
        c = b
        b = a
        a = t1 &+ t2
      }
    }
    state = (
      state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
      state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
    )
  }
}

extension UInt32 {
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 &- count))
  }
}
