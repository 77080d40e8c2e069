public import Foundation

extension AnnotationExport {
  /// The annotations as a Markdown document a person can read.
  ///
  /// The book's title is the heading; each bookmark and highlight gets its chapter, its
  /// position in the book (rounded down, as `quire bookmarks` lists it), its text snippet
  /// as a quote, its note and its date. Book text and notes are escaped, so a note that
  /// says "*not* # 1" reads as typed instead of turning into emphasis or a heading.
  ///
  /// - Parameters:
  ///   - chapterTitle: the title of a chapter index, when the caller has the book open;
  ///     otherwise chapters are called "Chapter n".
  ///   - timeZone: the zone dates are shown in.
  public func markdown(
    chapterTitle: (Int) -> String? = { _ in nil }, timeZone: TimeZone = .current
  ) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    func chapter(_ index: Int) -> String {
      Self.escape(chapterTitle(index) ?? "Chapter \(index + 1)")
    }
    var lines = ["# \(Self.escape(book.title))", ""]
    if !book.authors.isEmpty {
      lines += ["*\(Self.escape(book.authors.joined(separator: ", ")))*", ""]
    }
    lines += [
      "Exported from Quire on \(formatter.string(from: exportedAt)): "
        + "\(bookmarks.count) bookmark\(bookmarks.count == 1 ? "" : "s"), "
        + "\(highlights.count) highlight\(highlights.count == 1 ? "" : "s").", "",
    ]
    if !bookmarks.isEmpty {
      lines += ["## Bookmarks", ""]
      for bookmark in bookmarks {
        let place = [
          chapter(bookmark.locator.chapterIndex), Self.percent(bookmark.locator.totalProgression),
        ]
        lines += ["### \(place.compactMap { $0 }.joined(separator: " · "))", ""]
        let snippet =
          Self.clean(bookmark.locator.textBefore) + Self.clean(bookmark.locator.textAfter)
        if !snippet.isEmpty { lines += ["> …\(Self.escape(snippet))…", ""] }
        if let note = bookmark.note, !note.isEmpty { lines += [Self.escapeNote(note), ""] }
        lines += ["*Added \(formatter.string(from: bookmark.createdAt))*", ""]
      }
    }
    if !highlights.isEmpty {
      lines += ["## Highlights", ""]
      for highlight in highlights {
        let place = [
          chapter(highlight.start.chapterIndex), Self.percent(highlight.start.totalProgression),
        ]
        lines += ["### \(place.compactMap { $0 }.joined(separator: " · "))", ""]
        let snippet = Self.clean(highlight.start.textAfter)
        if !snippet.isEmpty { lines += ["> \(Self.escape(snippet))…", ""] }
        if let note = highlight.note, !note.isEmpty { lines += [Self.escapeNote(note), ""] }
        lines += [
          "*\(highlight.colour.rawValue.capitalized), \(formatter.string(from: highlight.createdAt))*",
          "",
        ]
      }
    }
    return lines.joined(separator: "\n")
  }

  /// "42%", rounded down like the bookmark list (so 100% means the end), or nil when the
  /// progression is unknown.
  private static func percent(_ progression: Double?) -> String? {
    progression.map { "\(Int((min(max($0, 0), 1) * 100).rounded(.down)))%" }
  }

  /// A note as Markdown that shows exactly its text: each line escaped, including the
  /// marks that only mean something at a line's start (lists, quotes, setext rules), and
  /// its line breaks kept as hard breaks.
  private static func escapeNote(_ note: String) -> String {
    note.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      var escaped = escape(String(line))
      if let first = escaped.first, "-+=>".contains(first) {
        escaped.insert("\\", at: escaped.startIndex)
      }
      // "1. " or "1) " would start an ordered list.
      let digits = escaped.prefix { $0.isASCII && $0.isNumber }
      let rest = escaped.dropFirst(digits.count)
      if !digits.isEmpty, let mark = rest.first, mark == "." || mark == ")" {
        escaped = digits + "\\" + rest
      }
      return escaped
    }.joined(separator: "\\\n")
  }

  /// A snippet on one line: paragraph and line breaks become spaces.
  private static func clean(_ text: String?) -> String {
    guard let text else { return "" }
    return text.replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "\u{2028}", with: " ")
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
