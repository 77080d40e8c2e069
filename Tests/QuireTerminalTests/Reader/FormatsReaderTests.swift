import Foundation
import QuireTestSupport
import Testing

/// FB2, MOBI, AZW3 and CBZ in the terminal reader as a person reads them: the real
/// `quire read` in tmux opens each, turns to a later chapter, and reopens there.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct FormatsReaderTests {
  /// Each format's sample and words its first page shows.
  static let samples: [(file: String, firstPage: String)] = [
    ("fb2/alice-in-wonderland_pg11_generated.fb2", "Alice"),
    ("fb2/alice-in-wonderland_pg11_generated.fb2.zip", "Alice"),
    ("mobi/pg11-alice-in-wonderland_calibre-old.mobi", "Gutenberg"),
    ("azw3/pg11-alice-in-wonderland_calibre-kf8.azw3", "Alice"),
    // Inside tmux a picture is its framed placeholder: its alt text and size.
    ("cbz/cole-voyage-of-life_12-pages_unpadded-names.cbz", "Page 1"),
  ]

  /// The manga fixture as a ZIP (CBZ) and as a 7-Zip archive (CB7).
  @Test(arguments: ["manga-five-pages.cbz", "manga-five-pages.cb7"])
  func aComicPageInTmuxSaysItIsAPictureTheWindowShows(_ file: String) throws {
    // tmux passes no pictures on: each page of the manga fixture fills the page with a
    // message naming it, and a turn (to the left: the manga reads right to left) goes on.
    let reader = try TmuxReader([Corpus.fixtures + "/cbz/" + file])
    defer { reader.removeFolder() }
    try reader.wait("the cover's message") {
      $0.contains("Page 1 · 300×420") && $0.contains("this terminal cannot show pictures")
        && $0.contains("The window can: quire open --window")
    }
    try reader.send("Left")
    try reader.wait("the second page's message") { $0.contains("Page 2 · 300×420") }
    try reader.send("q")
    #expect(try reader.exitStatus() == 0)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: samples.map(\.file))
  func opensTurnsAndReopensWhereItWas(_ file: String) throws {
    let expected = try #require(Self.samples.first { $0.file == file }).firstPage
    let reader = try TmuxReader([Corpus.path(file)])
    defer { reader.removeFolder() }
    try reader.wait("the first page of \(file)") { $0.contains(expected) }
    for _ in 0..<3 { try reader.send("]") }
    let page = try reader.settle()
    #expect(TerminalReaderTests.textRows(page) != [])
    try reader.send("q")
    #expect(try reader.exitStatus() == 0)
    #expect(!reader.standardError.contains("Fatal"))
    let again = try TmuxReader([Corpus.path(file)], folder: reader.folder)
    try again.wait("the same page of \(file)") {
      TerminalReaderTests.textRows($0) == TerminalReaderTests.textRows(page)
    }
    try again.send("q")
    #expect(try again.exitStatus() == 0)
  }
}
