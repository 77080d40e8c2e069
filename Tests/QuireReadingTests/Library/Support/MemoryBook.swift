import Foundation
import QuireBook

@testable import QuireReading

/// Chapter texts held in memory, for tests on exact passages and contents.
struct MemoryContent: BookContent {
  var texts: [StyledText]

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText { texts[index] }

  func resource(at href: String) throws -> Data {
    throw BookError(.missingResource, path: "memory", entry: href, "not in the book")
  }
}

/// Small books built in memory: real `Book`s through their package initializer.
enum MemoryBook {
  /// A chapter's text from its paragraphs: "\u{2028}" is a line break, "[img:ALT]" a
  /// picture with that alternative text, "#id " at a paragraph's start an anchor.
  static func text(_ paragraphs: [String]) -> StyledText {
    var builder = StyledTextBuilder()
    for paragraph in paragraphs {
      var rest = Substring(paragraph)
      if rest.hasPrefix("#"), let space = rest.firstIndex(of: " ") {
        builder.addAnchor(String(rest[rest.index(after: rest.startIndex)..<space]))
        rest = rest[rest.index(after: space)...]
      }
      builder.beginParagraph(ParagraphStyle())
      while let open = rest.range(of: "[img:") {
        builder.append(String(rest[..<open.lowerBound]))
        let close = rest[open.upperBound...].firstIndex(of: "]")!
        builder.appendAttachment(
          href: "images/p.png", alternativeText: String(rest[open.upperBound..<close]))
        rest = rest[rest.index(after: close)...]
      }
      builder.append(String(rest))
      builder.endParagraph(keepEmpty: true)
    }
    return builder.build()
  }

  /// A book of chapters (title and paragraphs) with a table of contents.
  static func book(
    _ chapters: [(title: String, paragraphs: [String])], toc: [TOCEntry] = [],
    nonLinear: Set<Int> = []
  ) -> Book {
    let texts = chapters.map { text($0.paragraphs) }
    return Book(
      path: "memory.epub", format: .epub(version: "3.0"), metadata: Metadata(title: "Memory"),
      chapters: chapters.enumerated().map {
        Chapter(
          title: $0.element.title, isLinear: !nonLinear.contains($0.offset),
          estimatedLength: texts[$0.offset].length)
      },
      toc: toc, warnings: [], contentHash: "memory", content: MemoryContent(texts: texts))
  }
}
