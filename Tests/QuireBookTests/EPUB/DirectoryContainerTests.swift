import Foundation
import Testing

@testable import QuireBook

@Suite struct DirectoryContainerTests {
  private func folder(_ files: [String: String]) throws -> String {
    let root = try ScratchFolder.make() + "/book"
    for (name, text) in files {
      let path = root + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    return root
  }

  @Test func listsAndReadsFilesInPlace() throws {
    let root = try folder(["mimetype": "application/epub+zip", "OEBPS/Text/ch1.xhtml": "<p/>"])
    let container = try DirectoryContainer(path: root, limits: ImportLimits())
    #expect(container.entryNames == ["OEBPS/Text/ch1.xhtml", "mimetype"])
    #expect(String(decoding: try container.read("OEBPS/Text/ch1.xhtml"), as: UTF8.self) == "<p/>")
    #expect(container.size(of: "mimetype") == 20)
    #expect(throws: BookError.self) { try container.read("../book/mimetype") }
  }

  @Test func refusesSymbolicLinksThatLeaveTheFolder() throws {
    let root = try folder(["OEBPS/ch1.xhtml": "<p/>"])
    let outside = (root as NSString).deletingLastPathComponent + "/secret.txt"
    try Data("secret".utf8).write(to: URL(fileURLWithPath: outside))
    try FileManager.default.createSymbolicLink(
      atPath: root + "/OEBPS/leak.txt", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/OEBPS/alias.xhtml", withDestinationPath: "ch1.xhtml")
    let container = try DirectoryContainer(path: root, limits: ImportLimits())
    #expect(!container.contains("OEBPS/leak.txt"))
    #expect(throws: BookError.self) { try container.read("OEBPS/leak.txt") }
    #expect(container.warnings.contains { $0.entry == "OEBPS/leak.txt" })
    #expect(String(decoding: try container.read("OEBPS/alias.xhtml"), as: UTF8.self) == "<p/>")
  }

  @Test func refusesALinkSwappedInAfterListing() throws {
    let root = try folder(["OEBPS/ch1.xhtml": "<p/>"])
    let container = try DirectoryContainer(path: root, limits: ImportLimits())
    let outside = (root as NSString).deletingLastPathComponent + "/other.txt"
    try Data("other".utf8).write(to: URL(fileURLWithPath: outside))
    try FileManager.default.removeItem(atPath: root + "/OEBPS/ch1.xhtml")
    try FileManager.default.createSymbolicLink(
      atPath: root + "/OEBPS/ch1.xhtml", withDestinationPath: outside)
    let error = #expect(throws: BookError.self) { try container.read("OEBPS/ch1.xhtml") }
    #expect(error?.code == .unsafeEntryName)
  }

  @Test func appliesTheLimits() throws {
    let root = try folder([
      "a.txt": "1", "b.txt": "2", "c/d.txt": String(repeating: "x", count: 100),
    ])
    var limits = ImportLimits()
    limits.maxEntryCount = 2
    let count = #expect(throws: BookError.self) {
      try DirectoryContainer(path: root, limits: limits)
    }
    #expect(count?.code == .limitExceeded)
    limits = ImportLimits()
    limits.maxEntrySize = 50
    let size = #expect(throws: BookError.self) {
      try DirectoryContainer(path: root, limits: limits)
    }
    #expect(size?.entry == "c/d.txt")
  }

  /// An unpacked EPUB reads the same as its ZIP: the bundled handbook relies on it.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func unpackedBookMatchesItsArchive() throws {
    let zipped = try CorpusBooks.book("epub/se-the-adventures-of-sherlock-holmes.epub")
    let archive = try ZipContainer(
      path: Corpus.path("epub/se-the-adventures-of-sherlock-holmes.epub"), limits: ImportLimits())
    var files: [String: String] = [:]
    for name in archive.entryNames where !name.hasSuffix(".otf") && !name.hasSuffix(".svg") {
      files[name] = String(decoding: try archive.read(name), as: UTF8.self)
    }
    let root = try folder(files)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let unpacked = try Book.open(root)
    #expect(unpacked.format == .epubDirectory(version: "3.0"))
    #expect(unpacked.metadata.title == zipped.metadata.title)
    #expect(unpacked.chapters == zipped.chapters)
    #expect(unpacked.toc == zipped.toc)
    #expect(try unpacked.text(ofChapter: 2) == zipped.text(ofChapter: 2))
    #expect(unpacked.contentHash.count == 64)
    #expect(unpacked.contentHash != zipped.contentHash)
    #expect(try Book.open(root).contentHash == unpacked.contentHash)
  }
}
