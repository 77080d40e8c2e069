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
  func export(format: Format) throws {
    let export = try library.exportAnnotations(ofBook: entry.id, book: book)
    switch format {
    case .json: context.print(String(decoding: try export.jsonData(), as: UTF8.self) + "\n")
    case .markdown: context.print(export.markdown())
    case .org: context.print(export.org())
    }
  }
}
