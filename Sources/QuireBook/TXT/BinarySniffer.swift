/// Tells binary files from text before any decoding is tried.
///
/// A file renamed to `.txt` (an image, a PDF, an archive) must fail with a message that
/// says what it looks like, not open as a book of mojibake.
enum BinarySniffer {
  private static let signatures: [(magic: [UInt8], name: String)] = [
    ([0xFF, 0xD8, 0xFF], "a JPEG image"),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
    (Array("GIF87a".utf8), "a GIF image"),
    (Array("GIF89a".utf8), "a GIF image"),
    (Array("%PDF-".utf8), "a PDF document"),
    ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
    ([0x50, 0x4B, 0x05, 0x06], "a ZIP archive"),
    ([0x1F, 0x8B], "a gzip archive"),
    ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7-Zip archive"),
    (Array("Rar!".utf8), "a RAR archive"),
    ([0x7F, 0x45, 0x4C, 0x46], "an executable (ELF)"),
    (Array("RIFF".utf8), "a RIFF media file"),
    ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], "a Microsoft Office document"),
    (Array("BZh".utf8), "a bzip2 archive"),
    ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "an xz archive"),
  ]

  /// What the bytes look like when they are not text ("a JPEG image"), or nil for text.
  ///
  /// NUL bytes mark binary data unless they follow the every-other-byte pattern of
  /// UTF-16 or the BOM says UTF-16/32; those cases are left to `EncodingDetector`.
  static func binaryKind(of bytes: UnsafeRawBufferPointer) -> String? {
    for (magic, name) in signatures where bytes.starts(with: magic) {
      return name
    }
    if EncodingDetector.byteOrderMark(of: bytes) != nil { return nil }
    if EncodingDetector.utf16WithoutBOM(bytes) != nil { return nil }
    let sample = bytes.prefix(1 << 16)
    if sample.contains(0) { return "binary data (it contains NUL bytes)" }
    return nil
  }
}
