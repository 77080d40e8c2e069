import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// Styled text for engine tests, built the way an importer would.
enum TestText {
  /// Paragraphs of a UTF-8 corpus text file, split at blank lines; lines inside a
  /// paragraph are joined with a space (or nothing, for Chinese).
  static func paragraphs(ofFile path: String, joiner: String = " ") throws -> [String] {
    var text = try String(contentsOfFile: path, encoding: .utf8)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    text = text.replacingOccurrences(of: "\r\n", with: "\n")
    var paragraphs: [String] = []
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        if !lines.isEmpty { paragraphs.append(lines.joined(separator: joiner)) }
        lines = []
      } else {
        lines.append(line.drop(while: { $0 == " " || $0 == "\u{3000}" }))
      }
    }
    if !lines.isEmpty { paragraphs.append(lines.joined(separator: joiner)) }
    return paragraphs
  }

  /// Body paragraphs with a first-line indent; lines that look like headings become headings.
  static func styled(_ paragraphs: [String], language: String? = nil, indent: Double = 1.5)
    -> StyledText
  {
    var builder = StyledTextBuilder()
    for text in paragraphs {
      let isHeading = text.hasPrefix("CHAPTER") || text.hasPrefix("第") && text.count < 30
      var style = isHeading ? ParagraphStyle.heading(level: 2) : ParagraphStyle()
      if !isHeading { style.firstLineIndent = indent }
      style.language = language
      builder.beginParagraph(style)
      var attributes = TextAttributes()
      if isHeading { attributes.fontScale = 1.4 }
      builder.append(text, attributes)
      builder.endParagraph()
    }
    return builder.build()
  }

  /// The paragraphs of 红楼梦 from the heading `first` up to (not including) `next`.
  static func hongloumeng(from first: String, to next: String) throws -> [String] {
    let all = try paragraphs(
      ofFile: Corpus.path("txt/zh/hongloumeng_simplified_utf8-crlf.txt"), joiner: "")
    let start = try #require(all.firstIndex { $0.hasPrefix(first) })
    let end = all[(start + 1)...].firstIndex { $0.hasPrefix(next) } ?? all.count
    return Array(all[start..<end])
  }

  /// A 600 × 800 page with 50 px margins.
  static let page = TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 50))
}

/// Checks shared by pagination tests: the pages tile the text, lines tile the pages.
enum PageChecks {
  static func coverage(_ pages: [Page], length: Int) -> [String] {
    var problems: [String] = []
    var expected = 0
    for page in pages {
      if page.range.lowerBound != expected {
        problems.append("page \(page.index) starts at \(page.range.lowerBound), not \(expected)")
      }
      var lineStart = page.range.lowerBound
      for line in page.lines {
        if line.range.lowerBound != lineStart {
          problems.append("page \(page.index): line at \(line.range), expected \(lineStart)")
        }
        lineStart = line.range.upperBound
      }
      if lineStart != page.range.upperBound {
        problems.append("page \(page.index): lines end at \(lineStart), page at \(page.range)")
      }
      expected = page.range.upperBound
    }
    if expected != length { problems.append("pages end at \(expected), text at \(length)") }
    return problems
  }
}
