import Foundation
import QuireBook
import QuireReading
import QuireUI

/// The actions of `quire annotations` on one book of the library.
struct AnnotationActions {
  /// What an export is written as.
  enum Format {
    case json, markdown, org
  }

  typealias Filter = AnnotationList.Filter

  let library: Library
  let entry: LibraryBook
  let book: Book
  let context: CommandContext

  /// Prints the annotations by chapter, as the annotations panel lists them.
  func list(filter: Filter) throws {
    let book = self.book
    let all = AnnotationList(
      bookmarks: try library.bookmarks(inBook: entry.id),
      highlights: try library.highlights(inBook: entry.id), names: ContentsNames(book: book),
      chapterText: { try? book.text(ofChapter: $0) })
    guard !all.groups.isEmpty else {
      context.print(
        "No annotations in “\(entry.title)”. Mark passages in the reader ('quire read'), or "
          + "add a bookmark with 'quire bookmarks BOOK add'.\n")
      return
    }
    let list = all.filtered(by: filter)
    guard !list.groups.isEmpty else {
      context.print("No annotations in “\(entry.title)” match.\n")
      return
    }
    context.print(AnnotationListing.text(list, title: entry.title, width: context.lineWidth))
  }

  /// Prints the book's annotations as JSON, Markdown or Org, with its chapter names and
  /// highlighted text.
  ///
  /// Written a piece at a time through a 64 KB buffer, so a long export never holds its
  /// whole text in memory.
  func export(format: Format) throws {
    let export = try library.exportAnnotations(ofBook: entry.id, book: book)
    var buffer = ""
    func write(_ piece: String) {
      buffer += piece
      if buffer.utf8.count >= 65_536 {
        context.print(buffer)
        buffer = ""
      }
    }
    switch format {
    case .json:
      try export.writeJSON(to: write)
      write("\n")
    case .markdown: export.writeMarkdown(to: write)
    case .org: export.writeOrg(to: write)
    }
    context.print(buffer)
  }
}
