import Testing

@testable import QuireBook

/// FIPS 180-2 appendix A test vectors.
@Suite struct SHA1Tests {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  @Test func knownVectors() {
    #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(
      hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(
      hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000)))
        == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test func lengthsAroundTheBlockBoundary() {
    // 55, 56 and 64 bytes take one, two and two padded blocks.
    #expect(
      hex(SHA1.digest([UInt8](repeating: 0x61, count: 55)))
        == "c1c8bbdc22796e28c0e15163d20899b65621d65a")
    #expect(
      hex(SHA1.digest([UInt8](repeating: 0x61, count: 64)))
        == "0098ba824b5c16427bd7a1122a5a442a25ec644d")
  }
}
