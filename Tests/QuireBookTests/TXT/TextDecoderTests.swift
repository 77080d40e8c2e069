import Testing

@testable import QuireBook

/// The decoders that replace iconv on the common encodings give iconv's exact result, and
/// newline normalisation handles every line end.
@Suite struct TextDecoderTests {
  private func iconv(_ bytes: [UInt8], _ encoding: String, unitSize: Int) throws
    -> (utf8: [UInt8], replacements: Int)
  {
    try #require(
      bytes.withUnsafeBytes { IconvDecoder.decode($0, from: encoding, unitSize: unitSize) })
  }

  @Test func windows1252TableMatchesIconvOnEveryByte() throws {
    let bytes = (0...255).map(UInt8.init) + Array("plain ASCII run of text".utf8)
    let table = bytes.withUnsafeBytes { SingleByteDecoder.decodeCP1252($0) }
    let reference = try iconv(bytes, "CP1252", unitSize: 1)
    #expect(table.utf8 == reference.utf8)
    #expect(table.replacements == 5)
    #expect(table.replacements == reference.replacements)
    let euro = [0x80, 0x20, 0xE9].map(UInt8.init).withUnsafeBytes {
      SingleByteDecoder.decodeCP1252($0)
    }
    #expect(String(decoding: euro.utf8, as: UTF8.self) == "€ é")
  }

  @Test(arguments: [false, true])
  func utf16TranscoderMatchesIconvOnBrokenInput(bigEndian: Bool) throws {
    let units: [UInt16] = [
      0x0041, 0x4E2D, 0xD83D, 0xDE00,  // A, 中, a surrogate pair (😀)
      0xD800, 0x0042,  // a high surrogate without its low one
      0xDC00, 0x000A,  // a lone low surrogate
      0x00E9, 0xD801,  // é, then a high surrogate at the very end
    ]
    var bytes = units.flatMap { unit -> [UInt8] in
      let high = UInt8(unit >> 8)
      let low = UInt8(unit & 0xFF)
      return bigEndian ? [high, low] : [low, high]
    }
    for trailing in [[], [0x41]] as [[UInt8]] {
      bytes += trailing
      let decoded = bytes.withUnsafeBytes { UTF16Transcoder.decode($0, bigEndian: bigEndian) }
      let reference = try iconv(bytes, bigEndian ? "UTF-16BE" : "UTF-16LE", unitSize: 2)
      #expect(decoded.utf8 == reference.utf8)
      #expect(decoded.replacements == reference.replacements)
      #expect(decoded.replacements == 3 + trailing.count)
    }
  }

  /// Random bytes, mostly high ones so that valid pairs, four-byte GB18030 codes,
  /// invalid trails and a truncated end all occur, decode exactly as iconv decodes them.
  @Test(arguments: ["GB18030", "CP950"])
  func doubleByteTableMatchesIconvOnRandomBytes(encoding: String) throws {
    let decoder = try #require(DoubleByteDecoder.decoder(for: encoding))
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let bytes = (0..<4000).map { _ -> UInt8 in
        let roll = UInt8.random(in: 0...9, using: &generator)
        // Digits make GB18030 four-byte codes (81 30 81 30) likely.
        if roll < 2 { return UInt8.random(in: 0x30...0x39, using: &generator) }
        if roll < 3 { return UInt8.random(in: 0x00...0x7F, using: &generator) }
        return UInt8.random(in: 0x80...0xFF, using: &generator)
      }
      let table = bytes.withUnsafeBytes { decoder.decode($0) }
      let reference = try iconv(bytes, encoding, unitSize: 1)
      #expect(table.utf8 == reference.utf8)
      #expect(table.replacements == reference.replacements)
    }
  }

  @Test func utf16CountsOfUTF8MatchSwiftAcrossWordBoundaries() {
    let text = "ab€c𝄞d中文é😀xyz0123456789\u{10FFFF}end" + String(repeating: "q𝄞", count: 9)
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      // From every scalar start among the first bytes, so words straddle characters.
      for start in 0..<12 where buffer[start] & 0xC0 != 0x80 {
        let expected = String(decoding: buffer[start...], as: UTF8.self).utf16.count
        #expect(TextBytes.utf16Count(buffer, start, buffer.count) == expected, "from \(start)")
      }
    }
  }

  @Test func newlinesBecomeLineFeedsAndTheBOMGoes() {
    var bytes = Array("\u{FEFF}a\r\nb\rc\r\r\nd\n\re\r".utf8)
    TextDecoder.normaliseNewlines(&bytes, droppingFirst: 3)
    #expect(String(decoding: bytes, as: UTF8.self) == "a\nb\nc\n\nd\n\ne\n")
    var plain = Array("no carriage returns\n".utf8)
    TextDecoder.normaliseNewlines(&plain)
    #expect(plain == Array("no carriage returns\n".utf8))
  }

  @Test func validationStopsEarlyOnlyWhenTheVerdictIsSure() {
    // Legacy bytes from the start: clearly not UTF-8 long before the end.
    let legacy = [UInt8](repeating: 0xB0, count: 10_000)
    let early = legacy.withUnsafeBytes {
      UTF8Validator.validate($0, stopsWhenMostlyInvalid: true)
    }
    #expect(!early.isComplete)
    #expect(!early.isMostlyValid)
    // A few broken bytes in much good UTF-8 stay UTF-8, checked to the end.
    let mostlyGood = [0xFF] + Array(String(repeating: "中文", count: 100).utf8)
    let full = mostlyGood.withUnsafeBytes {
      UTF8Validator.validate($0, stopsWhenMostlyInvalid: true)
    }
    #expect(full.isComplete)
    #expect(full.isMostlyValid)
  }
}
