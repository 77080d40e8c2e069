import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// Bookmarks, highlights and the position of a book whose text changed (a new edition)
/// are found again by their snippets.
@Suite struct LibraryReanchoringTests {
  let folder = ScratchFolder()

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func followsTextThroughANewEditionOfAlice() throws {
    let old = try Self.aliceChapters()
    var new = old
    // The new edition adds a preface chapter (every chapter moves up one), a paragraph at
    // the start of "Down the Rabbit-Hole", cuts a passage in "A Mad Tea-Party", rewrites
    // one bookmarked sentence and removes the paragraphs around another.
    new[1] = "A new paragraph written for this edition, long enough to move everything.\n" + new[1]
    new[7] = new[7].replacingOccurrences(of: "Take some more tea,", with: "")
    new[2] = new[2].replacingOccurrences(
      of: "Curiouser and curiouser!", with: "Stranger and stranger!")
    let cut = try #require(new[8].range(of: "The Queen turned crimson"))
    let cutEnd = try #require(new[8].range(of: "the Queen was\nsilent.\n"))
    new[8].removeSubrange(cut.lowerBound..<cutEnd.upperBound)
    new.insert("PREFACE\nA preface for the new edition.\n", at: 1)

    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Alice")
    let fall = Self.locator(old, 1, "she fell past it")
    let curious = Self.locator(old, 2, "Curiouser and curiouser!")
    let mad = Self.locator(old, 6, "we’re all mad here")
    let hatter = Self.locator(old, 7, "Why is a raven like a writing-desk?")
    let queen = Self.locator(old, 8, "Off with her head! Off—")
    let fallMark = try library.addBookmark(at: fall, inBook: book.id)
    let curiousMark = try library.addBookmark(at: curious, inBook: book.id)
    try library.addBookmark(at: mad, inBook: book.id, note: "the Cat")
    let queenMark = try library.addBookmark(at: queen, inBook: book.id)
    try library.addHighlight(
      from: hatter, to: Self.locator(old, 7, "writing-desk?", after: true), inBook: book.id)
    try library.savePosition(mad, forBook: book.id)
    let oldKey = PaginationKey(contentHash: book.contentHash, settingsHash: "s", engineVersion: 1)
    try library.storePageBreaks([0, 10], chapter: 0, for: oldKey)

    var requested: [Int] = []
    let report = try library.reanchor(bookID: book.id, newHash: "alice-2") { index in
      requested.append(index)
      return new.indices.contains(index) ? new[index] : nil
    }
    #expect(report == ReanchorReport(found: 6, clamped: 1))
    #expect(Set(requested).count == requested.count, "each chapter's text is asked for once")

    let marks = try library.bookmarks(inBook: book.id)
    func text(at locator: Locator, _ count: Int) -> String {
      StyledTextTestSupport.substring(new[locator.chapterIndex], locator.offset, count)
    }
    let movedFall = try #require(marks.first { $0.id == fallMark.id }).locator
    #expect(movedFall.chapterIndex == 2)
    #expect(text(at: movedFall, 16) == "she fell past it")
    let movedMad = try #require(marks.first { $0.note == "the Cat" }).locator
    #expect(movedMad.chapterIndex == 7)
    #expect(text(at: movedMad, 18) == "we’re all mad here")
    // The rewritten sentence is found by the text before it.
    let rewritten = try #require(marks.first { $0.id == curiousMark.id }).locator
    #expect(rewritten.chapterIndex == 3)
    #expect(text(at: rewritten, 22) == "Stranger and stranger!")
    // The removed passage is not: same chapter index and offset.
    let lost = try #require(marks.first { $0.id == queenMark.id }).locator
    #expect(lost.chapterIndex == queen.chapterIndex && lost.offset == queen.offset)

    let highlight = try #require(try library.highlights(inBook: book.id).first)
    #expect(highlight.start.chapterIndex == 8)
    let length = highlight.end.offset - highlight.start.offset
    #expect(text(at: highlight.start, length) == "Why is a raven like a writing-desk?")
    #expect(try library.currentPosition(ofBook: book.id)?.locator == movedMad)

    #expect(try library.book(id: book.id)?.contentHash == "alice-2")
    #expect(try library.pageBreaks(for: oldKey).isEmpty)
  }

