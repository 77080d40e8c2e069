import Foundation
import QuireBook
import Testing

@testable import QuireCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The bundled handbook checked as an EPUB package, independently of Quire's importer:
/// well-formed documents, a complete manifest, unique ids, and links that resolve.
/// (EPUBCheck 4.2.6 reports no errors or warnings on it; these tests keep it so.)
@Suite struct HandbookStructureTests {
  /// The handbook folder as shipped in the module's resources.
  let root = Handbook.path ?? "/nonexistent/Handbook"

  @Test func mimetypeAndContainer() throws {
    let mimetype = try String(contentsOfFile: root + "/mimetype", encoding: .utf8)
    #expect(mimetype == "application/epub+zip")
    let container = try XMLDocumentSummary(path: root + "/META-INF/container.xml")
    #expect(container.elements("rootfile").map { $0["full-path"] } == ["OEBPS/content.opf"])
  }

  @Test func manifestListsEveryFileAndNothingElse() throws {
    let opf = try XMLDocumentSummary(path: root + "/OEBPS/content.opf")
    let hrefs = Set(opf.elements("item").compactMap { $0["href"] })
    let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/OEBPS")
      .filter { !$0.hasSuffix("content.opf") && !isDirectory(root + "/OEBPS/" + $0) }
    #expect(hrefs == Set(files))
    let ids = opf.elements("item").compactMap { $0["id"] }
    #expect(Set(ids).count == ids.count)
    let spine = opf.elements("itemref").compactMap { $0["idref"] }
    #expect(spine.count == 9)
    #expect(spine.allSatisfy(ids.contains))
    #expect(opf.elements("item").contains { $0["properties"] == "cover-image" })
    #expect(opf.elements("item").contains { $0["properties"] == "nav" })
  }

  @Test func metadataIsComplete() throws {
    let opf = try XMLDocumentSummary(path: root + "/OEBPS/content.opf")
    #expect(opf.texts("dc:title").first == "The Quire Handbook")
    #expect(opf.texts("dc:creator") == ["The Quire developers"])
    #expect(opf.texts("dc:language") == ["en", "zh"])
    #expect(opf.texts("dc:date") == ["2026"])
    #expect(opf.texts("dc:identifier").first?.hasPrefix("urn:uuid:") == true)
    #expect(!(opf.texts("dc:description").first ?? "").isEmpty)
  }

  @Test func documentsAreWellFormedWithUniqueIds() throws {
    for name in try xhtmlFiles() {
      let document = try XMLDocumentSummary(path: root + "/OEBPS/" + name)
      let ids = document.all.compactMap { $0["id"] }
      #expect(Set(ids).count == ids.count, "\(name) has duplicate ids")
    }
  }

  @Test func everyInternalLinkResolves() throws {
    var links: [(from: String, href: String)] = []
    var idsByFile: [String: Set<String>] = [:]
    for name in try xhtmlFiles() + ["toc.ncx"] {
      let document = try XMLDocumentSummary(path: root + "/OEBPS/" + name)
      idsByFile[name] = Set(document.all.compactMap { $0["id"] })
      let targets = document.all.compactMap { $0["href"] ?? $0["src"] }
      links += targets.filter { !$0.contains("://") && !$0.hasSuffix(".css") }.map { (name, $0) }
    }
    #expect(links.count > 40)
    for (from, href) in links {
      let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let file = parts[0].isEmpty ? from : String(parts[0])
      #expect(FileManager.default.fileExists(atPath: root + "/OEBPS/" + file), "\(from) → \(href)")
      if parts.count > 1, file.hasSuffix(".xhtml") {
        #expect(idsByFile[file]?.contains(String(parts[1])) == true, "\(from) → \(href)")
      }
    }
  }

  @Test func theFeaturesTheHandbookPromisesAreThere() throws {
    let reading = try XMLDocumentSummary(path: root + "/OEBPS/reading.xhtml")
    #expect(reading.all.contains { $0["epub:type"] == "noteref" })
    #expect(reading.elements("aside").contains { $0["epub:type"] == "footnote" })
    #expect(!reading.elements("ul").isEmpty && !reading.elements("em").isEmpty)
    #expect(reading.elements("a").contains { $0["href"] == "https://www.gutenberg.org" })
    let chinese = try XMLDocumentSummary(path: root + "/OEBPS/typesetting.xhtml")
    #expect(chinese.elements("html").first?["xml:lang"] == "zh-Hans")
    #expect(chinese.elements("h2").count == 5)
    #expect(chinese.elements("h2").contains { $0["id"] == "vertical" })
    let pipeline = try XMLDocumentSummary(path: root + "/OEBPS/how-it-works.xhtml")
    #expect(pipeline.elements("img").first?["src"] == "images/pipeline.png")
  }

  @Test func imagesAreRealPNGsOfTheStatedSize() throws {
    let cover = try Data(contentsOf: URL(fileURLWithPath: root + "/OEBPS/images/cover.png"))
    #expect(ImageHeader.size(of: cover) == .init(width: 600, height: 900))
    let pipeline = try Data(contentsOf: URL(fileURLWithPath: root + "/OEBPS/images/pipeline.png"))
    #expect(ImageHeader.size(of: pipeline) == .init(width: 894, height: 170))
  }

  private func xhtmlFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: root + "/OEBPS")
      .filter { $0.hasSuffix(".xhtml") }.sorted()
  }

  private func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}

/// The elements of an XML document (qualified name, attributes, text), parsed with
/// Foundation's XMLParser; parsing fails on a document that is not well formed.
struct XMLDocumentSummary {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
    subscript(attribute: String) -> String? { attributes[attribute] }
  }

  var all: [Element] = []

  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let parser = XMLParser(data: data)
    let collector = Collector()
    parser.delegate = collector
    guard parser.parse() else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
    }
    all = collector.elements
  }

  func elements(_ name: String) -> [Element] { all.filter { $0.name == name } }

  func texts(_ name: String) -> [String] {
    elements(name).map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
  }

  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: qualifiedName ?? elementName, attributes: attributes))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      for index in open { elements[index].text += string }
    }
  }
}
