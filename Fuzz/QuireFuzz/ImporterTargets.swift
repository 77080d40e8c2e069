import Foundation

@testable import QuireBook

/// Arbitrary bytes as a TXT book: encoding detection, boilerplate, chapter splitting, and
/// every chapter's text.
enum TXTFuzz {
  static func run(_ bytes: [UInt8]) {
    let path = ScratchFile.write(bytes, ext: "txt")
    guard let book = try? TXTImporter.importBook(path: path, options: ImportOptions()) else {
      return
    }
    readEverything(book)
  }
}

/// Arbitrary bytes as an `.epub` file: libzip, the container's limits, the package, the
/// TOC, and every chapter and resource.
enum EPUBFuzz {
  static func run(_ bytes: [UInt8]) {
    let path = ScratchFile.write(bytes, ext: "epub")
    guard let book = try? Book.open(path) else { return }
    readEverything(book)
  }
}

/// Reads all of a book the way a reader and `quire info` do.
func readEverything(_ book: Book) {
  for index in book.chapters.indices {
    guard let text = try? book.text(ofChapter: index) else { continue }
    for attachment in text.attachments { _ = try? book.resource(at: attachment.href) }
    for link in text.links {
      if case .internal(let href) = link.value { _ = book.locator(forHref: href, from: index) }
    }
  }
  if let cover = book.metadata.coverHref, let data = try? book.resource(at: cover) {
    _ = ImageHeader.size(of: data)
  }
}

/// Arbitrary text as an Aozora Bunko book: every line through the markup reader (ruby,
/// notes, gaiji, accents), then the book behind an Aozora header, every chapter built.
enum AozoraFuzz {
  /// A title block and the notation legend: the text after it is read as Aozora's.
  static let header = """
    題名
    著者

    -------------------------------------------------------
    【テキスト中に現れる記号について】
    -------------------------------------------------------

    """

  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n").prefix(4000) { _ = AozoraLineParser.parse(line) }
    let path = ScratchFile.write(Array((header + text).utf8), ext: "txt")
    guard let book = try? Book.open(path) else { return }
    readEverything(book)
  }
}
