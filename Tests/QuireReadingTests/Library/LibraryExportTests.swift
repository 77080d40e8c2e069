import Foundation
import QuireBook
import Testing

@testable import QuireReading

@Suite struct LibraryExportTests {
  let folder = ScratchFolder()

  /// A library with one book, two bookmarks and two highlights (whole-second dates).
  func annotatedLibrary(_ name: String = "library.sqlite") throws -> (Library, LibraryBook) {
    let library = try Library(path: folder.path + "/" + name)
    let book = try library.addBook(
      path: "/books/pp.epub", contentHash: "pp", format: "EPUB 3.0",
      metadata: Sample.metadata("Pride and Prejudice", authors: ["Jane Austen"]),
      characters: 700_000)
    try library.addBookmark(
      at: Locator(
        chapterIndex: 0, offset: 12, totalProgression: 0.004,
        textBefore: "It is a truth ", textAfter: "universally acknowledged"),
      inBook: book.id, note: "The *famous* opening", at: Date(timeIntervalSince1970: 1_700_000_000))
    try library.addBookmark(
      at: Locator(
        chapterIndex: 33, offset: 5_120, textBefore: "“In vain I have struggled.",
        textAfter: " It will not do."),
      inBook: book.id, at: Date(timeIntervalSince1970: 1_700_003_600))
    try library.addHighlight(
      from: Locator(
        chapterIndex: 2, offset: 100, totalProgression: 0.02, textAfter: "She is tolerable"),
      to: Locator(chapterIndex: 2, offset: 160), inBook: book.id, colour: .pink,
      note: "Darcy, line\nby line", at: Date(timeIntervalSince1970: 1_700_007_200))
    try library.addHighlight(
      from: Locator(chapterIndex: 5, offset: 0), to: Locator(chapterIndex: 5, offset: 10),
      inBook: book.id, at: Date(timeIntervalSince1970: 1_700_010_800))
    return (library, book)
  }

