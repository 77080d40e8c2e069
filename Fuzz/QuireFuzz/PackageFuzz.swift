import Foundation

@testable import QuireBook

/// Arbitrary package documents in a well-formed container: the input is split at each
/// `\u{0}\u{0}` into the OPF, the nav document, the NCX, a chapter and a stylesheet, so
/// the fuzzer mutates the parsers' input rather than a ZIP's CRCs.
enum PackageFuzz {
  /// The entries the parts of an input become, in order.
  static let names = [
    "OEBPS/content.opf", "OEBPS/nav.xhtml", "OEBPS/toc.ncx", "OEBPS/ch1.xhtml", "OEBPS/style.css",
  ]

  static func run(_ bytes: [UInt8]) {
    var files: [String: Data] = [
      "mimetype": Data("application/epub+zip".utf8),
      "META-INF/container.xml": Data(containerXML.utf8),
    ]
    for (name, part) in zip(names, split(bytes)) { files[name] = Data(part) }
    let container = MemoryContainer(files: files)
    guard
      let book = try? EPUBImporter.importBook(
        from: container, path: "fuzz.epub", options: ImportOptions())
    else { return }
    readEverything(book)
  }

  /// The input's parts, split at double NUL bytes.
  static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var parts: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0 && bytes[index + 1] == 0 {
        parts.append(bytes[start..<index])
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    parts.append(bytes[start...])
    return parts
  }

  /// Joins documents into one input, the inverse of `split`.
  static func join(_ parts: [Data]) -> Data {
    var data = Data()
    for (index, part) in parts.enumerated() {
      if index > 0 { data.append(contentsOf: [0, 0]) }
      data.append(part)
    }
    return data
  }

  static let containerXML = """
    <?xml version="1.0"?>
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles><rootfile full-path="OEBPS/content.opf" \
    media-type="application/oebps-package+xml"/></rootfiles></container>
    """
}

/// Files held in memory, with the same limits as a real container.
struct MemoryContainer: ResourceContainer {
  let files: [String: Data]
  var entryNames: [String] { files.keys.sorted() }
  var warnings: [ImportWarning] { [] }
  func contains(_ path: String) -> Bool { files[path] != nil }
  func size(of path: String) -> Int? { files[path]?.count }
  func read(_ path: String) throws -> Data {
    guard let data = files[path] else {
      throw BookError(.missingResource, path: "fuzz.epub", entry: path, "not in the book")
    }
    return data
  }
  func contentHash() throws -> String { "fuzz" }
}
