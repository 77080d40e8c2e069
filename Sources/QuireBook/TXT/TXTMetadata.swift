import Foundation

/// Metadata of a TXT book: from the Project Gutenberg header when there is one, else from
/// labelled lines at the top (`书名：`, `作者：`, `Title:`, `Автор:`; `TXTLabelledMetadata`),
/// a 《书名》 first line, a title page ("Alice’s Adventures in Wonderland / by Lewis
/// Carroll") or the file name; the language told from the text (`LanguageIdentifier`).
enum TXTMetadata {
  static func metadata(
    path: String, boilerplate: GutenbergBoilerplate, firstText: String?,
    frontLines: [String] = [], language: String
  ) -> Metadata {
    var creators = boilerplate.authors.map { Metadata.Contributor(name: $0, role: "aut") }
    creators += boilerplate.translators.map { Metadata.Contributor(name: $0, role: "trl") }
    var title = boilerplate.title
    let labelled = TXTLabelledMetadata.read(frontLines)
    if creators.isEmpty, let author = labelled.author {
      creators = [Metadata.Contributor(name: author, role: "aut")]
      if let translator = labelled.translator {
        creators.append(Metadata.Contributor(name: translator, role: "trl"))
      }
    }
    if title == nil { title = labelled.title }
    if title == nil, let firstText, let bracketed = bookTitleMarks(firstText) {
      title = bracketed.title
      if creators.isEmpty, let author = bracketed.author {
        creators = [Metadata.Contributor(name: author, role: "aut")]
      }
    }
    if title == nil, let page = titlePage(frontLines) {
      title = page.title
      if creators.isEmpty {
        creators = [Metadata.Contributor(name: page.author, role: "aut")]
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

  /// The title and author of a title page: the lines just above the first "by NAME" (or
  /// "by" over a line "NAME"), back to a blank-bracketed illustration or four lines.
  /// "PRIDE. / and / PREJUDICE / by / Jane Austen," → ("Pride and Prejudice", "Jane Austen").
  static func titlePage(_ lines: [String]) -> (title: String, author: String)? {
    let lines = lines.map(unspaced)
    for (index, line) in lines.prefix(40).enumerated() {
      let author: Substring
      let lowered = line.lowercased()
      if bylines.contains(lowered), index + 1 < lines.count {
        author = Substring(lines[index + 1])
      } else if let word = bylines.first(where: { lowered.hasPrefix($0 + " ") }),
        line.count > word.count + 1
      {
        author = line.dropFirst(word.count + 1)
      } else {
        continue
      }
      let name = titleCased(trimmedTitlePart(author))
      let words = name.split(separator: " ")
      guard let initial = name.first, initial.isUppercase, (1...5).contains(words.count)
      else { continue }
      var parts: [String] = []
      var above = index - 1
      while above >= 0, parts.count < 4 {
        let part = lines[above]
        if part.hasPrefix("[") || part.hasSuffix("]") || part.count > 80 { break }
        parts.insert(trimmedTitlePart(Substring(part)), at: 0)
        above -= 1
      }
      let title = titleCased(parts.filter { !$0.isEmpty }.joined(separator: " "))
      guard title.contains(where: \.isLetter) else { continue }
      return (title, name)
    }
    return nil
  }

  /// The word before the author on a title page, in the languages Gutenberg's books
  /// come in most: "by", German "von", French "par", Italian "di", Dutch "door".
  static let bylines: Set<String> = ["by", "von", "par", "di", "door"]

  /// A letter-spaced title-page line set solid: "K U R T  W O L F F" → "KURT WOLFF"; other
  /// lines as they are.
  static func unspaced(_ line: String) -> String {
    let words = line.components(separatedBy: "  ").filter { !$0.isEmpty }
    let spaced = words.allSatisfy { word in
      let characters = Array(word.trimmingCharacters(in: .whitespaces))
      return characters.count >= 3 && characters.count % 2 == 1
        && characters.indices.allSatisfy {
          $0 % 2 == 0 ? characters[$0] != " " : characters[$0] == " "
        }
    }
    guard spaced, words.joined().count >= 5 else { return line }
    return words.map { $0.replacingOccurrences(of: " ", with: "") }.joined(separator: " ")
  }

  /// A title-page line without the punctuation that ends it ("PRIDE." → "PRIDE").
  private static func trimmedTitlePart(_ part: Substring) -> String {
    part.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ".,;:")))
  }

  /// Words set in capitals on the title page in ordinary title case (English articles,
  /// conjunctions and short prepositions in lower case after the first word); others as
  /// they are.
  private static func titleCased(_ title: String) -> String {
    title.split(separator: " ").enumerated().map { index, word in
      guard word.count > 1, word.allSatisfy({ !$0.isLetter || $0.isUppercase }) else {
        return String(word)
      }
      if index > 0, minorWords.contains(word.lowercased()) { return word.lowercased() }
      return word.prefix(1) + word.dropFirst().lowercased()
    }.joined(separator: " ")
  }

  private static let minorWords: Set<String> = [
    "a", "an", "the", "and", "or", "nor", "but", "of", "in", "on", "at", "to", "by", "for",
    "from", "with", "as",
  ]

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

  /// The language of the text: libexttextcat's answer on a sample from the middle of the
  /// body ("de", "zh-Hant", …), checked against the script; for East Asian text its
  /// characters decide (`CJKScriptCounts`: kana make it Japanese, so Traditional Chinese
  /// is never taken for Japanese, and Simplified and Traditional are told apart by the
  /// characters each writes its own way); the script alone ("zh" when CJK characters
  /// outnumber Latin letters, else "en") when nothing can tell.
  static func guessLanguage(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>
  ) -> String {
    let script = guessScript(bytes, lines, range)
    guard !range.isEmpty else { return script }
    let middle = range.lowerBound + range.count / 2
    let from = lines.starts[middle]
    var to = min(lines.ends[range.upperBound - 1], from + LanguageIdentifier.sampleBytes)
    // End on a character boundary.
    while to > from, to < bytes.count, bytes[to] & 0xC0 == 0x80 { to -= 1 }
    let tag =
      to > from
      ? LanguageIdentifier.identify(UnsafeBufferPointer(rebasing: bytes[from..<to])) : nil
    let isCJK = tag.map { $0.hasPrefix("zh") || $0 == "ja" || $0 == "ko" } ?? false
    guard script == "zh" else { return isCJK ? script : tag ?? script }
    if let told = cjkLanguage(
      bytes, from: lines.starts[range.lowerBound], middle: from,
      end: lines.ends[range.upperBound - 1])
    {
      return told
    }
    // The characters could not tell the Chinese script: the guesser's Chinese, never its
    // Japanese or Korean (the characters found too little kana or Hangul for those).
    if let tag, tag.hasPrefix("zh") { return tag }
    return script
  }

  /// The East Asian language of 64 KB of text around `middle` (and from the start, for a
  /// short text), or nil.
  static func cjkLanguage(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, middle: Int, end: Int
  )
    -> String?
  {
    let window = 1 << 16
    var lower = max(start, min(middle, end - window))
    while lower > start, bytes[lower] & 0xC0 == 0x80 { lower -= 1 }
    var upper = min(end, lower + window)
    while upper < end, upper > lower, bytes[upper] & 0xC0 == 0x80 { upper -= 1 }
    guard upper > lower else { return nil }
    let text = TextBytes.string(bytes, lower, upper)
    return CJKScriptCounts(Substring(text).unicodeScalars).language
  }

  /// "zh" when CJK characters outnumber Latin letters in samples of the text, else "en".
  static func guessScript(
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
