import Foundation
import QuireBook

/// Chapter texts held in memory.
struct MemoryContent: BookContent {
  var texts: [StyledText]

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText { texts[index] }

  func resource(at href: String) throws -> Data {
    throw BookError(.missingResource, path: "memory", entry: href, "not in the book")
  }
}

/// Small books built in memory: real `Book`s through their package initializer, for
/// tests on exact texts.
enum MemoryBook {
  /// A chapter's text: one paragraph per element ("\u{2028}" for a line break inside).
  static func text(_ paragraphs: [String]) -> StyledText {
    var builder = StyledTextBuilder()
    for paragraph in paragraphs {
      builder.beginParagraph(ParagraphStyle())
      builder.append(paragraph)
      builder.endParagraph(keepEmpty: true)
    }
    return builder.build()
  }

  /// A book in `language` whose chapters have these paragraphs.
  static func book(_ chapters: [[String]], language: String = "en") -> Book {
    let texts = chapters.map(text)
    return Book(
      path: "memory.epub", format: .epub(version: "3.0"),
      metadata: Metadata(title: "Memory", language: language),
      chapters: texts.enumerated().map {
        Chapter(title: "Chapter \($0.offset + 1)", estimatedLength: $0.element.length)
      },
      toc: [], warnings: [], contentHash: "memory-\(language)", content: MemoryContent(texts: texts)
    )
  }

  /// The UTF-16 offset of `needle` in chapter `chapter` of `book`.
  static func offset(of needle: String, in book: Book, chapter: Int = 0) -> Int? {
    guard let string = try? book.text(ofChapter: chapter).string,
      let range = string.range(of: needle)
    else { return nil }
    return string.utf16.distance(from: string.startIndex, to: range.lowerBound)
  }
}
