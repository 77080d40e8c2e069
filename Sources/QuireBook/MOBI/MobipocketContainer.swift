import Foundation

/// A Mobipocket or KF8 book's reconstructed files as the container an EPUB would be, so
/// that `EPUBImporter` reads them: libmobi's package document (behind a
/// `META-INF/container.xml` made here), NCX, markup, stylesheets, images and fonts.
///
/// KF8 parts are XHTML already. An old MOBI's single HTML document is split into pages by
/// `MobipocketMarkup`, kept parsed and made XHTML when a page is read (`document(_:)`,
/// written out as bytes only if read as bytes), and the package's spine and the NCX's
/// targets are rewritten to those pages.
final class MobipocketContainer: ResourceContainer {
  let entryNames: [String]
  let warnings: [ImportWarning] = []
  private let path: String
  private let files: [String: Data]
  /// An old MOBI's pages as split, with the page of each id of their part: made XHTML
  /// when read, written out as bytes only when read as bytes.
  private let pages: [String: (page: MobipocketMarkup.Page, pageOfID: [String: String])]
  private let pageSizes: [String: Int]
  private let limits: ImportLimits

  static let packagePath = "content.opf"

  /// Lays out the files of `book`, read from the file at `path`.
  init(book: MobipocketFile, path: String, limits: ImportLimits) throws {
    self.path = path
    var files: [String: Data] = [:]
    var names: [String] = []
    func add(_ name: String, _ data: Data) {
      if files[name] == nil { names.append(name) }
      files[name] = data
    }
    guard var package = book.packageDocument.map({ String(decoding: $0, as: UTF8.self) }) else {
      throw BookError(
        .invalidPackage, path: path, "the book's index cannot be rebuilt: the file is damaged")
    }
    var navigation = book.navigation.map { ($0.name, String(decoding: $0.data, as: UTF8.self)) }
    var pages: [String: (page: MobipocketMarkup.Page, pageOfID: [String: String])] = [:]
    var pageSizes: [String: Int] = [:]
    for part in book.markup {
      guard !book.isKF8 else {
        add(part.name, part.data)
        continue
      }
      let split = try MobipocketMarkup.pages(
        of: part.data, named: part.name, path: path, limits: limits)
      for page in split.pages {
        pages[page.name] = (page, split.pageOfID)
        names.append(page.name)
        // As the EPUB importer reads a file's size: its text with some markup.
        pageSizes[page.name] = Int(Double(page.textLength) * EPUBImporter.markupOverhead)
      }
      package = Self.package(package, replacing: part.name, with: split.pages.map(\.name))
      if let (name, ncx) = navigation {
        navigation = (name, Self.navigation(ncx, of: part.name, pageOfID: split.pageOfID))
      }
    }
    for resource in book.resources { add(resource.name, resource.data) }
    if let (name, ncx) = navigation { add(name, Data(ncx.utf8)) }
    add(Self.packagePath, Data(package.utf8))
    add(
      "META-INF/container.xml",
      Data(
        """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="\(Self.packagePath)" \
        media-type="application/oebps-package+xml"/></rootfiles></container>
        """.utf8))
    self.files = files
    self.pages = pages
    self.pageSizes = pageSizes
    self.limits = limits
    entryNames = names
  }

  func contains(_ path: String) -> Bool { files[path] != nil || pages[path] != nil }

  func size(of path: String) -> Int? { files[path]?.count ?? pageSizes[path] }

  func read(_ entryPath: String) throws -> Data {
    if let page = document(entryPath) {
      guard let text = page.xhtmlDocument(limit: limits.maxEntrySize) else {
        throw limitsExceeded(entryPath)
      }
      return Data(text.utf8)
    }
    guard let data = files[entryPath] else {
      throw BookError(.missingResource, path: path, entry: entryPath, "the file is not in the book")
    }
    return data
  }

  func document(_ entryPath: String) -> MarkupElement? {
    pages[entryPath].map { MobipocketMarkup.document(of: $0.page, pageOfID: $0.pageOfID) }
  }

  private func limitsExceeded(_ entryPath: String) -> BookError {
    BookError(
      .limitExceeded, path: path, entry: entryPath,
      "the page is more than the limit of \(limits.maxEntrySize) bytes")
  }

  func contentHash() throws -> String {
    try SHA256.bookHash(ofFileAt: path)
  }

  // MARK: - Old MOBI pages into the package and the contents

  /// libmobi's package with the manifest item and spine entry of `part` replaced by one of
  /// each per page.
  private static func package(_ opf: String, replacing part: String, with pages: [String]) -> String
  {
    let id = part.hasSuffix(".html") ? String(part.dropLast(5)) : part
    let ids = pages.map { $0.hasSuffix(".html") ? String($0.dropLast(5)) : $0 }
    let items = zip(ids, pages).map {
      "<item id=\"\($0)\" href=\"\($1)\" media-type=\"application/xhtml+xml\"/>"
    }.joined(separator: "\n")
    let itemrefs = ids.map { "<itemref idref=\"\($0)\"/>" }.joined(separator: "\n")
    return opf.replacingOccurrences(
      of: "<item id=\"\(id)\" href=\"\(part)\" media-type=\"application/xhtml+xml\"/>", with: items
    ).replacingOccurrences(of: "<itemref idref=\"\(id)\"/>", with: itemrefs)
  }

  /// The NCX with each target in `part` pointing at the page that holds its id.
  private static func navigation(_ ncx: String, of part: String, pageOfID: [String: String])
    -> String
  {
    var result = ""
    var rest = Substring(ncx)
    let marker = "src=\"\(part)#"
    while let range = rest.range(of: marker) {
      result += rest[..<range.lowerBound]
      let after = rest[range.upperBound...]
      let id = after.prefix { $0 != "\"" }
      result += "src=\"\(pageOfID[String(id)] ?? part)#"
      rest = after
    }
    return result + rest
  }
}
