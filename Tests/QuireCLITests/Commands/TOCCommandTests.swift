import Foundation
import Testing

@testable import QuireCLI

/// `quire toc` on an in-memory book: the indented tree with resolved locations.
@Suite struct TOCCommandTests {
  @Test func indentedTreeWithLocations() {
    let result = runQuire(["toc", "sample.epub"], book: SampleBook.make())
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        1  Welcome       [ch 1 @ 0]
        2    The figure  [ch 1 @ 47]
        3  排版与分页    [ch 2 @ 0]
        4  Gone          [not in this book]

        """)
  }

  @Test func jsonKeepsTheTree() throws {
    let result = runQuire(["toc", "sample.epub", "--json"], book: SampleBook.make())
    let nodes = try JSONDecoder().decode([TOCNode].self, from: Data(result.standardOutput.utf8))
    #expect(nodes.map(\.title) == ["Welcome", "排版与分页", "Gone"])
    #expect(nodes[0].children.first?.offset == 47)
    #expect(nodes[0].children.first?.fragment == "figure")
    #expect(nodes[2].chapter == nil)
    #expect(result.standardOutput.contains("\"children\" : [],"))
  }

  @Test func longTitlesDoNotWidenTheColumnPastTheLine() {
    var listing = TOCListing(book: SampleBook.make())
    listing.lines[0].title = String(repeating: "Long ", count: 30)
    let lines = listing.text(width: 60).split(separator: "\n")
    #expect(lines[1] == "2    The figure" + String(repeating: " ", count: 27) + "  [ch 1 @ 47]")
  }
}
