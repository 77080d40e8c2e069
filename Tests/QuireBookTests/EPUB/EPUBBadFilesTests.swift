import Foundation
import Testing

@testable import QuireBook

/// The broken and hostile EPUBs of `corpus/bad`: each gives a clear error or a sensible
/// partial book, quickly and in bounded memory.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct EPUBBadFilesTests {
  @Test func truncatedArchiveIsACorruptArchive() {
    let path = Corpus.path("bad/truncated.epub")
    let error = #expect(throws: BookError.self) { try Book.open(path) }
    #expect(error?.code == .corruptArchive)
    #expect(error?.path == path)
    #expect(error?.detail.contains("truncated") == true)
  }

  @Test func zipBombIsRefusedFastWithoutInflating() throws {
    let path = Corpus.path("bad/zip-bomb-200mb.epub")
    let peakBefore = peakResidentBytes()
    let start = ContinuousClock.now
    let error = #expect(throws: BookError.self) { try Book.open(path) }
    let elapsed = ContinuousClock.now - start
    #expect(error?.code == .limitExceeded)
    #expect(error?.entry == "OEBPS/ch2.xhtml")
    #expect(error?.detail.contains("209,715,342") == true)
    #expect(elapsed < .seconds(2))
    if let peakBefore, let peakAfter = peakResidentBytes() {
      #expect(peakAfter - peakBefore < 100 << 20, "peak memory grew by \(peakAfter - peakBefore)")
    }
  }

  /// The refusal comes from the limits, not from a failure to read the archive: limits
  /// generous enough for the bomb let it open (its chapter is still read only on demand).
  @Test func zipBombOpensOnlyUnderLimitsThatAllowIt() throws {
    var limits = ImportLimits()
    limits.maxEntrySize = 300 << 20
    limits.maxCompressionRatio = 10_000
    let container = try ZipContainer(path: Corpus.path("bad/zip-bomb-200mb.epub"), limits: limits)
    #expect(container.size(of: "OEBPS/ch2.xhtml") == 209_715_342)
  }

  @Test func pathTraversalOpensWithWarningsAndWritesNothing() throws {
    let outside = [
      "/tmp/evil_payload.txt", "/tmp/absolute_path_payload.txt", "/escaped.xhtml",
      "/sneaky_normalized.txt", "/backslash_payload.txt",
    ]
    let existedBefore = outside.filter { FileManager.default.fileExists(atPath: $0) }
    let book = try Book.open(Corpus.path("bad/path-traversal.epub"))
    #expect(book.chapters.map(\.href) == ["OEBPS/ch1.xhtml", "OEBPS/ch2.xhtml"])
    for index in book.chapters.indices {
      #expect(try book.text(ofChapter: index).string.contains("bright cold day"))
    }
    let unsafe = try #require(book.warnings.first { $0.message.contains("unsafe names") })
    for name in [
      "../../../escaped.xhtml", "../../../../../../../../tmp/evil_payload.txt",
      "/tmp/absolute_path_payload.txt", "OEBPS/../../../sneaky_normalized.txt",
      "OEBPS\\..\\..\\backslash_payload.txt",
    ] {
      #expect(unsafe.message.contains(name))
    }
    #expect(book.warnings.contains { $0.message.contains("\"esc\" points outside the book") })
    #expect(throws: BookError.self) { try book.resource(at: "../../../escaped.xhtml") }
    #expect(throws: BookError.self) { try book.resource(at: "/tmp/absolute_path_payload.txt") }
    for path in outside where !existedBefore.contains(path) {
      #expect(!FileManager.default.fileExists(atPath: path), "\(path) was written")
    }
  }

  @Test func malformedChaptersStillYieldText() throws {
    let book = try Book.open(Corpus.path("bad/malformed-xhtml.epub"))
    #expect(book.chapters.count == 4)
    for index in book.chapters.indices {
      _ = try book.text(ofChapter: index)  // must not crash, whatever the markup
    }
    #expect(try book.text(ofChapter: 0).string.contains("Paragraph without end tag"))
    #expect(try book.text(ofChapter: 3).string.contains("empty"))
  }

  @Test func missingResourcesGiveAPartialBookWithWarnings() throws {
    let book = try Book.open(Corpus.path("bad/missing-resource.epub"))
    #expect(book.chapters.map(\.href) == ["OEBPS/ch1.xhtml"])
    #expect(try book.text(ofChapter: 0).string.contains("bright cold day"))
    #expect(book.metadata.coverHref == nil)
    let warnings = book.warnings.map(\.description)
    for needle in ["OEBPS/ch2.xhtml", "OEBPS/ch3.xhtml", "ghost-idref", "images/cover.jpg"] {
      #expect(warnings.contains { $0.contains(needle) }, "no warning about \(needle)")
    }
    #expect(book.toc.map(\.chapterIndex) == [0, nil, nil])
  }

  /// The process's peak resident set size (VmHWM), when the system reports it.
  private func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }
}
