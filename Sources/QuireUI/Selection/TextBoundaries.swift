public import QuireBook
import QuireReading
import QuireTypesetting

/// Where selections find their boundaries: each chapter's text and a segmenter over it
/// (`TextSegmenter`: ICU's words, with dictionaries for Chinese and Japanese, and
/// sentences), and the reading order a selection crosses chapters by.
///
/// Like the chapter texts a `Book` caches, the segmenters are a pure function of the book
/// computed on first use: the last few chapters' are kept, so moving a selection character
/// by character makes no new one. A segmenter is used only under the cache's lock, which
/// is what makes the value `Sendable`, so a `ReaderState` can hold it.
public final class TextBoundaries: Sendable {
  private let book: Book
  private let language: String?
  private let segmenters = Locked<[(chapter: Int, segmenter: TextSegmenter)]>([])
  /// How many chapters' segmenters are kept.
  private static let kept = 3

  /// Boundaries in `book`, in its language.
  public init(book: Book) {
    self.book = book
    language = book.metadata.language
  }

  /// The text of a chapter; nil for one that does not exist.
  public func text(ofChapter chapter: Int) -> StyledText? {
    try? book.text(ofChapter: chapter)
  }

  /// The length of a chapter's text in UTF-16 units (0 for one that does not exist).
  public func length(ofChapter chapter: Int) -> Int {
    text(ofChapter: chapter)?.length ?? 0
  }

  /// `body` run with the segmenter of a chapter's text, alone; nil for a chapter that
  /// does not exist.
  func withSegmenter<Result>(
    ofChapter chapter: Int, _ body: (TextSegmenter) -> Result
  ) -> Result? {
    guard book.chapters.indices.contains(chapter) else { return nil }
    return segmenters.withLock { kept -> Result? in
      if let index = kept.firstIndex(where: { $0.chapter == chapter }) {
        let found = kept.remove(at: index)
        kept.append(found)
        return body(found.segmenter)
      }
      guard let text = text(ofChapter: chapter) else { return nil }
      let segmenter = TextSegmenter(text: text.string, language: language)
      kept.append((chapter, segmenter))
      if kept.count > Self.kept { kept.removeFirst() }
      return body(segmenter)
    }
  }

  /// Whether the book has a chapter at `index`.
  func book(has chapter: Int) -> Bool { book.chapters.indices.contains(chapter) }

  /// The chapter a reader pages to after `chapter`, nil after the last.
  func chapter(after chapter: Int) -> Int? {
    book.readingOrder.first { $0 > chapter }
  }

  /// The chapter a reader pages to before `chapter`, nil before the first.
  func chapter(before chapter: Int) -> Int? {
    book.readingOrder.last { $0 < chapter }
  }

  /// The sentence holding a position, as plain text (at most 500 characters): what the
  /// look-up history keeps beside a word. Nil where there is no sentence (a space between
  /// two, a picture).
  func sentence(around place: Locator) -> String? {
    let range = withSegmenter(ofChapter: place.chapterIndex) { $0.sentence(at: place.offset) }
    guard let range, !range.isEmpty, let text = text(ofChapter: place.chapterIndex) else {
      return nil
    }
    let sentence = PassageText.text(of: range, in: text)
    return sentence.isEmpty ? nil : String(sentence.prefix(500))
  }

  /// The passage's plain text (`PassageText`, pictures left out).
  func plainText(from start: Locator, to end: Locator) -> String {
    PassageText.text(from: start, to: end, in: book)
  }
}
