import Foundation
import QuireBook
import QuireLookup
import Testing

/// Which dictionaries a look-up asks, and what a reader is told when none can answer.
@Suite struct DictionaryShelfTests {
  /// English (gcide, wn), French–English and German–English dictd databases and an
  /// English StarDict dictionary without a language of its own.
  private func makeShelf() throws -> (DictionaryShelf, String) {
    let folder = try DictionaryFixtures.folder()
    try DictionaryFixtures.writeDictd(
      "gcide", in: folder, entries: [("Chat", "Chat\n   Talk.\n")], shortName: "Test GCIDE")
    try DictionaryFixtures.writeDictd(
      "wn", in: folder, entries: [("chat", "chat\n    n 1: talk\n")])
    try DictionaryFixtures.writeDictd(
      "freedict-fra-eng", in: folder, entries: [("chat", "chat /ʃa/\ncat\n")], sort: .utf8)
    try DictionaryFixtures.writeDictd(
      "freedict-deu-eng", in: folder, entries: [("Chat", "Chat\nchat\n")], sort: .utf8)
    try DictionaryFixtures.writeStarDict(
      "mystery", in: folder, bookName: "Mystery", entries: [.init("chat", "unknown")])
    return (
      DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: [folder])), folder
    )
  }

  private func ids(_ result: LookupResult) -> [String] { result.definitions.map(\.dictionary.id) }

  @Test func dictionariesAreChosenByTheBooksLanguage() throws {
    let (shelf, _) = try makeShelf()
    #expect(ids(shelf.lookUp("chat", language: "en-GB")) == ["gcide", "wn", "mystery"])
    #expect(ids(shelf.lookUp("chat", language: "fr")) == ["freedict-fra-eng", "mystery"])
    #expect(ids(shelf.lookUp("Chat", language: "de")) == ["freedict-deu-eng", "mystery"])
    #expect(
      ids(shelf.lookUp("chat"))
        == ["freedict-deu-eng", "freedict-fra-eng", "gcide", "wn", "mystery"])
    #expect(shelf.lookUp("chat", language: "en").advice == nil)
  }

  @Test func thePreferenceChoosesAndOrders() throws {
    let (shelf, _) = try makeShelf()
    #expect(
      ids(shelf.lookUp("chat", language: "en", preferred: ["wn", "Mystery"])) == ["wn", "mystery"])
    #expect(
      ids(shelf.lookUp("chat", language: "en", only: ["freedict-fra-eng"])) == ["freedict-fra-eng"])
    // A dictd database's own name is known once it is opened; a StarDict one's at once.
    #expect(ids(shelf.lookUp("chat", only: ["test gcide", "MYSTERY"])) == ["gcide", "mystery"])
    #expect(shelf.dictionary(named: "nothing") == nil)
  }

  /// A book in a language no dictionary serves: every dictionary is asked, and the reader
  /// is told which package would serve it.
  @Test func aLanguageWithoutADictionaryGetsAdvice() throws {
    let (shelf, _) = try makeShelf()
    let result = shelf.lookUp("chat", language: "it")
    #expect(ids(result).contains("gcide"))
    let advice = try #require(result.advice)
    #expect(advice.contains("Italian") && advice.contains("dict-freedict-ita-eng"))
  }

  @Test func noDictionaryAtAllSaysWhatToInstall() throws {
    let empty = try DictionaryFixtures.folder()
    let shelf = DictionaryShelf(locations: .init(dictdFolders: [empty], starDictFolders: [empty]))
    let result = shelf.lookUp("serendipity", language: "en")
    #expect(!result.isFound && result.consulted.isEmpty)
    #expect(result.advice?.contains("sudo apt install dict-gcide dict-wn") == true)
  }

  @Test func anIndexWithoutItsDataIsReported() throws {
    let (_, folder) = try makeShelf()
    try FileManager.default.removeItem(atPath: folder + "/wn.dict")
    let shelf = DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: []))
    #expect(!shelf.dictionaries.contains { $0.id == "wn" })
    #expect(shelf.discoveryProblems.map(\.path) == [folder + "/wn.index"])
  }

  /// The definition as the typesetter takes it: the same string and offsets, links to
  /// `quire-lookup:` addresses that give the headword back, and a link that `LinkPolicy`
  /// would never hand to a browser.
  @Test func definitionAsStyledText() throws {
    let folder = try DictionaryFixtures.folder()
    try DictionaryFixtures.writeDictd(
      "gcide", in: folder,
      entries: [("Cat", "Cat \\Cat\\, n.\n   1. A feline; see {Kitten} and {run away}.\n")])
    let shelf = DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: []))
    let text = try #require(shelf.lookUp("cat").definitions.first).text
    let styled = text.styledText(language: "en")
    #expect(styled.string == text.string)
    #expect(styled.paragraphs.map(\.range) == text.paragraphs.map(\.range))
    #expect(styled.paragraphs.map(\.value.leftIndent) == [0, 1.5])
    let words = styled.links.compactMap { link -> String? in
      guard case .external(let url) = link.value else { return nil }
      return DefinitionText.word(fromLookupURL: url)
    }
    #expect(words == ["Kitten", "run away"])
    #expect(styled.links.map(\.range) == text.links.map(\.range))
    if case .external(let url) = styled.links[1].value {
      #expect(url == "quire-lookup:run%20away")
      #expect(LinkPolicy.decision(forExternalURL: url) != .openAfterConfirmation(url: url))
    }
    #expect(styled.runs.contains { $0.value.weight == 700 && styled.substring($0.range) == "Cat" })
  }
}

/// What a look-up popup shows: every definition under its dictionary's name, links kept.
@Suite struct LookupPopupTests {
  @Test func definitionsUnderTheirNames() throws {
    let folder = try DictionaryFixtures.folder()
    try DictionaryFixtures.writeDictd(
      "gcide", in: folder, entries: [("Cat", "Cat\n   1. A feline; see {Kitten}.\n")],
      shortName: "Test GCIDE")
    try DictionaryFixtures.writeDictd(
      "wn", in: folder, entries: [("cat", "cat\n    n 1: feline\n")])
    let shelf = DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: []))
    let popup = shelf.lookUp("cats", language: "en").popupText
    #expect(
      popup.plainText
        == "Test GCIDE — cat\nCat\n1. A feline; see Kitten.\nwn — cat\ncat\nn 1: feline")
    #expect(popup.paragraphs.map(\.isSpaced) == [false, false, false, true, false, false])
    let titles = popup.spans.filter { $0.style == .title }.map { popup.substring($0.range) }
    #expect(titles == ["Test GCIDE — cat", "wn — cat"])
    let kitten = try #require(popup.links.first)
    #expect(
      popup.substring(kitten.range) == "Kitten" && popup.link(at: kitten.range.lowerBound) == kitten
    )
  }

  @Test func nothingFoundSaysWhatToInstall() throws {
    let empty = try DictionaryFixtures.folder()
    let shelf = DictionaryShelf(locations: .init(dictdFolders: [empty], starDictFolders: [empty]))
    let popup = shelf.lookUp("cat", language: "en").popupText
    #expect(
      popup.plainText.hasPrefix("No dictionary to look “cat” up in.\nNo dictionary is installed."))
  }
}
