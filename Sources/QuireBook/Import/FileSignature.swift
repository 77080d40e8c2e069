/// What a book file is, told from its first bytes (never from its name).
enum FileSignature: Equatable {
  /// A ZIP archive: an EPUB, an FB2 in a ZIP, or a comic book (see `ArchiveKind`).
  case zip
  /// A 7-Zip archive (a CB7 comic).
  case sevenZip
  /// A RAR archive, version 4 or 5 (a CBR comic).
  case rar
  /// A FictionBook 2 XML document.
  case fictionBook
  /// A Palm database of a Mobipocket or KF8 book (`BOOKMOBI`, or PalmDOC's `TEXtREAd`).
  case mobipocket
  /// Anything else: read as text.
  case other

  /// How many leading bytes `init(prefix:)` looks at.
  static let prefixLength = 4096

  /// Tells the kind from the file's first `prefixLength` bytes.
  init(prefix bytes: [UInt8]) {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    {
      self = .zip
    } else if bytes.starts(with: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) {
      self = .sevenZip
    } else if bytes.starts(with: Array("Rar!".utf8) + [0x1A, 0x07]) {
      self = .rar
    } else if bytes.count >= 68,
      [Array("BOOKMOBI".utf8), Array("TEXtREAd".utf8)].contains(Array(bytes[60..<68]))
    {
      self = .mobipocket
    } else if Self.isFictionBook(bytes) {
      self = .fictionBook
    } else {
      self = .other
    }
  }

  /// An XML document (after an optional UTF-8 byte-order mark and white space) whose
  /// first element is `<FictionBook`, within the prefix: comments and a doctype may come
  /// before it.
  private static func isFictionBook(_ bytes: [UInt8]) -> Bool {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
    let needle = Array("<FictionBook".utf8)
    guard bytes.count >= needle.count else { return false }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index] == UInt8(ascii: "<") {
        if bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
        // Another element first: not a FictionBook (a prolog, comment or doctype is fine).
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next != UInt8(ascii: "?") && next != UInt8(ascii: "!") { return false }
      }
      index += 1
    }
    return false
  }
}
