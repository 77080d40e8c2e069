package import QuireReading

/// The book's bookmarks and highlights, read from the library when the book opens and
/// after each change made here, so a page turn or a key asks the library nothing.
package struct AnnotationState: Hashable, Sendable {
  package var bookmarks: [Bookmark] = []
  package var highlights: [Highlight] = []

  /// No bookmarks and no highlights.
  package init() {}

  /// The annotations read from the library.
  package init(bookmarks: [Bookmark], highlights: [Highlight]) {
    self.bookmarks = bookmarks
    self.highlights = highlights
  }
}
