/// The Project Gutenberg header and licence around a book's text, and the metadata the
/// header states.
///
/// The markers are "*** START OF THE/THIS PROJECT GUTENBERG EBOOK …" and
/// "*** END OF …" (or "End of Project Gutenberg's …", "End of the Project Gutenberg …").
struct GutenbergBoilerplate {
  /// Lines before the story: the header up to and including the START marker.
  var headerLines: Range<Int>?
  /// Lines after the story: the END marker, the licence, to the end of the file.
  var footerLines: Range<Int>?
  var title: String?
  var authors: [String] = []
  var translators: [String] = []
  var language: String?
  var releaseDate: String?

  /// Finds the markers among `lines`.
  init(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable) {
    let headerSearch = min(lines.count, 400)
    for line in 0..<headerSearch where Self.isMarker(bytes, lines, line, start: true) {
      headerLines = 0..<(line + 1)
      break
    }
    let footerFrom = headerLines?.upperBound ?? 0
    var line = lines.count - 1
    // The licence after the END marker is some 400 lines; look a little further.
    let footerLimit = max(footerFrom, lines.count - 1500)
    while line >= footerLimit {
      if Self.isMarker(bytes, lines, line, start: false) {
        footerLines = line..<lines.count
        break
      }
      line -= 1
    }
    if let headerLines { readMetadata(bytes, lines, headerLines) }
  }

  private static func isMarker(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ line: Int, start: Bool
  ) -> Bool {
    let from = TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
    let end = lines.ends[line]
    guard end - from >= 20, end - from <= 300 else { return false }
    let first = bytes[from]
    guard first == UInt8(ascii: "*") || first == UInt8(ascii: "E") || first == UInt8(ascii: "e")
    else { return false }
    let text = TextBytes.string(bytes, from, end).uppercased()
    guard text.contains("PROJECT GUTENBERG") else { return false }
    let body = text.drop { $0 == "*" || $0 == " " }
    if start {
      return body.hasPrefix("START OF")
    }
    return body.hasPrefix("END OF")
  }

  private mutating func readMetadata(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>
  ) {
    for line in range {
      let text = TextBytes.string(bytes, lines.starts[line], lines.ends[line])
      guard let colon = text.firstIndex(of: ":") else { continue }
      let key = text[..<colon].trimmingSpaces.lowercased()
      let value = text[text.index(after: colon)...].trimmingSpaces
      guard !value.isEmpty else { continue }
      switch key {
      case "title": title = title ?? value
      case "author": authors = Self.names(value)
      case "translator", "translators": translators = Self.names(value)
      case "language": language = Self.languageCode(value)
      case "release date", "posting date": releaseDate = releaseDate ?? Self.dateText(value)
      default: break
      }
    }
  }

  private static func names(_ value: String) -> [String] {
    value.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
  }

  /// "January 10, 2009 [EBook #2600]" → "January 10, 2009".
  private static func dateText(_ value: String) -> String {
    String(value.prefix { $0 != "[" }).trimmingSpaces
  }

  private static func languageCode(_ name: String) -> String {
    switch name.lowercased() {
    case "english": "en"
    case "chinese": "zh"
    case "french": "fr"
    case "german": "de"
    case "japanese": "ja"
    case "spanish": "es"
    case "italian": "it"
    case "russian": "ru"
    default: name
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    let trimmed = drop { $0 == " " || $0 == "\t" }
    return String(trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
