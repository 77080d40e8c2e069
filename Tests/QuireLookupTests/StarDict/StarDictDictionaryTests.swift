import Foundation
import QuireLookup
import Testing

/// StarDict dictionaries as KOReader and sdcv users have them.
@Suite struct StarDictDictionaryTests {
  private func shelf(_ folder: String) -> DictionaryShelf {
    DictionaryShelf(locations: .init(dictdFolders: [], starDictFolders: [folder]))
  }

  /// HTML entries (PyGlossary's and most KOReader dictionaries'), in a folder of their
  /// own, with synonyms and a compressed `.dict.dz`.
  @Test(.enabled(if: DictionaryFixtures.hasDictzip, DictionaryFixtures.dictzipMissing))
  func htmlDictionaryWithSynonyms() throws {
    let folder = try DictionaryFixtures.folder()
    let own = folder + "/Webster's Test"
    try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
    try DictionaryFixtures.writeStarDict(
      "websters", in: own, bookName: "Webster's Test",
      entries: [
        .init(
          "cat",
          "<b>cat</b> <i>n.</i><br>A small animal. See <a href=\"bword://kitten\">kitten</a>."),
        .init("Cat", "<b>Cat</b><br>A ship."), .init("kitten", "A young cat."),
        .init("dog", "A loyal animal."),
      ], sameTypeSequence: "h", synonyms: [("pussycat", "cat"), ("hound", "dog")],
      extraInfo: ["lang=en-en"], compress: true)
    let shelf = shelf(folder)
    let info = try #require(shelf.dictionaries.first)
    #expect(info.id == "websters" && info.name == "Webster's Test" && info.format == .stardict)
    #expect(info.sourceLanguage == "en")
    let cat = try #require(shelf.lookUp("CAT").definitions.first)
    #expect(cat.entryCount == 2)
    #expect(cat.text.plainText.contains("A small animal. See kitten."))
    #expect(cat.text.plainText.contains("A ship."))
    #expect(cat.text.links.map(\.word) == ["kitten"])
    #expect(shelf.lookUp("pussycat").definitions.first?.headword == "cat")
    #expect(shelf.lookUp("hounds").definitions.first?.text.plainText == "A loyal animal.")
    #expect(!shelf.lookUp("cow").isFound)
  }

  /// Several fields per entry (phonetics and plain text), 64-bit offsets (version
  /// 3.0.0) and a gzipped index.
  @Test func typedFieldsSixtyFourBitOffsetsAndGzippedIndex() throws {
    let folder = try DictionaryFixtures.folder()
    try DictionaryFixtures.writeStarDict(
      "phonetic", in: folder, bookName: "Phonetic",
      entries: [
        .init(
          "tomato", data: Array("təˈmɑːtəʊ".utf8) + [0] + Array("a red fruit\nsecond line".utf8)),
        .init("potato", data: Array("pəˈteɪtəʊ".utf8) + [0] + Array("a tuber".utf8)),
      ], sameTypeSequence: "tm", offsetBits: 64, gzipIndex: true)
    let tomato = try #require(shelf(folder).lookUp("tomato").definitions.first)
    #expect(tomato.text.plainText == "[təˈmɑːtəʊ]\na red fruit\nsecond line")
    #expect(tomato.text.spans.first?.style == .pronunciation)
  }

  /// Without `sametypesequence` every field carries its type letter; binary fields
  /// (sounds, pictures) carry their size and are left out of the text.
  @Test func fieldsWithTheirOwnTypes() throws {
    let folder = try DictionaryFixtures.folder()
    let picture: [UInt8] = [0, 0, 0, 3, 1, 2, 3]
    try DictionaryFixtures.writeStarDict(
      "typed", in: folder, bookName: "Typed",
      entries: [
        .init(
          "owl",
          data: [UInt8(ascii: "P")] + picture + [UInt8(ascii: "g")]
            + Array("<b>owl</b>\na bird".utf8)
            + [0] + [UInt8(ascii: "x")] + Array("<kref>hawk</kref>".utf8) + [0])
      ], sameTypeSequence: nil)
    let owl = try #require(shelf(folder).lookUp("owl").definitions.first)
    #expect(owl.text.plainText == "owl\na bird\nhawk")
    #expect(owl.text.links.map(\.word) == ["hawk"])
  }

  /// Damaged StarDict files, each named in its error; the dictionary beside still works.
  @Test(arguments: ["count", "size", "cut", "magic", "synonym", "field"])
  func damagedDictionaryIsNamed(_ damage: String) throws {
    let folder = try DictionaryFixtures.folder()
    let entries = (0..<50).map { DictionaryFixtures.StarDictEntry("word\($0)", "text \($0)") }
    try DictionaryFixtures.writeStarDict(
      "bad", in: folder, bookName: "Bad", entries: entries, synonyms: [("alias", "word7")])
    try DictionaryFixtures.writeStarDict(
      "good", in: folder, bookName: "Good", entries: [.init("word7", "good text")])
    let base = folder + "/bad"
    var expectedFile = base + ".idx"
    var expectedWords = ["cut short"]
    switch damage {
    case "count":
      try DictionaryFixtures.damagedCopy(of: base + ".ifo", to: base + ".ifo") { bytes in
        bytes = Array(
          String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "wordcount=50", with: "wordcount=51").utf8)
      }
      expectedWords = ["51", "50"]
    case "size":
      try DictionaryFixtures.damagedCopy(of: base + ".idx", to: base + ".idx") { $0.append(0) }
      expectedWords = ["the .ifo says"]
    case "cut":
      try DictionaryFixtures.damagedCopy(of: base + ".idx", to: base + ".idx") { $0.removeLast(3) }
      try DictionaryFixtures.damagedCopy(of: base + ".ifo", to: base + ".ifo") { bytes in
        let size = (try? Data(contentsOf: URL(fileURLWithPath: base + ".idx")).count) ?? 0
        bytes = Array(
          String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(
              of: #"idxfilesize=\d+"#, with: "idxfilesize=\(size)", options: .regularExpression
            ).utf8)
      }
    case "magic":
      try DictionaryFixtures.damagedCopy(of: base + ".ifo", to: base + ".ifo") { $0.removeFirst(3) }
      expectedFile = base + ".ifo"
      expectedWords = ["not a StarDict .ifo"]
    case "synonym":
      try DictionaryFixtures.damagedCopy(of: base + ".syn", to: base + ".syn") { bytes in
        bytes[bytes.count - 1] = 200
      }
      expectedFile = base + ".syn"
      expectedWords = ["entry 201 of 50"]
    default:
      // An entry whose data is a binary field with a size past its end.
      try DictionaryFixtures.damagedCopy(of: base + ".ifo", to: base + ".ifo") { bytes in
        bytes = Array(
          String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "sametypesequence=m", with: "sametypesequence=Pm").utf8)
      }
      expectedFile = base + ".dict"
      expectedWords = ["“P” field"]
    }
    let result = shelf(folder).lookUp(damage == "synonym" ? "alias" : "word7")
    let problems = result.problems + shelf(folder).discoveryProblems
    let problem = try #require(problems.first { $0.path == expectedFile }, "\(problems)")
    for word in expectedWords {
      #expect(problem.detail.contains(word), "\(problem)")
    }
    if damage != "synonym" {
      #expect(result.definitions.map(\.dictionary.id) == ["good"])
    }
  }
}
