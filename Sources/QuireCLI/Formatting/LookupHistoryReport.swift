import Foundation
import QuireLookup
import QuireReading

/// `quire lookup --history`: the words looked up, oldest first, as lines or JSON.
enum LookupHistoryReport {
  /// One look-up as JSON: what KOReader's and Foliate's vocabulary exports hold.
  struct Entry: Encodable {
    var word: String
    var form: String?
    var found: Bool
    var dictionaries: [String]
    var language: String?
    var book: String?
    var chapter: Int?
    var offset: Int?
    var context: String?
    /// ISO 8601, UTC.
    var date: String

    init(_ record: LookupRecord) {
      word = record.word
      form = record.form
      found = record.isFound
      dictionaries = record.dictionaries
      language = record.language
      book = record.bookTitle
      chapter = record.locator.map { $0.chapterIndex + 1 }
      offset = record.locator?.offset
      context = record.context
      date = ISO8601DateFormatter().string(from: record.date)
    }
  }

  /// A line a look-up: date and time, the word (→ the form found, or "not found"), the
  /// book; then the context, indented, when there is one.
  static func text(_ records: [LookupRecord], width: Int) -> String {
    guard !records.isEmpty else { return "No words looked up yet.\n" }
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    var lines: [String] = []
    for record in records {
      var line = formatter.string(from: record.date) + "  " + record.word
      if let form = record.form {
        let asked = EnglishLemmatizer.cleaned(record.word).lowercased()
        if EnglishLemmatizer.cleaned(form).lowercased() != asked { line += " → " + form }
      } else {
        line += " (not found)"
      }
      if let book = record.bookTitle { line += "  — " + book }
      lines.append(line)
      if let context = record.context {
        lines += TextWrapper.wrap(context, width: width, indent: 4)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
