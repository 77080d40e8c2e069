import Foundation
import QuireLookup
import Testing

/// Damaged dictd files, made from a good database: each gives an error that names the
/// file and says what is wrong, and the other dictionaries still answer.
@Suite(.enabled(if: DictionaryFixtures.hasDictzip, DictionaryFixtures.dictzipMissing))
struct DamagedDictdTests {
  /// A good compressed database ("damaged") beside a good one ("other").
  private func makeFolder() throws -> String {
    let folder = try DictionaryFixtures.folder()
    var entries: [(String, String)] = []
    for number in 0..<300 {
      let word = "word\(number)"
      entries.append((word, word + "\n" + String(repeating: "   text of \(word).\n", count: 30)))
    }
    try DictionaryFixtures.writeDictd("damaged", in: folder, entries: entries, compress: true)
    try DictionaryFixtures.writeDictd(
      "other", in: folder, entries: [("word7", "word7\n   other\n")])
    return folder
  }

  /// Looks "word7" up after `damage`; returns the problem reported for `file`.
  private func problem(
    in file: String, _ damage: (inout [UInt8]) -> Void, word: String = "word7"
  ) throws -> LookupError {
    let folder = try makeFolder()
    let path = folder + "/" + file
    try DictionaryFixtures.damagedCopy(of: path, to: path, damage)
    let result = DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: []))
      .lookUp(word)
    #expect(result.definitions.map(\.dictionary.id) == ["other"], "the other dictionary answers")
    let problem = try #require(result.problems.first, "no error for \(file)")
    #expect(problem.path == path)
    return problem
  }

  @Test func indexCutShort() throws {
    let error = try problem(in: "damaged.index") { $0.removeLast(7) }
    #expect(error.detail.contains("cut short"))
  }

  @Test func indexOfGarbage() throws {
    var generator = SystemRandomNumberGenerator()
    let error = try problem(in: "damaged.index") { bytes in
      bytes = (0..<bytes.count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      bytes[bytes.count - 1] = 0x0A
    }
    #expect(error.code == .damaged)
  }

  @Test func indexWithBadNumbers() throws {
    let error = try problem(in: "damaged.index") { bytes in
      // The first line's offset becomes "!!".
      let tab = bytes.firstIndex(of: 0x09)!
      bytes[tab + 1] = UInt8(ascii: "!")
    }
    #expect(error.detail.contains("line 1") && error.detail.contains("not a dictd number"))
  }

  @Test func indexPointingPastTheData() throws {
    let folder = try makeFolder()
    try "word7\tBAAAAA\tBA\n".write(
      toFile: folder + "/damaged.index", atomically: false, encoding: .utf8)
    let result = DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: []))
      .lookUp("word7")
    let error = try #require(result.problems.first)
    #expect(error.path == folder + "/damaged.index" && error.detail.contains("past the end"))
  }

  @Test func dataCutShort() throws {
    let error = try problem(in: "damaged.dict.dz") { $0.removeLast($0.count / 2) }
    #expect(error.detail.contains("cut short"))
  }

  @Test func dataWithABadChunkTable() throws {
    let error = try problem(in: "damaged.dict.dz") { bytes in
      // The RA table's chunk count (after "RA", its length, the version, the chunk length).
      let ra = (0..<(bytes.count - 1)).first { bytes[$0] == 0x52 && bytes[$0 + 1] == 0x41 }!
      bytes[ra + 8] &+= 1
    }
    #expect(error.detail.contains("RA chunk table"))
  }

  @Test func dataWithACorruptChunk() throws {
    let error = try problem(in: "damaged.dict.dz") { bytes in
      for index in 40..<min(bytes.count - 8, 20_000) { bytes[index] = 0xFF }
    }
    #expect(error.detail.contains("chunk 1"))
  }

  @Test func dataThatIsNotDictzip() throws {
    let error = try problem(in: "damaged.dict.dz") { bytes in
      bytes = Array("just some text, not gzip at all\n".utf8)
    }
    #expect(error.detail.contains("not a gzip file"))
  }

  /// A FIFO where the index should be is refused at once, not waited on.
  @Test func indexThatIsAFIFO() throws {
    let folder = try makeFolder()
    let path = folder + "/damaged.index"
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    let result = DictionaryShelf(locations: .init(dictdFolders: [folder], starDictFolders: []))
      .lookUp("word7")
    let error = try #require(result.problems.first)
    #expect(error.path == path && error.detail.contains("not a regular file"))
  }
}
