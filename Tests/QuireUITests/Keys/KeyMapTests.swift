import Foundation
import QuireTestSupport
import QuireUI
import Testing

@Suite struct KeyMapTests {
  @Test func theDefaultsFollowTerminalReaders() {
    let map = KeyMap.standard
    func command(_ text: String) -> ReaderCommand? {
      map.command(for: KeyChord(parsing: text)!, in: .reading)
    }
    #expect(command("j") == .turnForward)
    #expect(command("Space") == .turnForward)
    #expect(command("PgDn") == .turnForward)
    #expect(command("k") == .turnBackward)
    #expect(command("g") == .firstPage)
    #expect(command("G") == .lastPage)
    #expect(command("/") == .search)
    #expect(command("n") == .searchNext)
    #expect(command("N") == .searchPrevious)
    #expect(command("q") == .quit)
    #expect(command("?") == .help)
    #expect(command("t") == .contents)
    #expect(command("Tab") == .contents)
    #expect(command("Ctrl+=") == .fontLarger)
    #expect(command("Ctrl+-") == .fontSmaller)
    #expect(command("Ctrl+0") == .fontReset)
    #expect(command("Ctrl+o") == .back)
  }

  @Test func chordsReadAsTheyAreWritten() {
    for text in ["j", "G", "Space", "PgDn", "Ctrl+o", "Alt+Left", "Shift+Tab", "F1", "+", "Ctrl++"]
    {
      #expect(KeyChord(parsing: text)?.description == text, "\(text)")
    }
    #expect(KeyChord(parsing: "pgdown") == KeyChord(.pageDown))
    #expect(KeyChord(parsing: "Hyper+x") == nil)
    #expect(KeyChord(parsing: "") == nil)
  }

  @Test func aKeysFileOverridesBindingsAndSaysWhatIsWrong() throws {
    let folder = ScratchFolder()
    let path = folder.file("keys.json")
    try Data(
      #"{"x": "quit", "q": null, "z": "fly", "Hyper+y": "quit", "panel": {"o": "choose"}}"#.utf8
    ).write(to: URL(fileURLWithPath: path))
    let (map, problems) = KeyMap.loading(from: URL(fileURLWithPath: path))
    #expect(map.command(for: .character("x"), in: .reading) == .quit)
    #expect(map.command(for: .character("q"), in: .reading) == nil)
    #expect(map.command(for: .character("o"), in: .panel) == .choose)
    #expect(map.command(for: .character("j"), in: .reading) == .turnForward)
    #expect(problems.count == 2)
    #expect(problems.allSatisfy { $0.hasPrefix(path) })
    #expect(problems.contains { $0.contains("'z'") && $0.contains("fly") })
    #expect(problems.contains { $0.contains("'Hyper+y' is not a key") })
  }

  @Test func theHelpScreenIsTheLiveMap() async throws {
    var map = KeyMap.standard
    map.bind(.character("x"), to: .nextTheme, in: .reading)
    let folder = ScratchFolder()
    let library = folder.file("library.sqlite")
    _ = library
    let entries = map.helpEntries(in: .reading)
    let theme = try #require(entries.first { $0.summary.hasPrefix("Next theme") })
    #expect(theme.keys.map(\.description).contains("x"))
    #expect(theme.keys.map(\.description).contains("T"))
  }
}
