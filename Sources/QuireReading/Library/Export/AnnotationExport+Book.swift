public import QuireBook

extension AnnotationExport {
  /// The export with what a reader of the file wants from the book itself: each
  /// placed annotation's contents name (`ContentsNames`) and each placed highlight's text
  /// (`PassageText`, pictures left out).
  ///
  /// - Complexity: each chapter that holds an annotation is loaded once; each highlight's
  ///   text costs its length.
  public func described(by book: Book) -> AnnotationExport {
    let names = ContentsNames(book: book)
    var described = self
    for index in described.bookmarks.indices {
      described.bookmarks[index].chapter = names.name(at: bookmarks[index].locator)
    }
    for index in described.highlights.indices {
      // An unplaced highlight's place is a guess: it gets no name and no text.
      let highlight = highlights[index]
      guard !highlight.isUnplaced else { continue }
      described.highlights[index].chapter = names.name(at: highlight.start)
      described.highlights[index].text = PassageText.text(
        from: highlight.start, to: highlight.end, in: book)
    }
    return described
  }
}
