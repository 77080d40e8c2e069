import Foundation
import QuireLookup
import Testing

/// Debian's own databases, as `scripts/setup` installs them (dict-gcide, dict-wn,
/// dict-freedict-fra-eng): skipped where they are absent.
@Suite(.enabled(if: DebianDictionaries.present, "dict-gcide and dict-wn are not installed"))
struct InstalledDictionariesTests {
  static let shelf = DictionaryShelf(
    locations: .init(dictdFolders: ["/usr/share/dictd"], starDictFolders: []))

  /// WordNet has "serendipity"; GCIDE 0.48 does not.
  @Test func serendipity() throws {
    let result = Self.shelf.lookUp("serendipity", language: "en")
    #expect(result.problems.isEmpty)
    #expect(result.consulted.map(\.id).starts(with: ["gcide", "wn"]))
    let wordNet = try #require(result.definitions.first { $0.dictionary.id == "wn" })
    #expect(wordNet.dictionary.name == "WordNet (r) 3.0 (2006)")
    #expect(
      wordNet.text.plainText.contains("good luck in making unexpected and fortunate discoveries"))
    #expect(!result.definitions.contains { $0.dictionary.id == "gcide" })
  }

  @Test func gcideEntryWithLinks() throws {
    let result = Self.shelf.lookUp("Abandon", language: "en")
    let gcide = try #require(result.definitions.first { $0.dictionary.id == "gcide" })
    #expect(
      gcide.dictionary.name.hasPrefix("The Collaborative International Dictionary of English"))
    #expect(gcide.headword == "Abandon")
    #expect(gcide.text.plainText.contains("To give up absolutely"))
    #expect(gcide.text.links.contains { $0.word == "Ban" })
    // GCIDE's accent codes are letters: "([.a]*b[a^]n"d[u^]n)".
    #expect(gcide.text.plainText.contains("ȧ*băn\"dŭn"))
  }

  /// A word WordNet lacks as written is found by its base form; GCIDE lists many
  /// inflected forms itself.
  @Test(arguments: [("happier", "happy"), ("readers", "reader"), ("abandons", "abandon")])
  func lemmatisedInWordNet(_ word: String, _ base: String) throws {
    let result = Self.shelf.lookUp(word, language: "en")
    let wordNet = try #require(result.definitions.first { $0.dictionary.id == "wn" })
    #expect(wordNet.form == base)
  }

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/dictd/freedict-fra-eng.index")))
  func freeDictFrenchEnglish() throws {
    let result = Self.shelf.lookUp("Abat-jour", language: "fr")
    #expect(result.consulted.map(\.id) == ["freedict-fra-eng"])
    let definition = try #require(result.definitions.first)
    #expect(definition.headword == "abat-jour" && definition.text.plainText.contains("lamp-shade"))
  }
}

/// Whether Debian's GCIDE and WordNet are installed.
enum DebianDictionaries {
  static let present =
    FileManager.default.fileExists(atPath: "/usr/share/dictd/gcide.index")
    && FileManager.default.fileExists(atPath: "/usr/share/dictd/wn.index")
}
