import Foundation
import QuireBook

@testable import QuireReading

/// Chapter texts held in memory, for search tests on exact strings.
struct SearchTextContent: BookContent {
  var texts: [String]

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    StyledText(string: texts[index], runs: [], paragraphs: [])
  }

  func resource(at href: String) throws -> Data {
    throw BookError(.missingResource, path: "memory", entry: href, "not in the book")
  }
}

/// Books and a reference search for the search tests.
enum SearchFixtures {
  /// A TXT-like book whose chapters are `texts`.
  static func book(_ texts: [String]) -> Book {
    Book(
      path: "memory.txt", format: .txt(encoding: "UTF-8"), metadata: Metadata(title: "Memory"),
      chapters: texts.enumerated().map {
        Chapter(title: "Chapter \($0.offset + 1)", estimatedLength: $0.element.utf16.count)
      },
      toc: [], warnings: [], contentHash: "memory", content: SearchTextContent(texts: texts))
  }

  /// The matches of `query` by a plain scan: every UTF-16 unit folded on its own (ASCII
  /// and full-width ASCII letters lowercased, full-width ASCII made ASCII), then a
  /// left-to-right scan that resumes after each match. Right for any text whose other
  /// characters have no case and no width variant, which is what corpus tests compare.
  static func plainScan(_ query: String, in book: Book) throws -> [(
    chapter: Int, range: Range<Int>
  )] {
    let needle = query.utf16.map(fold)
    var found: [(chapter: Int, range: Range<Int>)] = []
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index).string.utf16.map(fold)
      var offset = 0
      while offset + needle.count <= text.count {
        if text[offset..<offset + needle.count].elementsEqual(needle) {
          found.append((index, offset..<offset + needle.count))
          offset += needle.count
        } else {
          offset += 1
        }
      }
    }
    return found
  }

  private static func fold(_ unit: UInt16) -> UInt16 {
    var unit = unit
    if (0xFF01...0xFF5E).contains(unit) { unit -= 0xFEE0 }
    if (0x41...0x5A).contains(unit) { unit |= 0x20 }
    // Curly quotes and apostrophes are the straight ones typed on a keyboard.
    if [0x2018, 0x2019, 0x201B, 0x2032].contains(unit) { unit = 0x27 }
    if [0x201C, 0x201D, 0x201F, 0x2033].contains(unit) { unit = 0x22 }
    return unit
  }
}
