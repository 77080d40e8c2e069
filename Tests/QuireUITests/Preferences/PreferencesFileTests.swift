import Foundation
import QuireTestSupport
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

/// The preferences file is the reader's: saving keeps what Quire cannot read instead of
/// replacing it with the defaults.
@Suite struct PreferencesFileSafetyTests {
  @Test func aFileThatDoesNotParseIsKeptAsideBeforeTheSave() throws {
    let folder = ScratchFolder()
    let path = folder.file("preferences.json")
    let broken = Data(#"{"fontSize": 20, "theme": "night", "margins": 30,"#.utf8)
    try broken.write(to: URL(fileURLWithPath: path))
    let file = PreferencesFile(url: URL(fileURLWithPath: path))
    var (preferences, problems) = file.load()
    #expect(problems.count == 1)
    preferences.theme = "sepia"
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let notice = try file.save(preferences, now: now)
    let aside = path + ".bad-20270115T080000Z"
    #expect(notice?.contains("it was kept as \(aside)") == true, "\(notice ?? "")")
    #expect(FileManager.default.contents(atPath: aside) == broken)
    #expect(file.load().preferences.theme == "sepia")
    // A second bad save keeps the first copy and makes another.
    try broken.write(to: URL(fileURLWithPath: path))
    _ = try file.save(preferences, now: now)
    #expect(FileManager.default.contents(atPath: aside + "-2") == broken)
    #expect(FileManager.default.contents(atPath: aside) == broken)
  }

  @Test func entriesQuireDoesNotKnowAreKept() throws {
    let folder = ScratchFolder()
    let path = folder.file("preferences.json")
    try Data(#"{"fontSize": 20, "readAloudVoice": "en-gb", "fontSzie": 30}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    let file = PreferencesFile(url: URL(fileURLWithPath: path))
    var preferences = file.load().preferences
    preferences.fontSize = 22
    #expect(try file.save(preferences) == nil)
    let saved = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
    #expect(saved["readAloudVoice"] as? String == "en-gb")
    #expect(saved["fontSzie"] as? Int == 30)
    #expect(saved["fontSize"] as? Int == 22)
  }

  @Test func aLinkIsWrittenThrough() throws {
    let folder = ScratchFolder()
    let real = folder.file("dotfiles/quire.json")
    try FileManager.default.createDirectory(
      atPath: folder.file("dotfiles"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: real))
    let link = folder.file("preferences.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    var preferences = Preferences()
    preferences.theme = "night"
    try PreferencesFile(url: URL(fileURLWithPath: link)).save(preferences)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
    #expect(PreferencesFile(url: URL(fileURLWithPath: real)).load().preferences.theme == "night")
  }

  @Test func aFIFOIsNeitherReadNorReplaced() throws {
    let folder = ScratchFolder()
    let path = folder.file("preferences.json")
    try #require(mkfifo(path, 0o600) == 0)
    let file = PreferencesFile(url: URL(fileURLWithPath: path))
    let started = ContinuousClock.now
    let (preferences, problems) = file.load()
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(preferences == Preferences())
    #expect(
      problems == ["\(path): it is a FIFO (named pipe), not a regular file; using the defaults"])
    #expect(throws: PreferencesFileError.self) { try file.save(preferences) }
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    let keys = KeyMap.loading(from: URL(fileURLWithPath: path))
    #expect(keys.problems.count == 1)
  }
}
