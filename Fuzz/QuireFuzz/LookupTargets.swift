import Foundation

@testable import QuireLookup

/// Arbitrary bytes as a dictd `.index`: the open checks (sampled lines, the collation
/// flags), then look-ups in all three collations of words taken from the input and of
/// fixed ones.
enum DictdIndexFuzz {
  static func run(_ bytes: [UInt8]) {
    let path = ScratchFile.write(bytes, ext: "index")
    guard let index = try? DictdIndex(path: path) else { return }
    var words = ["a", "the", "00-database-short", "zzzz", "", " "]
    words += String(decoding: bytes.prefix(256), as: UTF8.self)
      .split(whereSeparator: { $0 == "\t" || $0 == "\n" }).prefix(8).map(String.init)
    for word in words { _ = try? index.entries(for: word) }
  }
}

/// Arbitrary bytes as a dictzip `.dict.dz`: the header and chunk table, then reads at
/// the start, across every chunk boundary and at the end.
enum DictzipFuzz {
  static func run(_ bytes: [UInt8]) {
    let path = ScratchFile.write(bytes, ext: "dict.dz")
    guard let file = try? DictzipFile(path: path) else { return }
    let size = file.size
    var ranges = [(0, min(size, 100)), (max(0, size - 10), min(size, 10)), (size / 2, 1_000)]
    for chunk in 1..<min(file.header.chunkCount, 64) {
      ranges.append((chunk * file.header.chunkLength - 5, 10))
    }
    for (offset, count) in ranges { _ = try? file.bytes(at: offset, count: count) }
  }
}

/// Arbitrary bytes as a StarDict `.idx` with a `.syn` (split at the first "\0\0\0\0\0"),
/// under an `.ifo` that matches their sizes, and a `.dict` of the same bytes: every
/// entry of a few words read and its fields taken apart.
enum StarDictFuzz {
  static func run(_ bytes: [UInt8]) {
    let marker: [UInt8] = [0, 0, 0, 0, 0]
    var index = bytes[...]
    var synonyms: ArraySlice<UInt8>?
    if let split = (0..<max(0, bytes.count - 4)).first(where: {
      Array(bytes[$0..<($0 + 5)]) == marker
    }) {
      index = bytes[..<split]
      synonyms = bytes[(split + 5)...]
    }
    let base = ScratchFile.folder + "/quire-fuzz-\(getpid())-stardict"
    let sequence = bytes.first.map { $0 % 2 == 0 ? "sametypesequence=hm" : "" } ?? ""
    let info = """
      StarDict's dict ifo file
      version=2.4.2
      bookname=Fuzz
      wordcount=\(index.filter { $0 == 0 }.count)
      idxfilesize=\(index.count)
      \(sequence)

      """
    _ = FileManager.default.createFile(atPath: base + ".ifo", contents: Data(info.utf8))
    _ = FileManager.default.createFile(atPath: base + ".idx", contents: Data(index))
    _ = FileManager.default.createFile(atPath: base + ".dict", contents: Data(bytes))
    if let synonyms {
      _ = FileManager.default.createFile(atPath: base + ".syn", contents: Data(synonyms))
    } else {
      try? FileManager.default.removeItem(atPath: base + ".syn")
    }
    guard case .success(let files) = StarDictDictionary.Files.beside(base + ".ifo"),
      let dictionary = try? StarDictDictionary(files: files)
    else { return }
    for word in ["a", "the", "Fuzz", ""]
      + String(decoding: bytes.prefix(64), as: UTF8.self)
      .split(separator: "\0").prefix(4).map(String.init)
    {
      _ = try? dictionary.entries(for: word)
    }
  }
}
