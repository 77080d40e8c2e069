import Foundation

/// The chapter texts of a TXT book, all built at import: a TXT file is read whole anyway
/// and its chapters are cheap to keep.
struct TXTContent: BookContent {
  let path: String
  let texts: [StyledText]

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    texts.indices.contains(index) ? texts[index] : .empty
  }

  func resource(at href: String) throws -> Data {
    throw BookError(.missingResource, path: path, entry: href, "a TXT book has no resources")
  }
}
