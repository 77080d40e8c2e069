import Foundation
import QuireRendering
import QuireTestSupport
import Testing

/// An Aozora Bunko novel in the window, as a person opens it: the title page and the first
/// chapter facing it, set in columns from the right, and a key turning on.
@Suite(
  .serialized, .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct AozoraWindowTests {
  static let wagahai = Corpus.path(
    "txt/ja/wagahai-wa-neko-de-aru_natsume-soseki_aozora-ruby_shift-jis-crlf.txt")

  @Test(
    "an Aozora novel opens on its title page and its first chapter in vertical columns; Space turns",
    .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func anAozoraNovelOpensInColumns() throws {
    let reader = try WindowReader([Self.wagahai])
    defer { reader.removeFolder() }
    let opened = try reader.waitFor("the first spread") { $0.sides.count == 2 }
    #expect(opened.title.contains("吾輩は猫である"))
    #expect(opened.sides[0].text.contains("夏目漱石"))
    let chapter = try #require(opened.sides.firstIndex { $0.text.contains("名前はまだ無い") })
    #expect(opened.sides[chapter].text.contains("吾輩は猫である。名前はまだ無い。"))
    #expect(!opened.sides[chapter].text.contains("《") && !opened.sides[chapter].text.contains("［＃"))
    // Right to left: the first page of the spread is on the right. Its chapter's columns
    // start at its right edge and run down: ink from the top to half-way down the page,
    // in its right half.
    let shot = try reader.screenshot()
    let width = shot.width / 2
    let left = chapter == 0 ? width : 0
    #expect(
      DesktopReaderTests.ink(shot, x: (left + width / 2)..<(left + width - 30), y: 60..<450) > 1_000
    )
    try reader.key("space")
    let turned = try reader.waitFor("the next spread") { state in
      state.turnsCompleted >= 1 && state.sides.first?.start != opened.sides.first?.start
    }
    #expect(turned.sides.allSatisfy { $0.chapter == 1 })
    #expect(try reader.quit() == 0)
  }
}
