import Foundation
import Testing

@testable import QuireLookup

/// Small dictionaries written by the tests themselves, in both formats, the way dictfmt,
/// dictzip and StarDict's tools write them.
enum DictionaryFixtures {
  /// A fresh folder under the temporary directory.
  static func folder(_ name: String = #function) throws -> String {
    let path = try ScratchFolder.make("lookup")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Whether `dictzip` (Debian's `dictzip` package, installed by scripts/setup) is here.
  static let hasDictzip = FileManager.default.isExecutableFile(atPath: "/usr/bin/dictzip")
  static let dictzipMissing: Comment = "dictzip is not installed (scripts/setup installs it)"

  // MARK: - dictd

  /// How a dictd index is sorted, as dictfmt does with and without its options.
  enum Sort {
    /// `sort -df`: letters, digits and spaces only, case folded (GCIDE).
    case alphanumeric
    /// `--allchars`: byte order, all characters (WordNet).
    case allCharacters
    /// `--utf8`: byte order of the folded headword, the headword as written in column 4.
    case utf8
  }

  /// Writes `NAME.index` and `NAME.dict` (or `NAME.dict.dz` with `compress`) in `folder`;
  /// returns the index's path.
  @discardableResult
  static func writeDictd(
    _ name: String, in folder: String, entries: [(headword: String, text: String)],
    sort: Sort = .alphanumeric, shortName: String? = nil, compress: Bool = false
  ) throws -> String {
    var all = entries
    if let shortName { all.append(("00-database-short", "00-database-short\n   \(shortName)\n")) }
    switch sort {
    case .allCharacters: all.append(("00-database-allchars", "00-database-allchars\n"))
    case .utf8: all.append(("00-database-utf8", "00-database-utf8\n"))
    case .alphanumeric: break
    }
    var data = Data()
    var lines: [(key: [UInt8], line: String)] = []
    for (headword, text) in all {
      let bytes = Data(text.utf8)
      let offset = data.count
      data.append(bytes)
      let number = { (value: Int) in DictdNumber.encode(value) }
      switch sort {
      case .alphanumeric:
        let key = Array(
          headword.lowercased().utf8.filter { $0 >= 0x80 || $0 == 0x20 || isalnum(Int32($0)) != 0 })
        lines.append((key, "\(headword)\t\(number(offset))\t\(number(bytes.count))"))
      case .allCharacters:
        lines.append(
          (Array(headword.utf8), "\(headword)\t\(number(offset))\t\(number(bytes.count))"))
      case .utf8:
        let folded = String(
          headword.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " })
        let fourth = folded == headword ? "" : "\t\(headword)"
        lines.append(
          (Array(folded.utf8), "\(folded)\t\(number(offset))\t\(number(bytes.count))\(fourth)"))
      }
    }
    lines.sort { $0.key.lexicographicallyPrecedes($1.key) }
    let index = lines.map(\.line).joined(separator: "\n") + "\n"
    let indexPath = folder + "/" + name + ".index"
    try index.write(toFile: indexPath, atomically: false, encoding: .utf8)
    let dataPath = folder + "/" + name + ".dict"
    try data.write(to: URL(fileURLWithPath: dataPath))
    if compress { try dictzip(dataPath) }
    return indexPath
  }

  /// Compresses `path` into `path.dz` with dictzip, removing `path`.
  static func dictzip(_ path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dictzip")
    process.arguments = ["-n", path]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "dictzip \(path) failed")
  }

  // MARK: - StarDict

  /// One StarDict entry: its word and its data as the `.dict` holds it.
  struct StarDictEntry {
    var word: String
    var data: [UInt8]

    /// An entry whose data is `text` (a field of the dictionary's `sametypesequence`).
    init(_ word: String, _ text: String) {
      self.word = word
      data = Array(text.utf8)
    }

    init(_ word: String, data: [UInt8]) {
      self.word = word
      self.data = data
    }
  }

  /// Writes `NAME.ifo`, `NAME.idx` (or `.idx.gz`), `NAME.dict` (or `.dict.dz`) and, with
  /// synonyms, `NAME.syn` in `folder`; returns the `.ifo`'s path. Entries are sorted as
  /// StarDict sorts them.
  @discardableResult
  static func writeStarDict(
    _ name: String, in folder: String, bookName: String, entries: [StarDictEntry],
    sameTypeSequence: String? = "m", synonyms: [(word: String, entry: String)] = [],
    extraInfo: [String] = [], offsetBits: Int = 32, gzipIndex: Bool = false,
    compress: Bool = false
  ) throws -> String {
    let sorted = entries.sorted { starDictOrder($0.word, $1.word) }
    var data: [UInt8] = []
    var index: [UInt8] = []
    for entry in sorted {
      index += Array(entry.word.utf8) + [0]
      index += bigEndian(data.count, width: offsetBits / 8) + bigEndian(entry.data.count, width: 4)
      data += entry.data
    }
    var info = [
      "StarDict's dict ifo file", "version=\(offsetBits == 64 ? "3.0.0" : "2.4.2")",
      "bookname=\(bookName)", "wordcount=\(sorted.count)", "idxfilesize=\(index.count)",
    ]
    if offsetBits == 64 { info.append("idxoffsetbits=64") }
    if let sameTypeSequence { info.append("sametypesequence=\(sameTypeSequence)") }
    if !synonyms.isEmpty {
      var syn: [UInt8] = []
      for synonym in synonyms.sorted(by: { starDictOrder($0.word, $1.word) }) {
        let number = try #require(sorted.firstIndex { $0.word == synonym.entry })
        syn += Array(synonym.word.utf8) + [0] + bigEndian(number, width: 4)
      }
      try Data(syn).write(to: URL(fileURLWithPath: folder + "/" + name + ".syn"))
      info.append("synwordcount=\(synonyms.count)")
    }
    info += extraInfo
    let base = folder + "/" + name
    try (info.joined(separator: "\n") + "\n").write(
      toFile: base + ".ifo", atomically: false, encoding: .utf8)
    try Data(index).write(to: URL(fileURLWithPath: base + ".idx"))
    if gzipIndex { try gzip(base + ".idx") }
    try Data(data).write(to: URL(fileURLWithPath: base + ".dict"))
    if compress { try dictzip(base + ".dict") }
    return base + ".ifo"
  }

  /// StarDict's order: ASCII case folded, then bytes.
  static func starDictOrder(_ left: String, _ right: String) -> Bool {
    let fold = { (text: String) in text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 } }
    let (a, b) = (fold(left), fold(right))
    return a == b
      ? Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
      : a.lexicographicallyPrecedes(b)
  }

  private static func bigEndian(_ value: Int, width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  private static func gzip(_ path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-n", path]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "gzip \(path) failed")
  }

  // MARK: - Damage

  /// A copy of `path` changed by `damage`, at `copy`.
  static func damagedCopy(of path: String, to copy: String, _ damage: (inout [UInt8]) -> Void)
    throws
  {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    damage(&bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: copy))
  }
}
