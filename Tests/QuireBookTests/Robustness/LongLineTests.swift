import Foundation
import Testing

@testable import QuireBook

/// Pathologically long lines in TXT books stay linear.
@Suite struct LongLineTests {
  /// A first line that looks like a title line ("《…") but runs for megabytes: still a
  /// book named after its file (the time it used to cost is covered by the candidate test
  /// below and the release run of `HostileInputTests`).
  @Test func hugeFirstLineIsNotTakenForATitle() throws {
    let path = try ScratchFolder.make() + "/long-line.txt"
    let line = "《" + String(repeating: "长", count: 1_000_000) + "》作者\n第一回\n正文。\n"
    try Data(line.utf8).write(to: URL(fileURLWithPath: path))
    let book = try Book.open(path)
    #expect(book.metadata.title == "long-line")
    #expect(book.chapters.count >= 2)
  }

  @Test func onlyShortFirstLinesAreTitleCandidates() {
    for (text, expected) in [
      ("\n《短》作者\n正文\n", "《短》作者"),
      (String(repeating: "x", count: 2000) + "\n正文\n", nil),
    ] {
      let bytes = Array(text.utf8)
      let candidate = bytes.withUnsafeBufferPointer { buffer in
        let lines = LineTable(buffer)
        return TXTImporter.titleLineCandidate(buffer, lines, 0..<lines.count)
      }
      #expect(candidate == expected)
    }
  }

  @Test func shortTitleLineStillNamesTheBook() throws {
    let path = try ScratchFolder.make() + "/book.txt"
    try Data("《红楼梦》曹雪芹\n\n第一回\n正文。\n".utf8).write(to: URL(fileURLWithPath: path))
    let book = try Book.open(path)
    #expect(book.metadata.title == "红楼梦")
    #expect(book.metadata.authors == ["曹雪芹"])
  }
}
