import Glibc

/// Converts legacy-encoded bytes to UTF-8 with glibc's iconv, never failing: an
/// undecodable unit becomes U+FFFD and decoding goes on after it.
enum IconvDecoder {
  /// The UTF-8 bytes of `bytes` read as `encoding`, and how many units were replaced;
  /// nil when iconv does not know the encoding.
  static func decode(
    _ bytes: UnsafeRawBufferPointer, from encoding: String, unitSize: Int
  ) -> (utf8: [UInt8], replacements: Int)? {
    let converter = iconv_open("UTF-8", encoding)
    guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    var output = [UInt8](repeating: 0, count: max(64, bytes.count * 3 / 2 + 16))
    var written = 0
    var replacements = 0
    guard var input = bytes.baseAddress else { return ([], 0) }
    var inputLeft = bytes.count
    while inputLeft > 0 {
      if output.count - written < 16 {
        output.append(contentsOf: repeatElement(0, count: output.count))
      }
      var outputLeft = output.count - written
      let (result, error) = output.withUnsafeMutableBytes { out in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
          mutating: input.assumingMemoryBound(to: CChar.self))
        var outPointer: UnsafeMutablePointer<CChar>? = out.baseAddress!.advanced(by: written)
          .assumingMemoryBound(to: CChar.self)
        let result = iconv(converter, &inPointer, &inputLeft, &outPointer, &outputLeft)
        let error = errno
        if let inPointer { input = UnsafeRawPointer(inPointer) }
        return (result, error)
      }
      written = output.count - outputLeft
      if result != -1 { break }
      switch error {
      case E2BIG:
        output.append(contentsOf: repeatElement(0, count: output.count))
      case EILSEQ, EINVAL:
        // Invalid or truncated unit: replace it and resynchronise one unit later.
        replacements += 1
        if output.count - written < 3 { output.append(contentsOf: repeatElement(0, count: 64)) }
        output.replaceSubrange(written..<(written + 3), with: [0xEF, 0xBF, 0xBD])
        written += 3
        let skip = min(unitSize, inputLeft)
        input = input.advanced(by: skip)
        inputLeft -= skip
      default:
        inputLeft = 0
      }
    }
    output.removeSubrange(written...)
    return (output, replacements)
  }
}