  @Test func prefersTheMatchNearestTheOldOffset() {
    let text = "one two XYZ abc one two XYZ abc one two XYZ abc"
    var anchoring = LocatorAnchoring { $0 == 0 ? text : nil }
    let locator = Locator(chapterIndex: 0, offset: 26, textBefore: "two ", textAfter: "XYZ abc")
    let (found, outcome) = anchoring.reanchor(locator)
    #expect(outcome == .found)
    #expect(found.offset == 24)
    let (early, _) = anchoring.reanchor(
      Locator(chapterIndex: 0, offset: 3, textBefore: "two ", textAfter: "XYZ abc"))
    #expect(early.offset == 8)
  }

  @Test func clampsWhenTheSnippetIsGone() {
    var anchoring = LocatorAnchoring { $0 == 0 ? "short" : nil }
    let (clamped, outcome) = anchoring.reanchor(
      Locator(chapterIndex: 0, offset: 400, textBefore: "gone", textAfter: "away"))
    #expect(outcome == .clamped)
    #expect(clamped.offset == 5)
    let (missing, _) = anchoring.reanchor(Locator(chapterIndex: 9, offset: 3))
    #expect(missing == Locator(chapterIndex: 9, offset: 3))
  }

  @Test func refusesAHashAnotherEntryHas() throws {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "Emma")
    let other = try Sample.addBook(library, "Other")
    let error = #expect(throws: LibraryError.self) {
      try library.reanchor(bookID: emma.id, newHash: other.contentHash) { _ in nil }
    }
    #expect(error?.code == .duplicateBook)
  }

  /// A highlight whose passage a new edition cut is kept, marked unplaced (never drawn
  /// at a guessed place), and placed again when a later edition has its text back.
  @Test func aHighlightWhoseTextIsGoneIsUnplacedNotGuessed() throws {
    let old = ["Chapter one.\nThe Hatter asked a riddle nobody could answer at all.\n"]
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Alice")
    let start = Self.locator(old, 0, "a riddle nobody")
    let end = Self.locator(old, 0, "answer at all.", after: true)
    try library.addHighlight(from: start, to: end, inBook: book.id, note: "why a raven?")
    let cut = ["Chapter one.\nThe Hatter said nothing.\n"]
    let report = try library.reanchor(bookID: book.id, newHash: "cut") {
      cut.indices.contains($0) ? cut[$0] : nil
    }
    #expect(report.unplacedHighlights == 1)
    let unplaced = try #require(try library.highlights(inBook: book.id).first)
    #expect(unplaced.isUnplaced && unplaced.note == "why a raven?")
    // Its snippets are kept, so the passage can still be found later.
    #expect(unplaced.start.textAfter == start.textAfter)
    let back = ["Preface.\n", old[0]]
    let again = try library.reanchor(bookID: book.id, newHash: "back") {
      back.indices.contains($0) ? back[$0] : nil
    }
    #expect(again.unplacedHighlights == 0)
    let placed = try #require(try library.highlights(inBook: book.id).first)
    #expect(!placed.isUnplaced && placed.start.chapterIndex == 1)
    #expect(placed.end.offset - placed.start.offset == end.offset - start.offset)
  }

  // MARK: - Helpers

  /// Alice in Wonderland split at its "CHAPTER" headings (0 = front matter).
  static func aliceChapters() throws -> [String] {
    let text = try String(
      contentsOfFile: Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"), encoding: .utf8)
    return text.replacingOccurrences(of: "\r\n", with: "\n")
      .components(separatedBy: "\nCHAPTER ")
  }

  /// A locator at `phrase` (or just after it) in chapter `chapter`, with 32-unit snippets.
  static func locator(_ chapters: [String], _ chapter: Int, _ phrase: String, after: Bool = false)
    -> Locator
  {
    let text = chapters[chapter]
    guard let range = text.range(of: phrase) else {
      Issue.record("“\(phrase)” is not in chapter \(chapter)")
      return Locator(chapterIndex: chapter)
    }
    let offset = text.utf16.distance(
      from: text.startIndex, to: after ? range.upperBound : range.lowerBound)
    return Locator(
      chapterIndex: chapter, offset: offset,
      textBefore: StyledTextTestSupport.substring(text, offset - 32, 32),
      textAfter: StyledTextTestSupport.substring(text, offset, 32))
  }
}

/// UTF-16 substrings, clamped to the text.
enum StyledTextTestSupport {
  static func substring(_ text: String, _ offset: Int, _ count: Int) -> String {
    let utf16 = Array(text.utf16)
    let lower = max(0, min(offset, utf16.count))
    let upper = max(lower, min(offset + count, utf16.count))
    return String(decoding: utf16[lower..<upper], as: UTF16.self)
  }
}
