import Foundation
import QuireLookup
import QuireTestSupport

/// A small dictd dictionary the tests write themselves (`NAME.index` and `NAME.dict`, as
/// dictfmt writes them unsorted by options: `sort -df` order, base-64 offsets), whose
/// entries link to each other with `{word}` as GCIDE's do.
enum WordList {
  /// The entries: reading, book, quire, each pointing at another.
  static let entries: [(headword: String, text: String)] = [
    ("book", "book\n   n 1: a long written work; a {quire} or more bound together\n"),
    ("quire", "quire\n   n 1: a gathering of folded sheets; what a {book} is sewn from\n"),
    (
      "reading",
      "reading\n   n 1: the act of one who reads a {book}\n   2: a way of understanding a text\n"
    ),
  ]

  /// A folder holding the dictionary `quire-test`, for a shelf's `DictionaryLocations`.
  static func folder(in scratch: ScratchFolder) throws -> DictionaryLocations {
    let folder = scratch.file("dictionaries")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var data = Data()
    var index = ""
    for (headword, text) in entries.sorted(by: { $0.headword < $1.headword }) {
      let bytes = Data(text.utf8)
      index +=
        "\(headword)\t\(DictdNumber.encode(data.count))\t\(DictdNumber.encode(bytes.count))\n"
      data.append(bytes)
    }
    try index.write(toFile: folder + "/quire-test.index", atomically: false, encoding: .utf8)
    try data.write(to: URL(fileURLWithPath: folder + "/quire-test.dict"))
    return DictionaryLocations(dictdFolders: [folder], starDictFolders: [])
  }

  /// No dictionary at all: an empty folder.
  static func none(in scratch: ScratchFolder) throws -> DictionaryLocations {
    let folder = scratch.file("no-dictionaries")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return DictionaryLocations(dictdFolders: [folder], starDictFolders: [])
  }
}
