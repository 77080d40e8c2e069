/// Metadata of a TXT book: from the Project Gutenberg header when there is one, else from
/// a 《书名》 first line or the file name; the language guessed from the script.
enum TXTMetadata {
  static func metadata(
    path: String, boilerplate: GutenbergBoilerplate, firstText: String?, language: String
  ) -> Metadata {
    var creators = boilerplate.authors.map { Metadata.Contributor(name: $0, role: "aut") }
    creators += boilerplate.translators.map { Metadata.Contributor(name: $0, role: "trl") }
    var title = boilerplate.title
    if title == nil, let firstText, let bracketed = bookTitleMarks(firstText) {
      title = bracketed.title
      if creators.isEmpty, let author = bracketed.author {
        creators = [Metadata.Contributor(name: author, role: "aut")]
      }
    }
    return Metadata(
      title: title ?? titleFromFileName(path), creators: creators,
      language: boilerplate.language ?? language, date: boilerplate.releaseDate)
  }

  /// "《红楼梦》曹雪芹" → ("红楼梦", "曹雪芹").
  static func bookTitleMarks(_ line: String) -> (title: String, author: String?)? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("《"), let close = trimmed.firstIndex(of: "》") else { return nil }
    let title = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
    let rest = trimmed[trimmed.index(after: close)...].trimmingCharacters(in: .whitespaces)
    guard !title.isEmpty, title.count <= 40, rest.count <= 20 else { return nil }
    return (title, rest.isEmpty ? nil : rest)
  }

  /// "war-and-peace_pg2600_utf8-bom-crlf.txt" → "war-and-peace".
  static func titleFromFileName(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let stem = name.hasSuffix(".txt") || name.hasSuffix(".TXT") ? String(name.dropLast(4)) : name
    var parts = stem.split(separator: "_").map(String.init)
    let tags = [
      "pg", "utf", "gb", "big5", "latin", "cp", "ascii", "ansi", "iso", "win", "sjis",
      "shift",
    ]
    while parts.count > 1,
      let last = parts.last?.lowercased(), tags.contains(where: { last.hasPrefix($0) })
    {
      parts.removeLast()
    }
    let title = parts.joined(separator: " ")
    return title.isEmpty ? name : title
  }

  /// "zh" when CJK characters outnumber Latin letters in samples of the text, else "en".
  static func guessLanguage(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>
  ) -> String {
    guard !range.isEmpty else { return "en" }
    let start = lines.starts[range.lowerBound]
    let end = lines.ends[range.upperBound - 1]
    let window = 1 << 16
    var cjk = 0
    var latin = 0
    let length = max(0, end - start)
    for offset in [0, length / 2, max(0, length - window)] {
      let from = start + offset
      for i in from..<min(end, from + window) {
        let byte = bytes[i]
        if byte >= 0xE3 && byte <= 0xE9 {
          cjk += 1
        } else if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
          latin += 1
        }
      }
    }
    return cjk * 2 >= latin ? "zh" : "en"
  }
}
