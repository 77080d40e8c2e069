import Foundation
import QuireUI
import Testing

@Suite struct PreferencesFileTests {
  @Test func aRoundTripKeepsEveryValue() throws {
    let folder = ScratchFolder()
    let file = PreferencesFile(url: URL(fileURLWithPath: folder.file("quire/preferences.json")))
    var preferences = Preferences()
    preferences.fontFamily = "DejaVu Serif"
    preferences.fontSize = 21
    preferences.lineHeight = 1.6
    preferences.justification = false
    preferences.theme = "night"
    preferences.turnMode = "leaf"
    preferences.terminalColumnWidth = 72
    preferences.hudItems = ["page", "clock"]
    try file.save(preferences)
    let (loaded, problems) = file.load()
    #expect(problems.isEmpty)
    #expect(loaded == preferences)
  }

  @Test func aMissingFileGivesTheDefaults() {
    let file = PreferencesFile(url: URL(fileURLWithPath: "/nonexistent/quire/preferences.json"))
    let (loaded, problems) = file.load()
    #expect(loaded == Preferences())
    #expect(problems.isEmpty)
  }

  @Test func aBadEntryIsNamedAndTheRestStillApplies() throws {
    let folder = ScratchFolder()
    let path = folder.file("preferences.json")
    try Data(
      #"{"fontSize": 200, "theme": "purple", "lineHeight": 1.8, "justification": "yes", "colour": 3}"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let (loaded, problems) = PreferencesFile(url: URL(fileURLWithPath: path)).load()
    #expect(loaded.lineHeight == 1.8)
    #expect(loaded.fontSize == Preferences().fontSize)
    #expect(loaded.theme == "day")
    #expect(problems.count == 4)
    #expect(problems.allSatisfy { $0.hasPrefix(path + ": ") })
    #expect(problems.contains { $0.contains("'fontSize' must be a number from 8 to 72") })
    #expect(problems.contains { $0.contains("'theme' must be one of day, sepia, night") })
    #expect(problems.contains { $0.contains("'justification' must be true or false") })
    #expect(problems.contains { $0.contains("unknown key 'colour'") })
  }

  @Test func brokenJSONKeepsTheDefaultsWithAMessage() throws {
    let folder = ScratchFolder()
    let path = folder.file("preferences.json")
    try Data("{fontSize: 18".utf8).write(to: URL(fileURLWithPath: path))
    let (loaded, problems) = PreferencesFile(url: URL(fileURLWithPath: path)).load()
    #expect(loaded == Preferences())
    #expect(problems == ["\(path): not a JSON object of preferences; using the defaults"])
  }

  @Test func theStandardFileFollowsXDG() {
    #expect(
      PreferencesFile.standard(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/h"]).url.path
        == "/x/config/quire/preferences.json")
    #expect(
      PreferencesFile.standard(environment: ["HOME": "/h"]).url.path
        == "/h/.config/quire/preferences.json")
  }
}
