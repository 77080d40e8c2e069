import QuireBook

/// Where a position is in a book, by characters: chapter lengths from
/// `Chapter.estimatedLength` (exact for TXT, estimated from file sizes for EPUB), the
/// position's share of its own chapter from the chapter's real text.
struct BookProgress {
  let book: Book
  /// Characters before each chapter; the last element is the book's total.
  let chapterStarts: [Int]

  /// Progress figures for `book`.
  init(book: Book) {
    self.book = book
    var starts = [0]
    for chapter in book.chapters { starts.append(starts.last! + chapter.estimatedLength) }
    chapterStarts = starts
  }

  /// The book's length in characters (UTF-16 units).
  var totalCharacters: Int { chapterStarts.last! }

  /// Characters before `offset` of chapter `index`, on the scale of `totalCharacters`.
  func characters(before offset: Int, inChapter index: Int) throws -> Int {
    guard book.chapters.indices.contains(index) else { return totalCharacters }
    let chapterLength = chapterStarts[index + 1] - chapterStarts[index]
    let textLength = try book.text(ofChapter: index).length
    guard textLength > 0 else { return chapterStarts[index] }
    let share = Double(min(max(offset, 0), textLength)) / Double(textLength)
    return chapterStarts[index] + Int((share * Double(chapterLength)).rounded())
  }

  /// Progress through the book at `offset` of chapter `index`, 0…1.
  func progression(at offset: Int, inChapter index: Int) throws -> Double {
    guard totalCharacters > 0 else { return 0 }
    return Double(try characters(before: offset, inChapter: index)) / Double(totalCharacters)
  }

  /// A locator for `offset` of chapter `index` with its progression and up to
  /// `snippetLength` UTF-16 units of text on each side (for re-anchoring and listings).
  /// The offset is clamped to the chapter and moved off the middle of a surrogate pair.
  func locator(chapter index: Int, offset: Int, snippetLength: Int = 32) throws -> Locator {
    let units = Array(try book.text(ofChapter: index).string.utf16)
    var offset = min(max(offset, 0), units.count)
    if offset > 0, offset < units.count, UTF16.isTrailSurrogate(units[offset]) { offset -= 1 }
    var start = max(offset - snippetLength, 0)
    if start > 0, UTF16.isTrailSurrogate(units[start]) { start += 1 }
    var end = min(offset + snippetLength, units.count)
    if end < units.count, UTF16.isTrailSurrogate(units[end]) { end -= 1 }
    return Locator(
      chapterIndex: index, offset: offset,
      totalProgression: try progression(at: offset, inChapter: index),
      textBefore: String(decoding: units[start..<offset], as: UTF16.self),
      textAfter: String(decoding: units[offset..<end], as: UTF16.self))
  }
}
