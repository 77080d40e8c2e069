import Foundation
import QuireBook
import QuireTypesetting

/// One line of `quire paginate --lines`: where it is, how loose, and how it starts.
struct LineRecord: Encodable {
  /// Chapter number from 1, page and line within the chapter from 1.
  var chapter: Int
  var page: Int
  var line: Int
  /// |r| of a justified line; nil for a ragged one (a last line, a centred line).
  var ratio: Double?
  var hyphenated: Bool
  /// The line's first words (up to 40 characters).
  var text: String

  /// The records of a chapter's pages.
  static func records(chapter: Int, pages: [Page], text: StyledText) -> [LineRecord] {
    var records: [LineRecord] = []
    for page in pages {
      for (number, line) in page.lines.enumerated() {
        let shown = text.substring(line.range).trimmingCharacters(in: .whitespacesAndNewlines)
          .replacingOccurrences(of: "\u{2028}", with: " ").replacingOccurrences(of: "\t", with: " ")
        records.append(
          LineRecord(
            chapter: chapter, page: page.index + 1, line: number + 1,
            ratio: line.isJustified ? (abs(line.adjustmentRatio) * 1000).rounded() / 1000 : nil,
            hyphenated: line.isHyphenated, text: firstWords(of: shown)))
      }
    }
    return records
  }

  /// Up to 40 characters, cut at a word's end when there is one.
  private static func firstWords(of text: String) -> String {
    guard text.count > 40 else { return text }
    let cut = text.prefix(40)
    guard let space = cut.lastIndex(of: " ") else { return String(cut) + "…" }
    return String(cut[..<space]) + " …"
  }

  /// Tab-separated, so that `sort -t$'\t' -k4 -rn` lists the loosest lines first.
  static let header = "chapter\tpage\tline\t|r|\thyphen\tfirst words"

  var row: String {
    let r = ratio.map { String(format: "%.3f", $0) } ?? "-"
    return "\(chapter)\t\(page)\t\(line)\t\(r)\t\(hyphenated ? "yes" : "no")\t\(text)"
  }
}
