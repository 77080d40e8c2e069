import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// The ruby fixture (`Tests/Fixtures/epub/ruby`) through the commands a reader runs:
/// its readings are never part of the text.
@Suite struct RubyBookTests {
  private let path = Corpus.fixtures + "/epub/ruby"

  @Test func catPrintsTheBaseTextWithoutReadingsOrFallbackParentheses() {
    let result = runQuire(["cat", path])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("吾輩は猫である。名前はまだ無い。"))
    #expect(result.standardOutput.contains("とんと見当がつかぬ"))
    #expect(result.standardOutput.contains("一番獰悪な種族"))
    for reading in ["わがはい", "けん", "しょせい", "どう", "（"] {
      #expect(!result.standardOutput.contains(reading), "\(reading)")
    }
  }

  @Test func searchFindsTheBaseWords() throws {
    let book = try Book.open(path)
    for word in ["吾輩", "見当", "獰悪"] {
      #expect(try !BookSearch(book: book, query: word).allMatches().isEmpty, "\(word)")
    }
    #expect(try BookSearch(book: book, query: "わがはい").allMatches().isEmpty)
  }
}
