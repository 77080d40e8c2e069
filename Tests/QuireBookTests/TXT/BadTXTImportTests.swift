import Foundation
import Testing

@testable import QuireBook

/// Every TXT file in the corpus's `bad/` folder gets the asserted outcome, quickly.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct BadTXTImportTests {
  /// The product target is 2 s (release: about 0.3 s measured). The unoptimised debug
  /// build runs the same work some 5× slower, beside the other suites on a shared machine,
  /// so there the limit only guards against a hang or quadratic work.
  #if DEBUG
    static let timeLimit = Duration.seconds(30)
  #else
    static let timeLimit = Duration.seconds(2)
  #endif

  @Test func emptyFileIsAClearError() {
    let path = Corpus.path("bad/empty.txt")
    #expect(throws: BookError(.emptyFile, path: path, "the file is empty")) {
      try Book.open(path)
    }
  }

  @Test func jpegRenamedToTxtIsNotText() throws {
    let path = Corpus.path("bad/binary-jpeg-renamed.txt")
    let error = try #require(throws: BookError.self) { try Book.open(path) }
    #expect(error.code == .notText)
    #expect(error.description.contains("JPEG"))
    #expect(error.description.hasPrefix(path))
  }

  @Test func invalidUTF8GivesAPartialBookWithReplacementCharacters() throws {
    let book = try Book.open(Corpus.path("bad/invalid-utf8.txt"))
    #expect(book.format == .txt(encoding: "UTF-8"))
    #expect(book.bodyChapters.count == 3)
    let replacements = book.allTexts.reduce(0) { count, text in
      count + text.string.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
    }
    #expect(replacements == 19)
    #expect(book.warnings.count == 1)
    #expect(book.warnings.first?.message.contains("U+FFFD") == true)
  }

  @Test func singleHugeLineBecomesEvenSections() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let book = try Book.open(Corpus.path("bad/single-line-5mb-nospace.txt"))
    #expect(clock.now - start < Self.timeLimit)
    let lengths = book.chapters.map(\.estimatedLength)
    #expect(book.chapters.count > 200)
    #expect(lengths.reduce(0, +) == 5 * 1024 * 1024 + book.allTexts.count)  // + one "\n" each
    #expect(lengths.allSatisfy { $0 > 15_000 && $0 < 30_000 })
    #expect(book.chapters.allSatisfy { $0.title.hasSuffix("…") && $0.role == .body })
    #expect(book.toc.count == book.chapters.count)
  }

  @Test func fileOverTheSizeLimitIsRefused() throws {
    var options = ImportOptions()
    options.limits.maxTextFileSize = 1000
    let path = Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt")
    let error = try #require(throws: BookError.self) { try Book.open(path, options: options) }
    #expect(error.code == .limitExceeded)
  }
}
