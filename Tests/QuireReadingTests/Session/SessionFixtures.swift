import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// Books and settings shared by the session tests.
enum SessionFixtures {
  static let aliceTXT = "txt/en/alice-in-wonderland_pg11_utf8.txt"
  static let aliceEPUB = "epub/pg11-alice-in-wonderland_epub2-ncx.epub"

  /// A realistic page, a little smaller than the reference one so the debug build keeps up.
  static let settings = ReadingSettings(fontSize: 16, pageWidth: 480, pageHeight: 640)

  static func book(_ relative: String) throws -> Book {
    try Book.open(Corpus.path(relative))
  }

  /// Every page from the current one to the end, by `next()`, the current one first.
  static func forward(_ session: ReadingSession) async -> [ShownPage] {
    var pages: [ShownPage] = []
    if let current = await session.current { pages.append(current) }
    while let page = await session.next() { pages.append(page) }
    return pages
  }

  /// Every page from the current one back to the start, by `previous()`.
  static func backward(_ session: ReadingSession) async -> [ShownPage] {
    var pages: [ShownPage] = []
    if let current = await session.current { pages.append(current) }
    while let page = await session.previous() { pages.append(page) }
    return pages
  }
}

/// A page's identity for "visited exactly once": its chapter and character range.
struct PageKey: Hashable, CustomStringConvertible {
  var chapter: Int
  var index: Int
  var range: Range<Int>

  init(_ shown: ShownPage) {
    chapter = shown.chapterIndex
    index = shown.page.index
    range = shown.page.range
  }

  var description: String { "ch\(chapter) p\(index) \(range)" }
}
