import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// German patterns take libhyphen seconds to build; a built dictionary is stored and read
/// back in later processes. Read back, it must hyphenate exactly as the one built, and a
/// damaged store must never be taken for a dictionary.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hyphen/hyph_de_DE.dic")))
struct CompiledPatternsTests {
  static let german = "/usr/share/hyphen/hyph_de_DE.dic"

  /// German words of every kind: compounds (the patterns' second level), umlauts, ß.
  static let words = """
    Verwandlung Ungeziefer Versicherungsgesellschaft Schreibtisch Mittagessen
    Dampfschifffahrtsgesellschaft Kapitänsmütze Straßenbahnhaltestelle Fensterscheibe
    Geschäftsreisender Bettdecke Zimmerherren Schwesterchen Rücken bogenförmigen
    unruhigen Träumen verwandelt Nachthemd Weihnachtsabend Lieblingsbeschäftigung
    Frühstücksgeschirr Oberkörper Gliederung Schwierigkeiten Zusammenhang Geldangelegenheiten
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  private func hyphenated(_ hyphenator: Hyphenator) -> [[Int]] {
    Self.words.map { hyphenator.points(in: Array($0.utf16)) }
  }

  @Test func aStoredDictionaryHyphenatesAsTheOneBuilt() throws {
    let store = try ScratchFolder.make("patterns")
    defer { try? FileManager.default.removeItem(atPath: store) }
    let built = try #require(Hyphenator(path: Self.german, store: store))
    let files = try FileManager.default.contentsOfDirectory(atPath: store)
    #expect(files.count == 1 && files[0].hasPrefix("hyph_de_DE.dic-"), "\(files)")
    let start = Date()
    let read = try #require(Hyphenator(path: Self.german, store: store))
    let seconds = Date().timeIntervalSince(start)
    let expected = hyphenated(built)
    #expect(expected.filter { !$0.isEmpty }.count >= Self.words.count - 2)
    #expect(hyphenated(read) == expected)
    print("German patterns read from the store in \(String(format: "%.3f", seconds)) s")
  }

  @Test func aDamagedStoreIsNeverTakenForADictionary() throws {
    let store = try ScratchFolder.make("patterns")
    defer { try? FileManager.default.removeItem(atPath: store) }
    _ = try #require(Hyphenator(path: Self.german, store: store))
    let file = store + "/" + (try FileManager.default.contentsOfDirectory(atPath: store)[0])
    let data = try #require(FileManager.default.contents(atPath: file))
    #expect(CompiledPatterns.isValid(data))
    // Cut short anywhere: refused.
    for fraction in stride(from: 0.0, to: 1.0, by: 0.05) {
      #expect(!CompiledPatterns.isValid(data.prefix(Int(Double(data.count) * fraction))))
    }
    #expect(!CompiledPatterns.isValid(data + Data([1])))
    // A state count or transition target out of range: refused, not followed.
    var bytes = [UInt8](data)
    bytes.withUnsafeMutableBytes { raw in
      // The first level's state count sits after magic, marker, 4 minimums, utf8, cset,
      // exception count and the exception bytes.
      let exceptions = Int(
        raw.loadUnaligned(fromByteOffset: 4 + 1 + 4 + 4 + 20 + 4, as: Int32.self))
      let count = 4 + 1 + 4 + 4 + 20 + 4 + 4 + max(0, exceptions)
      raw.storeBytes(of: Int32.max.littleEndian, toByteOffset: count, as: Int32.self)
    }
    #expect(!CompiledPatterns.isValid(Data(bytes)))
    // A damaged store is replaced by a good one on the next load.
    try Data("QHYP garbage".utf8).write(to: URL(fileURLWithPath: file))
    let rebuilt = try #require(Hyphenator(path: Self.german, store: store))
    #expect(hyphenated(rebuilt).contains { !$0.isEmpty })
    let replaced = try #require(FileManager.default.contents(atPath: file))
    #expect(CompiledPatterns.isValid(replaced))
  }
}
