import Foundation

@testable import QuireBook

/// Helpers shared by the TXT import tests.
extension Book {
  /// The chapters a reader sees as the story (role `.body`).
  var bodyChapters: [Chapter] { chapters.filter { $0.role == .body } }

  /// Every chapter's text, in order.
  var allTexts: [StyledText] { chapters.indices.compactMap { try? text(ofChapter: $0) } }

  /// The length of the longest chapter and the shortest body chapter without its heading.
  var shortestBodyTextLength: Int {
    chapters.indices.filter { chapters[$0].role == .body }.map { index in
      let text = (try? self.text(ofChapter: index)) ?? .empty
      return text.paragraphs.filter { !$0.value.isHeading }.reduce(0) {
        $0 + $1.range.count
      }
    }.min() ?? 0
  }
}

extension ParagraphStyle {
  var isHeading: Bool {
    if case .heading = role { return true }
    return false
  }
}

/// Imports a corpus book once; `nil` when the corpus is absent or the import failed.
func importCorpusBook(_ relative: String, options: ImportOptions = ImportOptions()) -> Book? {
  guard Corpus.isAvailable else { return nil }
  return try? Book.open(Corpus.path(relative), options: options)
}

/// The book made of `text`, opened from a temporary TXT file.
func openText(_ text: String) throws -> Book {
  let path = try ScratchFolder.file("text.txt")
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try Book.open(path)
}
