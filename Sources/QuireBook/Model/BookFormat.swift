/// What kind of file a book came from, with what the importer detected about it.
public enum BookFormat: Hashable, Sendable, Codable {
  /// Plain text, decoded from the named encoding (e.g. "UTF-8", "GB18030", "Big5").
  case txt(encoding: String)
  /// A zipped EPUB with its package version ("2.0", "3.0").
  case epub(version: String)
  /// An unpacked EPUB folder (the same layout as the zip, read in place).
  case epubDirectory(version: String)
  /// A FictionBook 2 file in the encoding its prolog declares.
  case fb2(encoding: String)
  /// A FictionBook 2 file inside a ZIP archive (`.fb2.zip`).
  case fb2Zip(encoding: String)
  /// An old Mobipocket book (MOBI 6).
  case mobi
  /// A Kindle Format 8 book (AZW3, or a MOBI whose KF8 part is read).
  case kf8
  /// A comic book archive: a ZIP of page images (CBZ).
  case cbz
  /// A comic book archive of another kind, named as readers know it: "CB7" (7-Zip) or
  /// "CBR" (RAR).
  case comicArchive(String)
  /// An Aozora Bunko text (青空文庫: ruby, notes, gaiji), decoded from the named encoding.
  case aozora(encoding: String)

  /// A short human-readable name, e.g. "TXT (GB18030)" or "EPUB 3.0".
  public var displayName: String {
    switch self {
    case .txt(let encoding): "TXT (\(encoding))"
    case .epub(let version): "EPUB \(version)"
    case .epubDirectory(let version): "EPUB \(version) (folder)"
    case .fb2(let encoding): "FB2 (\(encoding))"
    case .fb2Zip(let encoding): "FB2 in a ZIP (\(encoding))"
    case .mobi: "MOBI (Mobipocket 6)"
    case .kf8: "AZW3 (KF8)"
    case .cbz: "CBZ (comic)"
    case .comicArchive(let kind): "\(kind) (comic)"
    case .aozora(let encoding): "Aozora Bunko TXT (\(encoding))"
    }
  }
}
