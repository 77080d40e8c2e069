import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// Exports for people (Markdown, Org) name chapters as the contents do and quote the
/// highlighted text; JSON keeps everything through an import.
@Suite struct AnnotationExportTests {
  let folder = ScratchFolder()
  let book = MemoryBook.book(
    [
      ("Cover", ["PRIDE AND PREJUDICE"]),
      (
        "Chapter 1",
        [
          "It is a truth universally acknowledged, that a single man in possession of a good "
            + "fortune, must be in want of a wife.",
          "* However little known the feelings or views of such a man may be…",
        ]
      ),
      ("Chapter 2", ["Mr. Bennet was among the earliest of those who waited on Mr. Bingley."]),
    ],
    toc: [
      TOCEntry(title: "Chapter I", chapterIndex: 1),
      TOCEntry(title: "Chapter II", chapterIndex: 2),
    ])
  let utc = TimeZone(identifier: "UTC")!

  func date(_ hours: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + hours * 3600) }

  /// A library with this book, a bookmark on the cover, two highlights in chapter 1 (one
  /// across its two paragraphs, underlined, with a note edited later) and one in chapter 2.
  func annotated() throws -> (Library, LibraryBook) {
    let library = try Library(path: folder.libraryPath)
    let entry = try Sample.addBook(library, "Pride and Prejudice")
    try library.addBookmark(
      at: Locator(chapterIndex: 0, offset: 0, totalProgression: 0, textAfter: "PRIDE AND"),
      inBook: entry.id, note: "the cover", at: date(0))
    let across = try library.addHighlight(
      from: Locator(chapterIndex: 1, offset: 58, totalProgression: 0.3),
      to: Locator(chapterIndex: 1, offset: 153), inBook: entry.id, colour: .blue,
      style: .underline, note: "# not a heading\n* nor this", at: date(1))
    try library.updateHighlight(across.id, note: "# not a heading\n* nor this", at: date(2))
    try library.addHighlight(
      from: Locator(chapterIndex: 1, offset: 0, totalProgression: 0.2),
      to: Locator(chapterIndex: 1, offset: 38), inBook: entry.id, at: date(3))
    try library.addHighlight(
      from: Locator(chapterIndex: 2, offset: 0, totalProgression: 0.9, textAfter: "Mr. Bennet"),
      to: Locator(chapterIndex: 2, offset: 10), inBook: entry.id, colour: .pink,
      style: .strikethrough, at: date(4))
    return (library, entry)
  }

  @Test func markdownGroupsByTheContentsAndQuotesTheText() throws {
    let (library, entry) = try annotated()
    let export = try library.exportAnnotations(ofBook: entry.id, book: book, at: date(10))
    let markdown = export.markdown(timeZone: utc)
    let expected = """
      # Pride and Prejudice

      *Anon*

      Exported from Quire on 2023-11-15 08:13: 1 bookmark, 3 highlights, 2 notes.

      ## Front matter

      ### Bookmark · 0%

      > …PRIDE AND…

      the cover

      *Added 2023-11-14 22:13*

      ## Chapter I

      ### Highlight · 20%

      > It is a truth universally acknowledged

      *Yellow, 2023-11-15 01:13*

      ### Highlight · 30%

      > in possession of a good fortune, must be in want of a wife.
      >
      > \\* However little known the feelings

      \\# not a heading\\
      \\* nor this

      *Blue underline, 2023-11-14 23:13, edited 2023-11-15 00:13*

      ## Chapter II

      ### Highlight · 90%

      > Mr. Bennet

      *Pink strike, 2023-11-15 02:13*

      """
    #expect(markdown == expected)
  }

  @Test func orgHasTheSameSectionsWithProperties() throws {
    let (library, entry) = try annotated()
    let export = try library.exportAnnotations(ofBook: entry.id, book: book, at: date(10))
    let org = export.org(timeZone: utc)
    let expected = """
      #+TITLE: Pride and Prejudice
      #+AUTHOR: Anon
      #+DATE: [2023-11-15 Wed 08:13]

      Exported from Quire: 1 bookmark, 3 highlights, 2 notes.

      * Front matter
      ** Bookmark · 0%
      :PROPERTIES:
      :ADDED: [2023-11-14 Tue 22:13]
      :CHAPTER: 1
      :OFFSET: 0
      :END:
      #+begin_quote
      …PRIDE AND…
      #+end_quote
      the cover

      * Chapter I
      ** Highlight · 20%
      :PROPERTIES:
      :COLOUR: yellow
      :STYLE: background
      :ADDED: [2023-11-15 Wed 01:13]
      :CHAPTER: 2
      :OFFSET: 0
      :END:
      #+begin_quote
      It is a truth universally acknowledged
      #+end_quote

      ** Highlight · 30%
      :PROPERTIES:
      :COLOUR: blue
      :STYLE: underline
      :ADDED: [2023-11-14 Tue 23:13]
      :EDITED: [2023-11-15 Wed 00:13]
      :CHAPTER: 2
      :OFFSET: 58
      :END:
      #+begin_quote
      in possession of a good fortune, must be in want of a wife.

      ,* However little known the feelings
      #+end_quote
      \u{200B}# not a heading
      \u{200B}* nor this

      * Chapter II
      ** Highlight · 90%
      :PROPERTIES:
      :COLOUR: pink
      :STYLE: strike
      :ADDED: [2023-11-15 Wed 02:13]
      :CHAPTER: 3
      :OFFSET: 0
      :END:
      #+begin_quote
      Mr. Bennet
      #+end_quote

      """
    #expect(org == expected)
  }

  @Test func jsonRoundTripsEverythingThroughAnImport() throws {
    let (library, entry) = try annotated()
    let highlights = try library.highlights(inBook: entry.id)
    // One highlight whose text a new edition lost.
    try library.withDatabase {
      try $0.execute("UPDATE highlights SET unplaced = 1 WHERE id = ?", highlights[2].id)
    }
    let export = try library.exportAnnotations(ofBook: entry.id, book: book, at: date(10))
    #expect(
      export.highlights.map(\.text) == [
        "It is a truth universally acknowledged",
        "in possession of a good fortune, must be in want of a wife.\n\n"
          + "* However little known the feelings",
        nil,
      ])
    let json = try export.jsonData()
    let decoded = try AnnotationExport(jsonData: json, source: "pp.json")
    #expect(decoded == export)

    let other = try Library(path: folder.path + "/other.sqlite")
    let copy = try Sample.addBook(other, "Pride and Prejudice")
    #expect(
      try other.importAnnotations(decoded, intoBook: copy.id) == (bookmarks: 1, highlights: 3))
    func comparable(_ library: Library, _ id: Int) throws -> AnnotationExport {
      var again = try library.exportAnnotations(ofBook: id, book: book, at: date(10))
      for index in again.bookmarks.indices { again.bookmarks[index].id = nil }
      for index in again.highlights.indices { again.highlights[index].id = nil }
      return again
    }
    #expect(try comparable(other, copy.id) == comparable(library, entry.id))
    let stored = try other.highlights(inBook: copy.id)
    #expect(stored.map(\.style) == [.background, .underline, .strikethrough])
    #expect(stored.map(\.isUnplaced) == [false, false, true])
    #expect(stored[1].modifiedAt == date(2) && stored[1].createdAt == date(1))
  }

  @Test func readsAVersionOneExport() throws {
    let json = """
      {"format": "quire-annotations", "version": 1, "exportedAt": "2023-11-16T02:00:00Z",
       "book": {"title": "Emma", "authors": [], "contentHash": "emma"},
       "bookmarks": [{"locator": {"chapterIndex": 1, "offset": 4}, "note": "n",
                      "createdAt": "2023-11-14T22:13:20Z"}],
       "highlights": [{"start": {"chapterIndex": 2, "offset": 0},
                       "end": {"chapterIndex": 2, "offset": 9}, "colour": "green",
                       "createdAt": "2023-11-14T22:13:20Z"}]}
      """
    let export = try AnnotationExport(jsonData: Data(json.utf8), source: "old.json")
    let highlight = try #require(export.highlights.first)
    #expect(highlight.style == .background && highlight.colour == .green)
    #expect(!highlight.isUnplaced && highlight.modifiedAt == nil)
    #expect(export.bookmarks.first?.modifiedAt == nil)
    let library = try Library(path: folder.libraryPath)
    let entry = try Sample.addBook(library, "Emma")
    try library.importAnnotations(export, intoBook: entry.id)
    let stored = try #require(try library.highlights(inBook: entry.id).first)
    #expect(stored.modifiedAt == stored.createdAt)
  }
}

extension AnnotationExportTests {
  /// Written a piece at a time, the JSON is the very document made whole.
  @Test func piecesMakeTheSameDocuments() throws {
    let (library, entry) = try annotated()
    let export = try library.exportAnnotations(ofBook: entry.id, book: book, at: date(10))
    var json = ""
    try export.writeJSON { json += $0 }
    #expect(try AnnotationExport(jsonData: Data(json.utf8), source: "pieces.json") == export)
    #expect(json == String(decoding: try export.jsonData(), as: UTF8.self))
    // Markdown and Org come an annotation at a time (what markdown() and org() join, as
    // the tests above check), never as one string.
    var pieces = 0
    export.writeMarkdown(timeZone: utc) { _ in pieces += 1 }
    #expect(pieces == 1 + export.bookmarks.count + export.highlights.count)
    pieces = 0
    export.writeOrg(timeZone: utc) { _ in pieces += 1 }
    #expect(pieces == 1 + export.bookmarks.count + export.highlights.count)
    var empty = export
    empty.bookmarks = []
    var emptyJSON = ""
    try empty.writeJSON { emptyJSON += $0 }
    #expect(try AnnotationExport(jsonData: Data(emptyJSON.utf8), source: "e.json") == empty)
  }
}
