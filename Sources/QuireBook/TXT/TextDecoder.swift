/// Turns a TXT file's bytes into normalised UTF-8: detected encoding, BOM stripped,
/// CRLF and CR turned into LF.
struct TextDecoder {
  /// The decoded text as UTF-8 bytes with "\n" line ends.
  var utf8: [UInt8]
  /// The encoding's display name for `BookFormat.txt(encoding:)`.
  var encodingName: String
  /// Units that could not be decoded and became U+FFFD.
  var replacements: Int

  /// Decodes `bytes`; `path` names the file in errors.
  /// - Throws: `BookError(.notText)` for binary data.
  init(bytes: UnsafeRawBufferPointer, path: String) throws {
    if let kind = BinarySniffer.binaryKind(of: bytes) {
      throw BookError(.notText, path: path, "is not a text file: it looks like \(kind)")
    }
    let encoding = EncodingDetector.detect(bytes)
    let body = UnsafeRawBufferPointer(rebasing: bytes[min(encoding.skip, bytes.count)...])
    var decoded: [UInt8]
    var replacements = 0
    var name = encoding.name
    if let iconvName = encoding.iconvName,
      let result = IconvDecoder.decode(body, from: iconvName, unitSize: encoding.unitSize)
    {
      decoded = result.utf8
      replacements = result.replacements
    } else {
      if encoding.iconvName != nil { name = "UTF-8" }
      if encoding.isKnownValid || UTF8Validator.validate(body).invalidBytes == 0 {
        decoded = Array(body)
      } else {
        // Swift's decoder repairs ill-formed sequences with U+FFFD (maximal subparts).
        decoded = Array(String(decoding: body, as: UTF8.self).utf8)
        replacements = Self.replacementCount(decoded) - Self.replacementCount(Array(body))
      }
    }
    if decoded.starts(with: [0xEF, 0xBB, 0xBF]) { decoded.removeFirst(3) }
    Self.normaliseNewlines(&decoded)
    utf8 = decoded
    encodingName = name
    self.replacements = replacements
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

  /// Rewrites CRLF and lone CR as LF in place.
  /// - Complexity: O(n).
  static func normaliseNewlines(_ bytes: inout [UInt8]) {
    guard bytes.contains(0x0D) else { return }
    var write = 0
    bytes.withUnsafeMutableBufferPointer { buffer in
      var read = 0
      let count = buffer.count
      while read < count {
        let byte = buffer[read]
        if byte == 0x0D {
          buffer[write] = 0x0A
          if read + 1 < count && buffer[read + 1] == 0x0A { read += 1 }
        } else {
          buffer[write] = byte
        }
        write += 1
        read += 1
      }
    }
    bytes.removeSubrange(write...)
  }
}
