import Foundation
import QuireTestSupport
import Testing

/// An Aozora Bunko novel in the terminal reader, as a person opens it: its title page, then
/// its first chapter with the readings in parentheses after their bases and no markup.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct AozoraTerminalTests {
  static let wagahai = Corpus.path(
    "txt/ja/wagahai-wa-neko-de-aru_natsume-soseki_aozora-ruby_shift-jis-crlf.txt")

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func anAozoraNovelOpensOnItsTitleAndTurnsToItsFirstChapter() throws {
    let reader = try TmuxReader([Self.wagahai])
    defer { reader.removeFolder() }
    let title = try reader.wait("the title page") { $0.contains("夏目漱石") }
    #expect(title.contains("吾輩は猫である"))
    try reader.send("Space")
    let page = try reader.wait("the first chapter") { $0.contains("名前はまだ無い") }
    let text = TerminalReaderTests.textRows(page).joined()
      .filter { !$0.isWhitespace }
    #expect(text.contains("吾輩(わがはい)は猫である。名前はまだ無い。"), "\(page)")
    for markup in ["《", "》", "［＃", "｜"] { #expect(!page.contains(markup), "\(markup) on\n\(page)") }
    try reader.send("q")
    #expect(try reader.exitStatus() == 0)
  }
}
