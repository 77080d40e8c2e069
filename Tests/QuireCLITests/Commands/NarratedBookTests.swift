import Foundation
import Testing

@testable import QuireCLI

/// The narrated fixture (`Tests/Fixtures/epub/narrated`, made by scripts/narrated-fixture):
/// `quire info` says the book has its own narration.
@Suite struct NarratedBookTests {
  private let path = Corpus.fixtures + "/epub/narrated"

  @Test func infoSaysTheBookIsNarrated() {
    let result = runQuire(["info", path])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("narration"))
    #expect(result.standardOutput.contains("4 chapters read by the book's own audio"))
    let json = runQuire(["info", path, "--json"])
    #expect(json.standardOutput.contains("\"activeClass\" : \"-epub-media-overlay-active\""))
  }

  @Test func infoSaysNothingOfNarrationForABookWithout() {
    let result = runQuire(["info", Corpus.fixtures + "/epub/ruby"])
    #expect(result.status == 0)
    #expect(!result.standardOutput.contains("narration"))
  }
}
