import Foundation
import QuireLookup

/// What `quire lookup` prints: each dictionary's definition under its name, wrapped to the
/// terminal; or the same as JSON.
struct LookupReport: Encodable {
  struct Dictionary: Encodable {
    var id: String
    var name: String
    var format: String
    var sourceLanguage: String?
    var targetLanguage: String?
    var path: String

    init(_ info: DictionaryInfo) {
      id = info.id
      name = info.name
      format = info.format.rawValue
      sourceLanguage = info.sourceLanguage
      targetLanguage = info.targetLanguage
      path = info.path
    }
  }

  struct Link: Encodable {
    /// UTF-16 offsets in `text`.
    var start: Int
    var end: Int
    var word: String
  }

  struct Definition: Encodable {
    var dictionary: Dictionary
    var headword: String
    var form: String
    var entries: Int
    /// The definition's text, paragraphs one a line.
    var text: String
    var links: [Link]
  }

  struct Problem: Encodable {
    var path: String
    var detail: String
  }

  var word: String
  var language: String?
  var found: Bool
  var definitions: [Definition]
  var problems: [Problem]
  var advice: String?

  init(_ result: LookupResult) {
    word = result.word
    language = result.language
    found = result.isFound
    definitions = result.definitions.map { definition in
      Definition(
        dictionary: Dictionary(definition.dictionary), headword: definition.headword,
        form: definition.form, entries: definition.entryCount, text: definition.text.plainText,
        links: definition.text.links.map {
          Link(start: $0.range.lowerBound, end: $0.range.upperBound, word: $0.word)
        })
    }
    problems = result.problems.map { Problem(path: $0.path, detail: $0.detail) }
    advice = result.advice
  }

  // MARK: - Text

  /// Each definition under its dictionary's name, paragraphs wrapped to `width` and
  /// indented by their level; a blank line where the dictionary leaves one.
  static func text(_ result: LookupResult, width: Int, styled: Bool) -> String {
    var lines: [String] = []
    for definition in result.definitions {
      if !lines.isEmpty { lines.append("") }
      var title = definition.dictionary.name
      if result.isBaseForm(definition) {
        title += ": \(definition.form), for “\(result.word)”"
      }
      lines.append(styled ? "\u{1B}[1m\(title)\u{1B}[22m" : "== \(title) ==")
      let text = definition.text
      for paragraph in text.paragraphs {
        if paragraph.isSpaced { lines.append("") }
        let content = text.substring(paragraph.range).trimmingCharacters(in: .newlines)
        lines += TextWrapper.wrap(content, width: width, indent: 2 * paragraph.indent)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `quire lookup --list`: a line per dictionary.
  static func listing(_ dictionaries: [DictionaryInfo], width: Int) -> String {
    let rows = dictionaries.map { info -> [String] in
      let languages = [info.sourceLanguage, info.targetLanguage].compactMap { $0 }
      return [
        info.id, info.format.rawValue, languages.isEmpty ? "?" : languages.joined(separator: "→"),
        info.name,
      ]
    }
    let table = ColumnTable(
      columns: ["ID", "FORMAT", "LANGUAGES", "NAME"].map { ColumnTable.Column(heading: $0) },
      rows: rows, flexibleColumn: 3)
    return table.render(width: width)
  }
}
