import Foundation
import QuireTestSupport
import Testing

/// The terminal's running heads and status line as a reader sees them in tmux: over
/// facing pages the right page's head names the contents entry on the right page, the
/// status line names where the reading position is, `]` steps through entries inside one
/// file, and the last page says it is the last.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalHeadsTests {
  static let sherlock = "epub/se-the-adventures-of-sherlock-holmes.epub"

  /// The first and last rows of the screen, their runs of spaces one space.
  private static func headAndStatus(_ screen: String) -> (head: String, status: String) {
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    func squeezed(_ row: Substring?) -> String {
      (row ?? "").split(separator: " ").joined(separator: " ")
    }
    return (
      squeezed(rows.first), squeezed(rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    )
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theRightPagesHeadNamesItsOwnPartAndTheLastPageSaysSo() throws {
    let reader = try TmuxReader([Corpus.path(Self.sherlock)], columns: 170, rows: 40)
    defer { reader.removeFolder() }
    try reader.wait("the first spread") { $0.contains("Sherlock Holmes") }
    // "A Scandal in Bohemia" holds its parts I, II and III in one file: `]` visits them.
    var seen: [String] = []
    for _ in 0..<4 {
      try reader.send("]")
      let (head, status) = Self.headAndStatus(try reader.settle())
      seen.append(head + " | " + status)
    }
    #expect(seen[0].contains("| A Scandal in Bohemia "), "\(seen)")
    // Each part's spread: the right page's head names the part begun on it, while the
    // status line names the part the left page is in.
    #expect(seen.contains { $0.contains(" II | I ") }, "\(seen)")
    #expect(seen.contains { $0.contains(" III | II ") }, "\(seen)")
    #expect(seen.last?.contains("The Redheaded League | The Redheaded League") == true, "\(seen)")
    try reader.send("G")
    let (_, status) = Self.headAndStatus(try reader.settle())
    let figures = try #require(
      status.firstMatch(of: #/(\d+) of (?:about )?(\d+) · 100%/#), "\(status)")
    #expect(figures.1 == figures.2)
    try reader.send("q")
    #expect(try reader.exitStatus() == 0)
  }
}
