import Foundation
import Testing

@testable import QuireCLI

/// `quire search` on the fixed-layout fixture (`Tests/Fixtures/epub/fixed-spreads`): the
/// words of a page placed with `position: absolute` and of an SVG page's `<text>` are
/// found on their pages.
@Suite struct FixedLayoutSearchTests {
  private let path = Corpus.fixtures + "/epub/fixed-spreads"

  /// Words and the page (from 1) they are on.
  @Test(arguments: [("Bottom right corner", 5), ("northern bay", 6)])
  func searchFindsThePlacedWords(_ words: String, _ page: Int) {
    let result = runQuire(["search", path, words])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("p. \(page) "), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("[\(words)]"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("1 match in 1 chapter."))
  }
}
