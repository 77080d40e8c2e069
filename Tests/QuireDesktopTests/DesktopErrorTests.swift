import Foundation
import QuireRendering
import QuireTestSupport
import Testing

/// Errors shown where the reader looks: a book that cannot be opened from the window's
/// library is explained in the window, over the library, not only on standard error.
@Suite(
  .serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd),
  .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct DesktopErrorTests {
  @Test(
    "a book whose file is gone, chosen in the library, is explained over the library",
    .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aMissingBookIsExplainedInTheWindow() throws {
    let folder = try ScratchFolder.make("window")
    let copy = folder + "/alice.epub"
    try FileManager.default.copyItem(atPath: Corpus.path(DesktopHeadsTests.alice), toPath: copy)
    let reader = try WindowReader([copy], folder: folder)
    defer { reader.removeFolder() }
    _ = try reader.waitFor("Alice's first spread") { !$0.sides.isEmpty }
    #expect(try reader.quit() == 0)
    try FileManager.default.removeItem(atPath: copy)

    try reader.start([DesktopReaderTests.handbook])
    _ = try reader.waitFor("the handbook's first spread") { !$0.sides.isEmpty }
    try reader.key("Escape")
    _ = try reader.waitFor("the library") { $0.panel == "library" }
    try reader.key("A", "l", "i", "c", "e")
    _ = try reader.waitFor("the library filtered") { $0.panelRows.count == 1 }
    let before = try reader.screenshot()
    try reader.key("Return")
    let shown = try reader.waitFor("the error message") { $0.message != nil }
    let message = try #require(shown.message)
    #expect(
      message.hasPrefix("“alice.epub” could not be opened: no such file"),
      "the message names the file and why first: \(message)")
    #expect(shown.panel == "library", "the library stays open under the message")
    _ = try reader.settle()
    let shot = try reader.screenshot()
    if let folder = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try shot.writePNG(to: folder + "/open-error.png")
    }
    // The message is drawn: the window changed by more than a cursor's worth.
    #expect(DesktopReaderTests.differingPixels(shot, before) > 500)
    // The book open before is still there to go back to.
    try reader.key("Escape")
    _ = try reader.waitFor("the handbook again") { $0.panel == nil && !$0.sides.isEmpty }
    #expect(try reader.quit() == 0)
  }
}
