import Foundation
import QuireLookup
import Testing

/// dictd databases read directly: the three ways dictfmt sorts an index, plain and
/// dictzip data, and the damage a reader may meet.
@Suite struct DictdDatabaseTests {
  private func shelf(_ folder: String) -> DictionaryShelf {
    DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: []))
  }

  private func headwords(_ result: LookupResult) -> [String] {
    result.definitions.map(\.headword)
  }

  /// GCIDE's sort: only letters, digits and spaces count, case folded; so "A-1", "Law
  /// Latin" and "law of nations" are found however they are typed.
  @Test func alphanumericIndexFoldsCaseAndPunctuation() throws {
    let folder = try DictionaryFixtures.folder()
    try DictionaryFixtures.writeDictd(
      "gcide", in: folder,
      entries: [
        ("A-1", "A-1\n   First-class.\n"), ("Abandon", "Abandon\n   To give up.\n"),
        ("Law Latin", "Law Latin\n   Latin of the law.\n"),
        ("law of nations", "law of nations\n   International law.\n"),
        ("Run", "Run\n   To move swiftly.\n"), ("run", "run\n   A score.\n"),
        ("zebra", "zebra\n   An animal.\n"),
      ], shortName: "Test GCIDE")
    let shelf = shelf(folder)
    #expect(headwords(shelf.lookUp("abandon")) == ["Abandon"])
    #expect(headwords(shelf.lookUp("A1")) == ["A-1"])
    #expect(headwords(shelf.lookUp("LAW-LATIN")) == [])
    #expect(headwords(shelf.lookUp("law  latin")) == ["Law Latin"])
    #expect(headwords(shelf.lookUp("Law of Nations")) == ["law of nations"])
    let run = try #require(shelf.lookUp("RUN").definitions.first)
    #expect(run.entryCount == 2)
    #expect(
      run.text.plainText.contains("To move swiftly.") && run.text.plainText.contains("A score."))
    #expect(run.dictionary.name == "Test GCIDE" && run.dictionary.id == "gcide")
    #expect(run.dictionary.sourceLanguage == "en")
    #expect(shelf.lookUp("zebras").definitions.first?.form == "zebra")
    #expect(!shelf.lookUp("aardvark").isFound)
  }

  /// WordNet's sort (`00-database-allchars`): byte order, every character counts.
  @Test func allCharactersIndexIsExact() throws {
    let folder = try DictionaryFixtures.folder()
    try DictionaryFixtures.writeDictd(
      "wn", in: folder,
      entries: [
        ("'hood", "'hood\n    n 1: a neighborhood\n"), (".22", ".22\n    n 1: a rifle\n"),
        ("serendipity", "serendipity\n    n 1: good luck in making discoveries\n"),
        ("hood", "hood\n    n 1: a covering\n"),
      ], sort: .allCharacters)
    let shelf = shelf(folder)
    #expect(
      shelf.lookUp("'hood").definitions.first?.text.plainText.contains("neighborhood") == true)
    #expect(shelf.lookUp("hood").definitions.first?.text.plainText.contains("covering") == true)
    #expect(headwords(shelf.lookUp(".22")) == [".22"])
    #expect(headwords(shelf.lookUp("Serendipity")) == ["serendipity"])
  }

  /// FreeDict's sort (`00-database-utf8`): the folded headword in the first column, the
  /// headword as written in the fourth.
  @Test func utf8IndexFindsAccentedAndHyphenatedWords() throws {
    let folder = try DictionaryFixtures.folder()
    try DictionaryFixtures.writeDictd(
      "freedict-fra-eng", in: folder,
      entries: [
        ("abat-jour", "abat-jour /abaʒuʀ/ <n, masc>\nlamp-shade\n"),
        ("abandonné", "abandonné /abɑ̃dɔne/\nabandoned\n"), ("Été", "Été\nsummer\n"),
      ], sort: .utf8)
    let shelf = shelf(folder)
    #expect(headwords(shelf.lookUp("abat-jour")) == ["abat-jour"])
    #expect(headwords(shelf.lookUp("abatjour")) == ["abat-jour"])
    #expect(headwords(shelf.lookUp("Abandonné")) == ["abandonné"])
    #expect(headwords(shelf.lookUp("été")) == ["Été"])
    let info = try #require(shelf.dictionaries.first)
    #expect(info.sourceLanguage == "fr" && info.targetLanguage == "en")
  }

  /// dictzip data: only the chunks an entry needs are read, and an entry that spans two
  /// chunks (58 315 bytes each) comes back whole.
  @Test(.enabled(if: DictionaryFixtures.hasDictzip, DictionaryFixtures.dictzipMissing))
  func dictzipDataAcrossChunks() throws {
    let folder = try DictionaryFixtures.folder()
    var entries: [(String, String)] = []
    for number in 0..<400 {
      let word = "word\(String(number, radix: 26))"
      let body = (0..<10).map { "   line \($0) of the definition of \(word), \(number)." }
      entries.append((word, word + "\n" + body.joined(separator: "\n") + "\n"))
    }
    try DictionaryFixtures.writeDictd("big", in: folder, entries: entries, compress: true)
    #expect(FileManager.default.fileExists(atPath: folder + "/big.dict.dz"))
    let shelf = shelf(folder)
    for (word, body) in entries {
      let definition = try #require(shelf.lookUp(word).definitions.first, "\(word)")
      #expect(
        definition.text.plainText.hasSuffix(
          "\(body.split(separator: "\n").last!.trimmingCharacters(in: .whitespaces))"))
    }
  }
}
