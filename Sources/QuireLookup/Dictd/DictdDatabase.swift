/// A dictd database: an `.index` and its `.dict.dz` (or `.dict`), read directly, without
/// a dictd server.
final class DictdDatabase: OpenDictionary {
  let index: DictdIndex
  let data: any DictionaryData
  let displayName: String

  /// Opens the index and the data and checks one against the other.
  ///
  /// - Parameter fallbackName: the name when the database has no `00-database-short`.
  /// - Throws: `LookupError` naming the damaged file: either one unreadable or malformed,
  ///   or index lines that point past the end of the data.
  init(indexPath: String, dataPath: String, fallbackName: String) throws(LookupError) {
    index = try DictdIndex(path: indexPath)
    data = try openDictionaryData(dataPath)
    for entry in index.sampleEntries {
      guard entry.offset <= data.size, entry.length <= data.size - entry.offset else {
        throw LookupError(
          .damaged, path: indexPath,
          "“\(entry.headword)” points to bytes \(entry.offset)–\(entry.offset + entry.length), "
            + "past the end of \(dataPath) (\(data.size) bytes uncompressed)")
      }
    }
    var name = fallbackName
    if let short = try? Self.text(of: index.entries(for: "00-database-short").first, in: data) {
      let lines = short.split(separator: "\n").map { String($0).trimmingWhitespace }
        .filter { !$0.isEmpty && !$0.hasPrefix("00-database") && !$0.hasPrefix("00database") }
      if let first = lines.first { name = first }
    }
    displayName = name
  }

  func entries(for word: String) throws(LookupError) -> [DictionaryEntry] {
    var entries: [DictionaryEntry] = []
    for entry in try index.entries(for: word) {
      guard let text = try Self.text(of: entry, in: data) else { continue }
      let headword = writtenHeadword(in: text, for: entry) ?? entry.headword
      var builder = DefinitionTextBuilder()
      DictdText.read(text, headword: headword, into: &builder)
      entries.append(DictionaryEntry(headword: headword, text: builder.build()))
    }
    return entries
  }

  /// The headword as the definition's first line spells it, when the index holds it only
  /// folded (FreeDict's "abatjour" for "abat-jour /abaʒuʀ/ <n, masc>"): the first words of
  /// the line that fold to the index's headword.
  private func writtenHeadword(in text: String, for entry: DictdIndex.Entry) -> String? {
    let collation = index.collation
    let key = collation.key(for: entry.headword)
    let start = text.utf8.firstIndex { $0 != 0x0A && $0 != 0x20 } ?? text.endIndex
    let end = text.utf8[start...].firstIndex(of: 0x0A) ?? text.endIndex
    let line = text[start..<end]
    guard !line.isEmpty else { return nil }
    var prefix = ""
    for word in line.split(separator: " ").prefix(6) {
      prefix += (prefix.isEmpty ? "" : " ") + word
      let folded = collation.key(for: prefix)
      if folded == key { return prefix }
      if folded.count > key.count { break }
    }
    return nil
  }

  /// An entry's definition as text (UTF-8; a byte that is not is shown as U+FFFD).
  private static func text(of entry: DictdIndex.Entry?, in data: any DictionaryData)
    throws(LookupError) -> String?
  {
    guard let entry else { return nil }
    try data.checkRange(entry.offset, entry.length, entry: entry.headword)
    guard entry.length <= maximumDefinitionSize else {
      throw LookupError(
        .damaged, path: data.path,
        "the entry for “\(entry.headword)” claims \(entry.length) bytes, more than any definition")
    }
    return String(decoding: try data.bytes(at: entry.offset, count: entry.length), as: UTF8.self)
  }
}
