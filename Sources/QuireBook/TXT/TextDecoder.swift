import Glibc

/// Turns a TXT file's bytes into normalised UTF-8: detected encoding, BOM stripped,
/// CRLF and CR turned into LF.
///
/// The common encodings have fast paths (UTF-8 is copied, UTF-16 and windows-1252 are
/// transcoded here); the other legacy encodings go through iconv.
struct TextDecoder {
  /// The decoded text as UTF-8 bytes with "\n" line ends.
  var utf8: [UInt8]
  /// The encoding's display name for `BookFormat.txt(encoding:)`.
  var encodingName: String
  /// Units that could not be decoded and became U+FFFD.
  var replacements: Int

  /// Decodes the bytes of a whole `file`, taking over its buffer when it is already
  /// UTF-8; `path` names the file in errors.
  /// - Throws: `BookError(.notText)` for binary data.
  init(file: consuming [UInt8], path: String) throws {
    enum Outcome {
      case decoded([UInt8], replacements: Int)
      /// Valid UTF-8 from this offset (after the BOM): the file itself.
      case valid(from: Int)
    }
    let (outcome, name) = try file.withUnsafeBytes { bytes in
      if let kind = BinarySniffer.binaryKind(of: bytes) {
        throw BookError(.notText, path: path, "is not a text file: it looks like \(kind)")
      }
      let encoding = EncodingDetector.detect(bytes)
      let skip = min(encoding.skip, bytes.count)
      let body = UnsafeRawBufferPointer(rebasing: bytes[skip...])
      if let result = Self.decode(body, encoding) {
        return (Outcome.decoded(result.utf8, replacements: result.replacements), encoding.name)
      }
      let name = encoding.iconvName != nil ? "UTF-8" : encoding.name
      if encoding.isKnownValid || UTF8Validator.validate(body).invalidBytes == 0 {
        return (Outcome.valid(from: skip), name)
      }
      // Swift's decoder repairs ill-formed sequences with U+FFFD (maximal subparts).
      let repaired = Array(String(decoding: body, as: UTF8.self).utf8)
      let replacements = Self.replacementCount(repaired) - Self.replacementCount(Array(body))
      return (Outcome.decoded(repaired, replacements: replacements), name)
    }
    var decoded: [UInt8]
    var start = 0
    switch outcome {
    case .decoded(let bytes, let count):
      decoded = bytes
      replacements = count
    case .valid(let skip):
      decoded = consume file
      start = skip
      replacements = 0
    }
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    if decoded[start...].starts(with: bom) { start += 3 }
    Self.normaliseNewlines(&decoded, droppingFirst: start)
    utf8 = decoded
    encodingName = name
  }

  /// Decodes a non-UTF-8 `encoding`; nil for UTF-8 or when iconv does not know it.
  private static func decode(_ body: UnsafeRawBufferPointer, _ encoding: EncodingDetector.Encoding)
    -> (utf8: [UInt8], replacements: Int)?
  {
    switch encoding.iconvName {
    case nil: return nil
    case "CP1252": return SingleByteDecoder.decodeCP1252(body)
    case "UTF-16LE": return UTF16Transcoder.decode(body, bigEndian: false)
    case "UTF-16BE": return UTF16Transcoder.decode(body, bigEndian: true)
    case let name? where name == "GB18030" || name == "CP950":
      return DoubleByteDecoder.decoder(for: name)?.decode(body)
        ?? IconvDecoder.decode(body, from: name, unitSize: encoding.unitSize)
    case let name?: return IconvDecoder.decode(body, from: name, unitSize: encoding.unitSize)
    }
  }

  /// Occurrences of U+FFFD (EF BF BD).
  private static func replacementCount(_ bytes: [UInt8]) -> Int {
    var count = 0
    var i = 0
    while i + 2 < bytes.count {
      if bytes[i] == 0xEF && bytes[i + 1] == 0xBF && bytes[i + 2] == 0xBD {
        count += 1
        i += 3
      } else {
        i += 1
      }
    }
    return count
  }

  /// Rewrites CRLF and lone CR as LF in place, dropping the first `dropped` bytes (a
  /// BOM) in the same pass.
  /// - Complexity: O(n); runs without CR are found with `memchr` and moved whole.
  static func normaliseNewlines(_ bytes: inout [UInt8], droppingFirst dropped: Int = 0) {
    let count = bytes.count
    let write = bytes.withUnsafeMutableBufferPointer { buffer -> Int in
      guard let base = buffer.baseAddress, count > dropped else { return 0 }
      var read = dropped
      var write = 0
      while read < count {
        let next = memchr(base + read, 0x0D, count - read).map {
          $0.assumingMemoryBound(to: UInt8.self) - base
        }
        let end = next ?? count
        if write != read { memmove(base + write, base + read, end - read) }
        write += end - read
        guard end < count else { break }
        base[write] = 0x0A
        write += 1
        read = end + 1
        if read < count && base[read] == 0x0A { read += 1 }
      }
      return write
    }
    if write < count { bytes.removeSubrange(write...) }
  }
}
