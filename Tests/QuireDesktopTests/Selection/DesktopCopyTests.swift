import Foundation
import QuireTestSupport
import Testing

/// The window copies the selection (made with the keys the terminal has) to the X
/// clipboard and primary selection, where another program pastes it from.
@Suite(.serialized, .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage))
struct DesktopCopyTests {
  @Test(
    "v, w and y copy the page's first two words to the clipboard",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip")))
  func keysSelectAndCopy() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.sides.isEmpty }
    let words = first.sides[0].text.split(whereSeparator: \.isWhitespace).prefix(2)
      .joined(separator: " ")
    try reader.key("v")
    _ = try reader.waitFor("the selection's hint") { $0.message?.hasPrefix("Selecting") == true }
    try reader.key("w")
    try reader.key("y")
    let copied = try reader.waitFor("the copy's message") {
      $0.message?.hasPrefix("Copied") == true
    }
    #expect(copied.message == "Copied \(words.count) characters to the clipboard.")
    #expect(try reader.clipboard() == words)
    #expect(try reader.clipboard("primary") == words)
    _ = try reader.quit()
  }
}
