import Foundation
import Synchronization
import Testing

@testable import QuireBook

/// Titles of documents the TOC does not name come from a scan of their first bytes, and
/// opening an EPUB reads nothing but its package files.
@Suite struct DocumentTitleScannerTests {
  private func title(_ markup: String) -> String? {
    DocumentTitleScanner.title(in: Array(markup.utf8))
  }

  @Test func theHeadTitleWinsWithEntitiesDecodedAndSpaceCollapsed() {
    #expect(
      title(
        """
        <?xml version="1.0"?><html><HEAD><Title lang="en">Children&#8217;s
          Literature &amp; <i>more</i></Title></HEAD><body><h1>Other</h1></body></html>
        """) == "Children’s Literature & more")
  }

  @Test func theFirstHeadingNamesADocumentWithoutATitle() {
    #expect(
      title(
        """
        <html><head><title> </title><link rel="stylesheet" href="a.css"/></head>
        <body><header><hr/><h2 class="x">Chapter <span>One</span></h2><h1>Later</h1></header>
        </body></html>
        """) == "Chapter One")
    #expect(title("<html><body><p>No heading at all.</p></body></html>") == nil)
    // A heading cut off by the end of the scanned prefix names nothing.
    #expect(title("<html><body><h1>Unfinished") == nil)
    // A <title> inside the body (SVG) is not the document's.
    #expect(title("<html><body><svg><title>Figure</title></svg></body></html>") == nil)
  }

  private func opf(_ file: String) -> String {
    file.hasPrefix("se-") ? "epub/content.opf" : "EPUB/package.opf"
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func openingReadsOnlyThePackageFilesAndUntitledDocumentStarts() throws {
    for file in ["se-war-and-peace.epub", "idpf-accessible_epub_3.epub"] {
      let path = Corpus.path("epub/" + file)
      let container = CountingContainer(try ZipContainer(path: path, limits: ImportLimits()))
      let book = try EPUBImporter.importBook(from: container, path: path, options: ImportOptions())
      let (reads, prefixes) = container.log.withLock { ($0.reads, $0.prefixes) }
      // mimetype, container.xml, the OPF and the nav or NCX, which may be in the spine too.
      #expect(reads.count <= 4, "\(file): \(reads)")
      #expect(Array(reads.prefix(3)) == ["mimetype", EPUBImporter.containerPath, opf(file)])
      // Only documents no TOC entry links to are scanned for a title.
      let linked = Set(book.toc.flattened().compactMap(\.entry.chapterIndex))
      let unlinked = book.chapters.indices.filter { !linked.contains($0) }
      #expect(Set(prefixes) == Set(unlinked.compactMap { book.chapters[$0].href }), "\(file)")
    }
  }
}

/// A container that records what is read from it.
private final class CountingContainer: ResourceContainer {
  struct Log {
    var reads: [String] = []
    var prefixes: [String] = []
  }

  let base: any ResourceContainer
  let log = Mutex(Log())

  init(_ base: any ResourceContainer) { self.base = base }

  var entryNames: [String] { base.entryNames }
  var warnings: [ImportWarning] { base.warnings }
  func contains(_ path: String) -> Bool { base.contains(path) }
  func size(of path: String) -> Int? { base.size(of: path) }
  func contentHash() throws -> String { try base.contentHash() }

  func read(_ path: String) throws -> Data {
    log.withLock { $0.reads.append(path) }
    return try base.read(path)
  }

  func readPrefix(_ path: String, maxBytes: Int) throws -> Data {
    log.withLock { $0.prefixes.append(path) }
    return try base.readPrefix(path, maxBytes: maxBytes)
  }
}
