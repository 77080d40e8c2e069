import Testing

@testable import QuireCLI

/// `quire open` until the readers exist: title, contents, first chapter, hint.
@Suite struct OpenCommandTests {
  @Test func showsTitleContentsAndFirstChapter() {
    let result = runQuire(["open", "sample.epub"], book: SampleBook.make(), width: 60)
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        A Sample
        by Ada Author
        EPUB 3.0 · 2 chapters

        Contents

        1  Welcome       [ch 1 @ 0]
        2    The figure  [ch 1 @ 47]
        3  排版与分页    [ch 2 @ 0]
        4  Gone          [not in this book]

        ── 1. Welcome ──────────────────────────────────────────────

        Welcome
        ───────

        Quire reads real books.
        See Gutenberg.

        [image: The Quire logo]

        Read on with 'quire cat sample.epub --chapter 2'; 'quire --help' lists every command.

        """)
  }

  @Test func pathsAreQuotedForTheShellWhenNeeded() {
    #expect(OpenCommand.shellQuoted("books/a.epub") == "books/a.epub")
    #expect(OpenCommand.shellQuoted("my book's.txt") == "'my book'\\''s.txt'")
  }
}
