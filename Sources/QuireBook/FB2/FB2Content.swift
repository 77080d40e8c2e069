import Foundation

/// Chapter texts and images of an FB2 book, made on demand from the parsed document.
///
/// Each chapter's part of the tree is rewritten as XHTML (`FB2Markup`) and walked by
/// `XHTMLConverter`; images are the document's base64 binaries, decoded when a page or a
/// size asks for them (`FB2Binaries`).
struct FB2Content: BookContent {
  let outline: FB2Outline
  let markup: FB2Markup
  let binaries: FB2Binaries
  /// The book's path, for messages.
  let bookPath: String
  let limits: ImportLimits

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    self.chapter(index, of: chapter).text
  }

  func chapter(_ index: Int, of chapter: Chapter) -> ConvertedChapter {
    guard outline.parts.indices.contains(index) else {
      return ConvertedChapter(text: .empty, warnings: [])
    }
    let href = chapter.href ?? FB2Importer.chapterHref(index)
    let binaries = binaries
    let converter = XHTMLConverter(
      documentHref: href, bookPath: bookPath, limits: limits,
      imageSize: { binaries.size(ofImageAt: $0) })
    let output = converter.convert(document: markup.document(for: outline.parts[index]))
    let imageWarnings = binaries.problems(inChapterText: output.text).map {
      ImportWarning(entry: href, $0)
    }
    return ConvertedChapter(
      text: output.text, warnings: EPUBContent.bounded(output.warnings + imageWarnings, of: href))
  }

  func resource(at href: String) throws -> Data {
    try binaries.data(at: href)
  }
}
