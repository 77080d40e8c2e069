public import Foundation

extension AnnotationExport {
  /// The annotations as a Markdown document a person can read.
  ///
  /// The book's title is the heading, then a section for each contents entry that holds
  /// annotations (named as the contents name it when the export was `described(by:)` the
  /// book, else "Chapter n"), in reading order; unplaced highlights come last. Each
  /// bookmark and highlight gets its position in the book (rounded down, as
  /// `quire bookmarks` lists it), its text as a quote (a highlight's whole text, paragraphs
  /// kept), its note, its colour and style, and its dates. Book text and notes are
  /// escaped, so a note that says "*not* # 1" reads as typed instead of turning into
  /// emphasis or a heading.
  ///
  /// - Parameter timeZone: the zone dates are shown in.
  public func markdown(timeZone: TimeZone = .current) -> String {
    var text = ""
    markdownPieces(timeZone: timeZone) { text += $0 }
    return text
  }

  /// The Markdown document in pieces: the heading lines, then each section's title and
  /// each annotation's lines.
  func markdownPieces(timeZone: TimeZone, _ write: (String) throws -> Void) rethrows {
    let formatter = Self.dateFormatter("yyyy-MM-dd HH:mm", timeZone)
    var lines = ["# \(Self.escape(book.title))", ""]
    if !book.authors.isEmpty {
      lines += ["*\(Self.escape(book.authors.joined(separator: ", ")))*", ""]
    }
    lines += [
      "Exported from Quire on \(formatter.string(from: exportedAt)): \(countsDescription).", "",
    ]
    for section in sections() {
      lines += ["## \(Self.escape(section.title))", ""]
      for item in section.items {
        try write(lines.joined(separator: "\n") + "\n")
        lines = []
        switch item {
        case .bookmark(let bookmark):
          let place = ["Bookmark", Self.percent(bookmark.locator.totalProgression)]
          lines += ["### \(place.compactMap { $0 }.joined(separator: " · "))", ""]
          let snippet = Self.snippet(of: bookmark)
          if !snippet.isEmpty { lines += ["> …\(Self.escape(snippet))…", ""] }
          if let note = bookmark.note, !note.isEmpty { lines += [Self.escapeNote(note), ""] }
          var dates = "Added \(formatter.string(from: bookmark.createdAt))"
          if let modified = bookmark.modifiedAt, modified > bookmark.createdAt {
            dates += ", edited \(formatter.string(from: modified))"
          }
          lines += ["*\(dates)*", ""]
        case .highlight(let highlight):
          let place = ["Highlight", Self.percent(highlight.start.totalProgression)]
          lines += ["### \(place.compactMap { $0 }.joined(separator: " · "))", ""]
          if let passage = Self.passage(of: highlight) {
            lines += [Self.quote(passage), ""]
          }
          if let note = highlight.note, !note.isEmpty { lines += [Self.escapeNote(note), ""] }
          var details =
            "\(Self.appearance(of: highlight)), \(formatter.string(from: highlight.createdAt))"
          if let modified = highlight.modifiedAt, modified > highlight.createdAt {
            details += ", edited \(formatter.string(from: modified))"
          }
          lines += ["*\(details)*", ""]
        }
      }
    }
    // The document ends with its last blank line and no line break after it.
    try write(lines.isEmpty ? "" : lines.joined(separator: "\n"))
  }

  /// A passage as a Markdown block quote: each paragraph's lines quoted and escaped, a
  /// quoted blank line between paragraphs.
  private static func quote(_ passage: String) -> String {
    passage.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.isEmpty ? ">" : "> " + escapeLineStart(escape(String(line)))
    }.joined(separator: "\n")
  }

  /// A note as Markdown that shows exactly its text: each line escaped, including the
  /// marks that only mean something at a line's start (lists, quotes, setext rules), and
  /// its line breaks kept as hard breaks.
  private static func escapeNote(_ note: String) -> String {
    note.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      escapeLineStart(escape(String(line)))
    }.joined(separator: "\\\n")
  }

  /// An escaped line with the marks that only mean something at a line's start escaped
  /// too: "-", "+", "=", ">" and an ordered list's "1." or "1)".
  private static func escapeLineStart(_ line: String) -> String {
    var escaped = line
    if let first = escaped.first, "-+=>".contains(first) {
      escaped.insert("\\", at: escaped.startIndex)
    }
    let digits = escaped.prefix { $0.isASCII && $0.isNumber }
    let rest = escaped.dropFirst(digits.count)
    if !digits.isEmpty, let mark = rest.first, mark == "." || mark == ")" {
      escaped = digits + "\\" + rest
    }
    return escaped
  }

  /// Backslash-escapes the characters that would turn book text into Markdown syntax.
  private static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\`*_[]<>#|~!".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
