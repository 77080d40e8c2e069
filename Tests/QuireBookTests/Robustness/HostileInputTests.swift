import Foundation
import Testing

/// Every hostile input — the corpus's `bad/` files and generated attacks — run through
/// `quire info --warnings` in a child process: a clear error naming the file (exit 1) or a
/// sensible partial book (exit 0), never a crash or hang, within the time and memory
/// limits (`QuireExecutable.timeLimit`, 200 MB peak RSS).
@Suite(
  .tags(.corpus), .unlessSkipping(.corpus),
  .enabled(if: QuireExecutable.isAvailable, QuireExecutable.skipMessage))
struct HostileInputTests {
  /// What a hostile input must give.
  enum Expectation: Sendable {
    /// Exit 1 with a message naming the file that contains this phrase.
    case error(String)
    /// Exit 0, with this phrase in the report.
    case book(String)
  }

  /// A generated attack.
  struct Attack: Sendable, CustomTestStringConvertible {
    var name: String
    var expectation: Expectation
    var write: @Sendable (String) throws -> Void

    var testDescription: String { name }
  }

  static let attacks: [Attack] = [
    Attack(name: "zip-bomb-honest.epub", expectation: .error("a likely zip bomb")) {
      try write(HostileBooks.zipBomb(inflated: 100 << 20, declared: nil), to: $0)
    },
    // The headers say 20 kB (under the ratio check's threshold); it inflates to 100 MB.
    // Reading stops at the declared size, so the chapter is replaced by a notice.
    Attack(name: "zip-bomb-lying.epub", expectation: .book("chapters:   2 linear")) {
      try write(HostileBooks.zipBomb(inflated: 100 << 20, declared: 20_000), to: $0)
    },
    Attack(name: "zip-bomb-spread.epub", expectation: .error("a likely zip bomb")) {
      try write(HostileBooks.spreadZipBomb(count: 400, size: 1_000_000), to: $0)
    },
    Attack(name: "deep-nesting.epub", expectation: .book("chapters:   1 linear")) {
      try write(HostileBooks.deepNesting(levels: 100_000), to: $0)
    },
    Attack(name: "billion-laughs.epub", expectation: .book("chapters:   1 linear")) {
      try write(HostileBooks.billionLaughs(), to: $0)
    },
    Attack(name: "giant-image.epub", expectation: .book("chapters:   1 linear")) {
      try write(HostileBooks.giantImage(), to: $0)
    },
    Attack(name: "huge-stylesheet.epub", expectation: .book("chapters:   1 linear")) {
      try write(HostileBooks.hugeStylesheet(size: 10 << 20), to: $0)
    },
    Attack(name: "many-entries.epub", expectation: .error("100,004 entries")) {
      try write(HostileBooks.manyEntries(100_000), to: $0)
    },
    Attack(name: "huge-sparse.txt", expectation: .error("more than the limit")) {
      try HostileBooks.hugeSparseText(size: 300 << 20, at: $0)
    },
  ]

  @Test(arguments: attacks)
  func generatedAttack(_ attack: Attack) throws {
    let folder = try ScratchFolder.make()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/" + attack.name
    try attack.write(path)
    try check(path, attack.expectation)
  }

  /// The corpus's `bad/` files, by name, with what each must give; a file added to the
  /// corpus later is still run, and must at least not crash.
  static let corpusExpectations: [String: Expectation] = [
    "truncated.epub": .error("truncated"),
    "zip-bomb-200mb.epub": .error("a likely zip bomb"),
    "path-traversal.epub": .book("unsafe names"),
    "malformed-xhtml.epub": .book("chapters:   4 linear"),
    "missing-resource.epub": .book("ghost-idref"),
    "invalid-utf8.txt": .book("U+FFFD"),
    "empty.txt": .error("the file is empty"),
    "single-line-5mb-nospace.txt": .book("no chapter headings found"),
    "binary-jpeg-renamed.txt": .error("JPEG"),
  ]

  static let corpusBadFiles: [String] = {
    guard let root = Corpus.root else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/bad")) ?? []
    return names.sorted()
  }()

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: corpusBadFiles)
  func corpusBadFile(_ name: String) throws {
    try check(Corpus.path("bad/" + name), Self.corpusExpectations[name])
  }

  // MARK: - Running

  private func check(_ path: String, _ expectation: Expectation?) throws {
    let quire = ChildProcess(executable: try #require(QuireExecutable.path))
    let outcome = try quire.run(["info", "--warnings", path])
    let name = (path as NSString).lastPathComponent
    #expect(outcome.signal == nil, "\(name) crashed: \(outcome)\n\(outcome.standardError)")
    #expect(!outcome.timedOut, "\(name) hung: \(outcome)")
    #expect(outcome.elapsed < QuireExecutable.timeLimit, "\(name) was slow: \(outcome)")
    #expect(
      outcome.peakResidentBytes < QuireExecutable.memoryLimit, "\(name) used: \(outcome)")
    switch outcome.exitCode {
    case 0:
      #expect(outcome.standardOutput.contains("title:"), "\(name): \(outcome.standardOutput)")
    case 1:
      #expect(
        outcome.standardError.hasPrefix("quire: \(path): "),
        "\(name): the message must name the file: \(outcome.standardError)")
    default:
      Issue.record("\(name): unexpected \(outcome)\n\(outcome.standardError)")
    }
    switch expectation {
    case .error(let phrase):
      #expect(outcome.exitCode == 1, "\(name) should fail: \(outcome)")
      #expect(outcome.standardError.contains(phrase), "\(name): \(outcome.standardError)")
    case .book(let phrase):
      #expect(outcome.exitCode == 0, "\(name) should open: \(outcome.standardError)")
      #expect(outcome.standardOutput.contains(phrase), "\(name): \(outcome.standardOutput)")
    case nil:
      break
    }
    print("hostile \(name): \(outcome)")
  }

  private static func write(_ zip: TestZip, to path: String) throws {
    try Data(zip.bytes()).write(to: URL(fileURLWithPath: path))
  }
}
