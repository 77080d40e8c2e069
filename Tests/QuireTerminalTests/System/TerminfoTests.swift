import Foundation
import QuireTestSupport
import Testing

@testable import QuireTerminal

/// Which terminals get the full-screen reader: those whose terminfo entry can place the
/// cursor (`cup`); `TERM=dumb`, no `TERM`, and an entry without `cup` are refused with a
/// reason, and a terminal this machine has no entry for is taken at its word.
@Suite struct TerminfoTests {
  /// A folder of its own as `TERMINFO`, holding `entries` (name → compiled bytes).
  static func folder(_ entries: [String: [UInt8]]) throws -> String {
    let folder = try ScratchFolder.make("terminfo")
    for (name, bytes) in entries {
      let sub = folder + "/" + String(name.prefix(1))
      try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: sub + "/" + name))
    }
    return folder
  }

  /// The system's compiled entry of `name` (ncurses-base installs `dumb` and `xterm`).
  static func system(_ name: String) -> [UInt8]? {
    for folder in ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"] {
      let path = "\(folder)/\(name.prefix(1))/\(name)"
      if let data = FileManager.default.contents(atPath: path) { return Array(data) }
    }
    return nil
  }

  @Test func dumbAndNoTermAreRefused() {
    #expect(Terminfo.unsuitability(environment: ["TERM": "dumb"]) != nil)
    #expect(Terminfo.unsuitability(environment: [:]) != nil)
    #expect(Terminfo.unsuitability(environment: ["TERM": ""]) != nil)
  }

  @Test(.enabled(if: system("xterm") != nil && system("dumb") != nil, "no system terminfo"))
  func entriesAreReadForTheirCursorAddressing() throws {
    let xterm = try #require(Self.system("xterm"))
    let dumb = try #require(Self.system("dumb"))
    #expect(Terminfo.hasCursorAddressing(xterm))
    #expect(!Terminfo.hasCursorAddressing(dumb))
    // A terminal named otherwise whose entry has no cup: refused, naming why.
    let folder = try Self.folder(["plainterm": dumb, "fancyterm": xterm])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let refused = Terminfo.unsuitability(environment: ["TERM": "plainterm", "TERMINFO": folder])
    #expect(refused?.contains("plainterm") == true)
    #expect(refused?.contains("cup") == true)
    #expect(Terminfo.unsuitability(environment: ["TERM": "fancyterm", "TERMINFO": folder]) == nil)
  }

  @Test func anUnknownTerminalIsTakenAtItsWord() {
    #expect(
      Terminfo.unsuitability(environment: [
        "TERM": "no-such-terminal-here", "TERMINFO": "/nonexistent",
      ])
        == nil)
  }

  @Test func aDamagedEntryIsNeverReadPastItsEnd() {
    #expect(!Terminfo.hasCursorAddressing([]))
    #expect(!Terminfo.hasCursorAddressing([0x1A, 0x01, 0xFF, 0x7F, 0xFF, 0x7F]))
    // The magic, then sizes that point far beyond the bytes there are.
    #expect(!Terminfo.hasCursorAddressing([0x1A, 0x01, 10, 0, 10, 0, 10, 0, 200, 0, 0, 0]))
  }
}