  @Test func jsonRoundTripsIntoAnotherLibrary() throws {
    let (library, book) = try annotatedLibrary()
    let export = try library.exportAnnotations(
      ofBook: book.id, at: Date(timeIntervalSince1970: 1_700_100_000))
    #expect(export.bookmarks.count == 2 && export.highlights.count == 2)
    let json = try export.jsonData()
    let decoded = try AnnotationExport(jsonData: json, source: "pp.json")
    #expect(decoded == export)

    let other = try Library(path: folder.path + "/other.sqlite")
    let copy = try other.addBook(
      path: "/elsewhere/pp.epub", contentHash: "pp", format: "EPUB 3.0",
      metadata: Sample.metadata("Pride and Prejudice"), characters: 700_000)
    let added = try other.importAnnotations(decoded, intoBook: copy.id)
    #expect(added == (bookmarks: 2, highlights: 2))
    func strip(_ marks: [Bookmark]) -> [String] {
      marks.map { "\($0.locator) \($0.note ?? "-") \($0.createdAt)" }
    }
    #expect(
      try strip(other.bookmarks(inBook: copy.id)) == strip(library.bookmarks(inBook: book.id)))
    let highlights = try other.highlights(inBook: copy.id)
    let originals = try library.highlights(inBook: book.id)
    #expect(highlights.map(\.start) == originals.map(\.start))
    #expect(highlights.map(\.end) == originals.map(\.end))
    #expect(highlights.map(\.colour) == [.pink, .yellow])
    #expect(highlights.map(\.note) == originals.map(\.note))
    #expect(highlights.map(\.createdAt) == originals.map(\.createdAt))
    // Importing the same file again adds nothing.
    #expect(
      try other.importAnnotations(decoded, intoBook: copy.id) == (bookmarks: 0, highlights: 0))
  }

  /// A highlight whose end comes before its start is stored the right way round (it used
  /// to be collapsed to its start, an empty highlight).
  @Test func aReversedHighlightIsSwappedNotCollapsed() throws {
    let (library, book) = try annotatedLibrary()
    var export = try library.exportAnnotations(ofBook: book.id)
    export.bookmarks = []
    export.highlights = [
      .init(
        start: Locator(chapterIndex: 7, offset: 90), end: Locator(chapterIndex: 7, offset: 30),
        colour: .blue, note: nil, createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    ]
    #expect(try library.importAnnotations(export, intoBook: book.id).highlights == 1)
    let stored = try #require(try library.highlights(inBook: book.id).first { $0.colour == .blue })
    #expect(stored.start.offset == 30 && stored.end.offset == 90)
  }

  /// Validation against the book: what is invalid is named and left out.
  @Test func validationNamesWhatTheBookCannotHold() throws {
    let (library, book) = try annotatedLibrary()
    var export = try library.exportAnnotations(ofBook: book.id)
    export.bookmarks.append(
      .init(locator: Locator(chapterIndex: 40, offset: 0), note: nil, createdAt: Date()))
    let shape = AnnotationExport.BookShape(chapterCount: 34) { _ in 10_000 }
    let (checked, notes) = try export.validated(for: shape, source: "pp.json")
    #expect(checked.bookmarks.count == 2)
    #expect(checked.highlights.count == 2)
    #expect(notes.map(\.description) == ["bookmark 3: chapter 41 is not in the book (it has 34)"])
  }

  @Test func rejectsWhatIsNotAnExport() throws {
    let notJSON = #expect(throws: LibraryError.self) {
      try AnnotationExport(jsonData: Data("hello".utf8), source: "notes.json")
    }
    #expect(notJSON?.code == .invalidExport)
    #expect(notJSON?.description.hasPrefix("notes.json: not a Quire annotations export") == true)
    let missing = #expect(throws: LibraryError.self) {
      try AnnotationExport(
        jsonData: Data(#"{"format": "quire-annotations"}"#.utf8), source: "x.json")
    }
    #expect(missing?.description.contains("missing") == true)

    let (library, book) = try annotatedLibrary()
    var future = try library.exportAnnotations(ofBook: book.id)
    future.version = 99
    let newer = #expect(throws: LibraryError.self) {
      try AnnotationExport(jsonData: future.jsonData(), source: "new.json")
    }
    #expect(newer?.description.contains("newer") == true)
  }

  @Test func markdownReadsLikeNotesByChapter() throws {
    let (library, book) = try annotatedLibrary()
    let export = try library.exportAnnotations(
      ofBook: book.id, at: Date(timeIntervalSince1970: 1_700_100_000))
    let utc = try #require(TimeZone(identifier: "UTC"))
    let expected = """
      # Pride and Prejudice

      *Jane Austen*

      Exported from Quire on 2023-11-16 02:00: 2 bookmarks, 2 highlights, 2 notes.

      ## Chapter 1

      ### Bookmark · 0%

      > …It is a truth universally acknowledged…

      The \\*famous\\* opening

      *Added 2023-11-14 22:13*

      ## Chapter 3

      ### Highlight · 2%

      > She is tolerable…

      Darcy, line\\
      by line

      *Pink, 2023-11-15 00:13*

      ## Chapter 6

      ### Highlight

      *Yellow, 2023-11-15 01:13*

      ## Chapter 34

      ### Bookmark

      > …“In vain I have struggled. It will not do.…

      *Added 2023-11-14 23:13*

      """
    #expect(export.markdown(timeZone: utc) == expected)
  }

  // MARK: - Nothing lost, nothing mixed up

  /// Two bookmarks at one place with different notes are two bookmarks: both come back
  /// from an export (the second note used to be dropped as "already present").
  @Test func bookmarksAtOnePlaceWithDifferentNotesSurviveARoundTrip() throws {
    let (library, book) = try annotatedLibrary()
    let place = Locator(chapterIndex: 0, offset: 12, totalProgression: 0.004)
    try library.addBookmark(at: place, inBook: book.id, note: "a second thought")
    try library.addHighlight(
      from: Locator(chapterIndex: 5, offset: 0), to: Locator(chapterIndex: 5, offset: 10),
      inBook: book.id, colour: .blue)
    let export = try library.exportAnnotations(ofBook: book.id)
    #expect(export.bookmarks.count == 3 && export.highlights.count == 3)
    let (other, copy) = try annotatedLibrary("other.sqlite")
    // The copy has the first two bookmarks and highlights already: only the new ones come.
    let added = try other.importAnnotations(export, intoBook: copy.id)
    #expect(added.bookmarks == 1 && added.highlights == 1)
    #expect(
      try other.bookmarks(inBook: copy.id).compactMap(\.note).sorted()
        == ["The *famous* opening", "a second thought"])
    #expect(
      try other.highlights(inBook: copy.id).map(\.colour.rawValue).sorted() == [
        "blue", "pink", "yellow",
      ])
    let again = try other.importAnnotations(export, intoBook: copy.id)
    #expect(again.bookmarks == 0 && again.highlights == 0)
  }

  /// An export re-imported into the library it came from, after a note was edited
  /// there: the bookmark carries its id, so it is the one the book has, not a second one.
  @Test func annotationWithTheSameIdIsTheSameOneWhateverItsNoteSaysNow() throws {
    let (library, book) = try annotatedLibrary()
    let export = try library.exportAnnotations(ofBook: book.id)
    #expect(export.bookmarks.allSatisfy { $0.id != nil })
    let first = try #require(try library.bookmarks(inBook: book.id).first)
    try library.updateBookmark(first.id, note: "The famous opening, read again")
    let added = try library.importAnnotations(export, intoBook: book.id)
    #expect(added.bookmarks == 0 && added.highlights == 0)
    #expect(
      try library.bookmarks(inBook: book.id).first?.note == "The famous opening, read again")
    // Without the id (an older export) the edited note makes it another bookmark.
    var anonymous = export
    for index in anonymous.bookmarks.indices { anonymous.bookmarks[index].id = nil }
    #expect(try library.importAnnotations(anonymous, intoBook: book.id).bookmarks == 1)
  }

  @Test func markdownPercentagesAreRoundedDownLikeTheList() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    for progression in [0.996, 0.125] {
      try library.addBookmark(
        at: Locator(
          chapterIndex: 0, offset: Int(progression * 1000), totalProgression: progression),
        inBook: book.id)
    }
    let markdown = try library.exportAnnotations(ofBook: book.id).markdown()
    #expect(markdown.contains("### Bookmark · 12%\n"))
    #expect(markdown.contains("### Bookmark · 99%\n"))
    #expect(!markdown.contains("13%") && !markdown.contains("100%"))
  }

  @Test func markdownEscapesMarkdownInNotes() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let note = "# not a heading\n- nor a list\n1. nor this, *nor* [that](x) <b>\n> quote"
    try library.addBookmark(at: Locator(chapterIndex: 0, offset: 0), inBook: book.id, note: note)
    let markdown = try library.exportAnnotations(ofBook: book.id).markdown()
    let expected =
      "\\# not a heading\\\n\\- nor a list\\\n1\\. nor this, \\*nor\\* \\[that\\](x) "
      + "\\<b\\>\\\n\\> quote\n"
    #expect(markdown.contains("\n" + expected), "\(markdown)")
  }

  /// An export placed on another edition: each annotation is found by its text, in
  /// whatever chapter it now is; one whose text is gone is listed, not guessed.
  @Test func reanchoringFindsAnnotationsByTheirTextAndListsTheRest() throws {
    let (library, book) = try annotatedLibrary()
    let export = try library.exportAnnotations(ofBook: book.id)
    // The new edition has a preface first: the opening is now in chapter 2, at 30.
    let texts = [
      "A preface by the editor, which was not in the first edition at all.\n",
      String(repeating: "x", count: 18) + "It is a truth universally acknowledged, that…\n",
    ]
    let moved = export.reanchored(chapterCount: texts.count) {
      texts.indices.contains($0) ? texts[$0] : nil
    }
    #expect(moved.export.bookmarks.count == 1)
    let opening = try #require(moved.export.bookmarks.first)
    #expect(opening.locator.chapterIndex == 1 && opening.locator.offset == 32)
    #expect(opening.note == "The *famous* opening")
    #expect(moved.export.highlights.isEmpty)
    #expect(moved.notFound.count == 3)
    #expect(moved.notFound.first?.hasPrefix("bookmark in chapter 34 at “…“In vain") == true)
    #expect(moved.notFound.contains { $0.hasPrefix("highlight in chapter 6 (no text") })
  }
}
