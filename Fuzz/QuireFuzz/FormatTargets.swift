import Foundation

@testable import QuireBook

/// Arbitrary bytes as a FictionBook: libxml2's recovering parse, the description, the
/// outline, every chapter's XHTML and every base64 image.
enum FB2Fuzz {
  static func run(_ bytes: [UInt8]) {
    let path = ScratchFile.write(bytes, ext: "fb2")
    guard let book = try? FB2Importer.importBook(path: path, options: ImportOptions()) else {
      return
    }
    readEverything(book)
    for index in book.chapters.indices {
      if let text = try? book.text(ofChapter: index) { XHTMLFuzz.check(text) }
    }
  }
}

/// Arbitrary bytes as a Kindle book: libmobi's Palm database, decompression and
/// reconstruction, the old-MOBI page split, and every chapter through the EPUB path.
enum MobipocketFuzz {
  static func run(_ bytes: [UInt8]) {
    let path = ScratchFile.write(bytes, ext: "mobi")
    guard let book = try? MobipocketImporter.importBook(path: path, options: ImportOptions())
    else { return }
    readEverything(book)
  }
}

/// Arbitrary bytes as a comic archive: libzip (or libarchive for bytes that start as a
/// 7-Zip or RAR archive does), the page order, ComicInfo.xml, every page.
enum ComicFuzz {
  static func run(_ bytes: [UInt8]) {
    let path = ScratchFile.write(bytes, ext: "cbz")
    let container: (any ResourceContainer)?
    let format: BookFormat
    switch FileSignature(prefix: Array(bytes.prefix(FileSignature.prefixLength))) {
    case .sevenZip:
      container = try? ArchiveContainer(path: path, kind: .sevenZip, limits: ImportLimits())
      format = .comicArchive("CB7")
    case .rar:
      container = try? ArchiveContainer(path: path, kind: .rar, limits: ImportLimits())
      format = .comicArchive("CBR")
    default:
      container = try? ZipContainer(path: path, limits: ImportLimits())
      format = .cbz
    }
    guard let container,
      let book = try? ComicImporter.importBook(
        from: container, path: path, format: format, options: ImportOptions())
    else { return }
    readEverything(book)
  }
}
