import Foundation

/// Writes small ZIP archives (stored, uncompressed) for container and importer tests,
/// with hooks to lie in the central directory the way hostile archives do.
struct TestZip {
  /// One file of the archive.
  struct Entry {
    var name: String
    var data: [UInt8]
    /// Uncompressed size written to the central directory instead of the real one.
    var declaredSize: UInt32?
    /// Compressed size written to the central directory instead of the real one.
    var declaredCompressedSize: UInt32?
    /// ZIP compression method: 0 stored (`data` is written as is), 8 deflate (`data` is
    /// already a raw deflate stream, and `declaredSize` and `crc` must be given).
    var method: UInt16 = 0
    /// CRC-32 written instead of the one computed from `data`.
    var crc: UInt32?
  }

  var entries: [Entry] = []

  /// Adds a file with its true sizes.
  mutating func add(_ name: String, _ text: String) {
    entries.append(Entry(name: name, data: Array(text.utf8)))
  }

  /// The archive's bytes; archives of more than 65,535 entries get a ZIP64 end record.
  func bytes() -> [UInt8] {
    var output: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let offset = UInt32(output.count)
      let name = Array(entry.name.utf8)
      let crc = entry.crc ?? crc32(entry.data)
      let size = UInt32(entry.data.count)
      let method = le16(entry.method)
      // A deflated entry's local header carries its inflated size; a stored one's lies
      // only in the central directory.
      let inflated = entry.method == 8 ? entry.declaredSize ?? size : size
      let local = le32(crc) + le32(size) + le32(inflated)
      output += le32(0x0403_4b50) + le16(20) + le16(0) + method + le16(0) + le16(0x21)
      output += local + le16(UInt16(name.count)) + le16(0)
      output += name + entry.data
      central += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + method + le16(0)
      central += le16(0x21) + le32(crc) + le32(entry.declaredCompressedSize ?? size)
      central += le32(entry.declaredSize ?? size) + le16(UInt16(name.count)) + le16(0)
      central += le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
    }
    let centralOffset = UInt32(output.count)
    output += central
    var count = UInt16(clamping: entries.count)
    if entries.count > 0xFFFF {
      // ZIP64 end of central directory record and locator (APPNOTE 4.3.14, 4.3.15).
      let recordOffset = UInt64(output.count)
      output += le32(0x0606_4b50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
      output += le64(UInt64(entries.count)) + le64(UInt64(entries.count))
      output += le64(UInt64(central.count)) + le64(UInt64(centralOffset))
      output += le32(0x0706_4b50) + le32(0) + le64(recordOffset) + le32(1)
      count = 0xFFFF
    }
    output += le32(0x0605_4b50) + le16(0) + le16(0) + le16(count)
    output += le16(count) + le32(UInt32(central.count)) + le32(centralOffset)
    output += le16(0)
    return output
  }

  /// Writes the archive into a fresh temporary folder and returns the file's path.
  func write(named name: String = "test.epub") throws -> String {
    let path = try ScratchFolder.make() + "/" + name
    try Data(bytes()).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A minimal valid EPUB 3 with the given OPF body parts and extra files.
  static func epub(
    opf: String, files: [String: String] = [:], containerXML: String? = defaultContainer
  ) -> TestZip {
    var zip = TestZip()
    zip.add("mimetype", "application/epub+zip")
    if let containerXML { zip.add("META-INF/container.xml", containerXML) }
    zip.add("OEBPS/content.opf", opf)
    for (name, text) in files.sorted(by: { $0.key < $1.key }) { zip.add(name, text) }
    return zip
  }

  static let defaultContainer = """
    <?xml version="1.0"?>
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
      <rootfiles><rootfile full-path="OEBPS/content.opf" \
    media-type="application/oebps-package+xml"/></rootfiles>
    </container>
    """

  /// A small XHTML chapter with a title and one paragraph.
  static func chapter(_ title: String, _ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <html xmlns="http://www.w3.org/1999/xhtml"><head><title>\(title)</title></head>
    <body><h1 id="top">\(title)</h1><p>\(body)</p></body></html>
    """
  }
}

private func le16(_ value: UInt16) -> [UInt8] {
  [UInt8(value & 0xFF), UInt8(value >> 8)]
}

private func le32(_ value: UInt32) -> [UInt8] {
  (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
}

private func le64(_ value: UInt64) -> [UInt8] {
  (0..<8).map { UInt8((value >> (8 * UInt64($0))) & 0xFF) }
}

private func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
  }
  return ~crc
}
