import Foundation
import QuireBook
import QuireReading
import Synchronization
import Testing

@testable import QuireCLI

/// `quire search` on Alice: counts equal to a plain scan, snippets, limits, JSON, ids.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct SearchCommandTests {
  static let alice = Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt")

  /// Occurrences of "rabbit" in any case, by Foundation, chapter by chapter.
  static func plainCount(_ word: String, in path: String) throws -> (matches: Int, chapters: Int) {
    let book = try Book.open(path)
    var matches = 0
    var chapters = 0
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index).string as NSString
      var range = NSRange(location: 0, length: text.length)
      let before = matches
      while case let found = text.range(of: word, options: [.caseInsensitive], range: range),
        found.location != NSNotFound
      {
        matches += 1
        range = NSRange(location: NSMaxRange(found), length: text.length - NSMaxRange(found))
      }
      if matches > before { chapters += 1 }
    }
    return (matches, chapters)
  }

  @Test func rabbitCountEqualsAPlainScan() throws {
    let expected = try Self.plainCount("rabbit", in: Self.alice)
    let result = runQuire(["search", Self.alice, "Rabbit"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.last == "\(expected.matches) matches in \(expected.chapters) chapters.")
    let matchLines = lines.filter { $0.hasPrefix("  ") }
    #expect(matchLines.count == expected.matches)
    #expect(matchLines.allSatisfy { $0.lowercased().contains("[rabbit]") })
    #expect(matchLines.allSatisfy { DisplayWidth.of($0) <= 80 })
    #expect(lines.filter { $0.hasPrefix("Chapter ") }.count == expected.chapters)
    #expect(lines.contains("Chapter 2: CHAPTER I. Down the Rabbit-Hole"))
  }

  @Test func limitAndNoMatches() {
    let limited = runQuire(["search", Self.alice, "rabbit", "--limit", "5"])
    let lines = limited.standardOutput.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("  ") }.count == 5)
    #expect(lines.last == "5 matches in 2 chapters (stopped at --limit 5).")
    let none = runQuire(["search", Self.alice, "Ｚｅｂｒａ"])
    #expect(none.status == 0 && none.standardOutput == "No matches.\n")
    #expect(runQuire(["search", Self.alice, ""]).status == 2)
    #expect(runQuire(["search", Self.alice, "x", "--limit", "0"]).status == 2)
  }

  @Test func jsonHasRangesAndSnippets() throws {
    let expected = try Self.plainCount("rabbit", in: Self.alice)
    let result = runQuire(["search", Self.alice, "ＲＡＢＢＩＴ", "--json"])
    let report = try JSONDecoder().decode(SearchReport.self, from: Data(result.standardOutput.utf8))
    #expect(report.count == expected.matches && report.matches.count == expected.matches)
    let book = try Book.open(Self.alice)
    for match in report.matches {
      let text = try book.text(ofChapter: match.chapter - 1)
      #expect(text.substring(match.start..<match.end).lowercased() == "rabbit")
      #expect(match.snippet.match == text.substring(match.start..<match.end))
    }
  }

  @Test func libraryIdFindsTheBook() throws {
    let workspace = LibraryWorkspace()
    _ = workspace.run(["library", "add", try workspace.alice()])
    let result = workspace.run(["search", "1", "hatter", "--limit", "1"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("[Hatter]"))
  }

  @Test func outputStreamsAChapterAtATime() throws {
    let sink = WriteCounter()
    let context = CommandContext(
      output: sink, openBook: { try Book.open($0) }, handbookPath: nil)
    #expect(CLI.run(["search", Self.alice, "Alice"], in: context) == 0)
    // One write per chapter with matches, then the count line.
    let chapters = try Self.plainCount("alice", in: Self.alice).chapters
    #expect(sink.writes == chapters + 1)
  }

  @Test func terminalOutputIsBoldAndSnippetsFit() {
    let snippet = SearchSnippet(
      before: "…" + String(repeating: "a", count: 40), match: "Rabbit",
      after: String(repeating: "z", count: 40) + "…")
    let context = CommandContext(
      output: WriteCounter(), openBook: { _ in throw CancellationError() }, handbookPath: nil)
    let printer = SearchResultPrinter(book: SampleBook.make(), styled: true, context: context)
    #expect(printer.line(snippet).contains("\u{1B}[1mRabbit\u{1B}[22m"))
    let fitted = SearchResultPrinter.fitted(snippet, to: 40)
    #expect(DisplayWidth.of(fitted.text) <= 38)
    #expect(fitted.match == "Rabbit" && fitted.before.hasPrefix("…") && fitted.after.hasSuffix("…"))
  }
}

/// A sink that counts the writes to standard output.
final class WriteCounter: OutputSink {
  private let count = Mutex(0)
  var writes: Int { count.withLock { $0 } }

  func write(_ text: String, to channel: OutputChannel) {
    if channel == .standardOutput { count.withLock { $0 += 1 } }
  }
}
