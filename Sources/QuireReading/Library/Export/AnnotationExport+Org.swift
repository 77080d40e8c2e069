public import Foundation

extension AnnotationExport {
  /// The annotations as an Org document (Emacs Org mode), as Foliate writes them.
  ///
  /// The same sections as `markdown(timeZone:)`: a top-level heading for each contents
  /// entry that holds annotations, then one heading for each bookmark or highlight with
  /// its details in a property drawer (colour, style, dates as inactive timestamps, its
  /// place in the book), its text in a quote block and its note as a paragraph. Org has
  /// no escape character: inside the quote a line that Org would read as a heading or a
  /// keyword gets Org's own comma, and a note's line that would start a heading, a list, a
  /// table, a drawer or a keyword starts with a zero-width space, so it reads as typed.
  ///
  /// - Parameter timeZone: the zone dates are shown in.
  public func org(timeZone: TimeZone = .current) -> String {
    var text = ""
    orgPieces(timeZone: timeZone) { text += $0 }
    return text
  }

  /// The Org document in pieces: the keywords, then each section's heading and each
  /// annotation's lines.
  func orgPieces(timeZone: TimeZone, _ write: (String) throws -> Void) rethrows {
    let formatter = Self.dateFormatter("yyyy-MM-dd EEE HH:mm", timeZone)
    func stamp(_ date: Date) -> String { "[\(formatter.string(from: date))]" }
    var lines = ["#+TITLE: \(Self.oneLine(book.title))"]
    if !book.authors.isEmpty {
      lines.append("#+AUTHOR: \(Self.oneLine(book.authors.joined(separator: ", ")))")
    }
    lines += ["#+DATE: \(stamp(exportedAt))", "", "Exported from Quire: \(countsDescription).", ""]
    for section in sections() {
      lines.append("* \(Self.oneLine(section.title))")
      for item in section.items {
        try write(lines.joined(separator: "\n") + "\n")
        lines = []
        var properties: [(String, String)] = []
        var quote: String?
        let place = Self.percent(item.locator.totalProgression)
        switch item {
        case .bookmark(let bookmark):
          lines.append("** Bookmark" + (place.map { " · \($0)" } ?? ""))
          properties.append(("ADDED", stamp(bookmark.createdAt)))
          if let modified = bookmark.modifiedAt, modified > bookmark.createdAt {
            properties.append(("EDITED", stamp(modified)))
          }
          let snippet = Self.snippet(of: bookmark)
          if !snippet.isEmpty { quote = "…\(snippet)…" }
        case .highlight(let highlight):
          lines.append("** Highlight" + (place.map { " · \($0)" } ?? ""))
          properties += [
            ("COLOUR", highlight.colour.rawValue), ("STYLE", highlight.style.rawValue),
            ("ADDED", stamp(highlight.createdAt)),
          ]
          if let modified = highlight.modifiedAt, modified > highlight.createdAt {
            properties.append(("EDITED", stamp(modified)))
          }
          quote = Self.passage(of: highlight)
        }
        properties.append(("CHAPTER", "\(item.locator.chapterIndex + 1)"))
        properties.append(("OFFSET", "\(item.locator.offset)"))
        lines.append(":PROPERTIES:")
        lines += properties.map { ":\($0.0): \($0.1)" }
        lines.append(":END:")
        if let quote {
          lines.append("#+begin_quote")
          lines += quote.split(separator: "\n", omittingEmptySubsequences: false).map {
            Self.orgBlockLine(String($0))
          }
          lines.append("#+end_quote")
        }
        if let note = item.note, !note.isEmpty {
          lines += note.split(separator: "\n", omittingEmptySubsequences: false).map {
            Self.orgTextLine(String($0))
          }
        }
        lines.append("")
      }
    }
    try write(lines.joined(separator: "\n"))
  }

  /// A line inside a block, with Org's comma before a line that would end the block or
  /// start a heading ("*", "#+", and those already commaed).
  private static func orgBlockLine(_ line: String) -> String {
    let bare = line.drop { $0 == "," }
    return bare.hasPrefix("*") || bare.hasPrefix("#+") ? "," + line : line
  }

  /// A line of a paragraph that Org reads as typed: a zero-width space before a line that
  /// would start a heading, a list item, a table, a drawer, a keyword or a comment.
  private static func orgTextLine(_ line: String) -> String {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard let first = trimmed.first else { return line }
    var structural = "*#:|".contains(first)
    if "-+".contains(first) { structural = trimmed.dropFirst().first.map(\.isWhitespace) ?? true }
    let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, let mark = trimmed.dropFirst(digits.count).first, mark == "." || mark == ")"
    {
      structural = true
    }
    return structural ? "\u{200B}" + line : line
  }
}
