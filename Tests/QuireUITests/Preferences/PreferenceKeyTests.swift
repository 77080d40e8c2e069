import Foundation
import QuireTestSupport
import QuireUI
import Testing

/// The `dictionaries` preference, as `quire config set` and the preferences file give it.
@Suite struct PreferenceKeyTests {
  @Test func dictionariesFromTheCommandLineAndTheFile() throws {
    let key = try #require(PreferenceKey.named("dictionaries"))
    var preferences = Preferences()
    #expect(key.set("wn, gcide ,czech-cizi", in: &preferences) == nil)
    #expect(preferences.dictionaries == ["wn", "gcide", "czech-cizi"])
    #expect(key.text(of: preferences) == "wn,gcide,czech-cizi")
    #expect(key.set(" , ", in: &preferences) != nil)
    #expect(preferences.dictionaries == ["wn", "gcide", "czech-cizi"])
    #expect(key.set("wn,,gcide", in: &preferences) == nil)
    #expect(preferences.dictionaries == ["wn", "gcide"])
    #expect(key.set("null", in: &preferences) == nil)
    #expect(preferences.dictionaries.isEmpty)

    let folder = ScratchFolder()
    let path = folder.file("preferences.json")
    try Data(#"{"dictionaries": ["Webster's 1913", "wn"], "fontSize": 20}"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    let file = PreferencesFile(url: URL(fileURLWithPath: path))
    let (loaded, problems) = file.load()
    #expect(problems.isEmpty && loaded.dictionaries == ["Webster's 1913", "wn"])
    try file.save(loaded)
    #expect(file.load().preferences == loaded)
  }
}
