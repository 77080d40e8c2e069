import Foundation
import Testing

@testable import QuireBook

/// A real EPUB (Project Gutenberg's Alice, EPUB 2) cut at 100 points, as an interrupted
/// download leaves it: each cut gives `.corruptArchive` naming the file, or a partial book
/// whose every chapter loads — never a crash, within the time and memory limits.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct TruncatedEPUBTests {
  static let source = "epub/pg11-alice-in-wonderland_epub2-ncx.epub"

  /// 97 evenly spaced cuts, and three inside the end of central directory record.
  static func cutPoints(size: Int) -> [Int] {
    (1...97).map { size * $0 / 100 } + [size - 21, size - 10, size - 1]
  }

  private func writeCuts() throws -> (folder: String, paths: [String]) {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Self.source)))
    let folder = try ScratchFolder.make()
    let paths = try Self.cutPoints(size: bytes.count).map { cut in
      let path = folder + "/alice-cut-\(cut).epub"
      try bytes.prefix(cut).write(to: URL(fileURLWithPath: path))
      return path
    }
    return (folder, paths)
  }

  @Test func everyCutIsACorruptArchiveOrAPartialBook() throws {
    let (folder, paths) = try writeCuts()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var refused = 0
    for path in paths {
      do {
        let book = try Book.open(path)
        for index in book.chapters.indices { _ = try book.text(ofChapter: index) }
      } catch let error as BookError {
        #expect(error.code == .corruptArchive, "\(path): \(error)")
        #expect(error.path == path)
        refused += 1
      }
    }
    // Only a complete central directory lets libzip open the archive at all.
    #expect(refused == paths.count)
  }

  @Test(.enabled(if: QuireExecutable.isAvailable, QuireExecutable.skipMessage))
  func everyCutInAChildProcessStaysWithinTheLimits() throws {
    let (folder, paths) = try writeCuts()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let quire = ChildProcess(executable: try #require(QuireExecutable.path))
    var slowest = Duration.zero
    var largest = 0
    for path in paths {
      let outcome = try quire.run(["info", path])
      #expect(outcome.signal == nil, "\(path) crashed: \(outcome)")
      #expect(outcome.exitCode == 1, "\(path): \(outcome)")
      #expect(outcome.standardError.hasPrefix("quire: \(path): "), "\(outcome.standardError)")
      #expect(outcome.standardError.contains("ZIP"), "\(outcome.standardError)")
      slowest = max(slowest, outcome.elapsed)
      largest = max(largest, outcome.peakResidentBytes)
    }
    #expect(slowest < QuireExecutable.timeLimit)
    #expect(largest < QuireExecutable.memoryLimit)
    print("hostile alice cuts ×\(paths.count): slowest \(slowest), largest \(largest >> 20) MiB")
  }
}
