import Foundation

/// Title and author written as labelled lines at the top of a downloaded text: `书名：…`,
/// `作者：…` (also `作者；`, `作者:`), a name followed by `著`, `Title:`/`Author:` as in
/// Project Gutenberg's header, `Название:`/`Автор:` as in Russian ones; an author line
/// without a title label takes the line above it (《》 removed) as the title.
enum TXTLabelledMetadata {
  /// How many non-blank lines from the top are read.
  static let searchedLines = 12

  static let titleLabels = ["书名", "書名", "作品名", "小说名", "小說名", "Title", "Название", "Заглавие"]
  static let authorLabels = ["作者", "著者", "Author", "Автор", "Auteur", "Autor"]
  static let translatorLabels = ["译者", "譯者", "Translator", "Переводчик", "Перевод"]

  /// What the lines say; nil fields where they say nothing.
  static func read(_ lines: [String]) -> (title: String?, author: String?, translator: String?) {
    let top = Array(lines.prefix(searchedLines))
    var title: String?
    var author: String?
    var translator: String?
    var authorLine: Int?
    for (index, line) in top.enumerated() {
      if title == nil, let value = value(of: line, labels: titleLabels) {
        title = unbracketed(value)
      } else if author == nil, let value = value(of: line, labels: authorLabels) {
        author = value
        authorLine = index
      } else if translator == nil, let value = value(of: line, labels: translatorLabels) {
        translator = value
      } else if author == nil, let name = byline(line) {
        author = name
        authorLine = index
      }
    }
    if title == nil, let authorLine, authorLine > 0 {
      let above = unbracketed(top[authorLine - 1])
      if !above.isEmpty, above.count <= 40, value(of: above, labels: authorLabels) == nil {
        title = above
      }
    }
    return (title, author, translator)
  }

  /// The text after `label` and a colon (full-width or not, or `；`), cut where another
  /// field starts (two spaces, U+3000, `|`).
  static func value(of line: String, labels: [String]) -> String? {
    for label in labels where line.lowercased().hasPrefix(label.lowercased()) {
      var rest = line.dropFirst(label.count)
      guard let separator = rest.first, "：:；;".contains(separator) else { continue }
      rest = rest.dropFirst()
      let cut = rest.firstIndex { $0 == "\u{3000}" || $0 == "|" || $0 == "｜" } ?? rest.endIndex
      var value = String(rest[..<cut])
      if let spaces = value.range(of: "  ") { value = String(value[..<spaces.lowerBound]) }
      value = value.trimmingCharacters(in: .whitespaces)
      return value.isEmpty || value.count > 60 ? nil : value
    }
    return nil
  }

  /// "曹雪芹 著", "（清）曹雪芹　著" → the name; nil for other lines. The name must stand
  /// apart from 著 (a space or U+3000): "效果显著" ends in 著 and names nobody.
  static func byline(_ line: String) -> String? {
    for suffix in ["编著", "編著", "著"] where line.hasSuffix(suffix) {
      let head = line.dropLast(suffix.count)
      guard let last = head.last, last == " " || last == "\u{3000}" else { return nil }
      let name = head.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\u{3000}")))
      guard (2...12).contains(name.count), !name.contains(where: { "，。！？、：；".contains($0) })
      else { return nil }
      return name
    }
    return nil
  }

  /// "《红楼梦》" → "红楼梦"; other text trimmed.
  static func unbracketed(_ text: String) -> String {
    var result = text.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\u{3000}")))
    for (open, close) in [("《", "》"), ("【", "】"), ("「", "」"), ("『", "』")]
    where result.hasPrefix(open) && result.hasSuffix(close) && result.count > 2 {
      result = String(result.dropFirst().dropLast())
    }
    return result
  }
}
