import QuireBook
import Testing

@testable import QuireReading

/// Places are named as the book's contents name them.
@Suite struct ContentsNamesTests {
  let book = MemoryBook.book(
    [
      ("Title page", ["Moby-Dick; or, The Whale"]),
      ("Loomings", ["Call me Ishmael.", "#whaling Some years ago…", "It is a way I have."]),
      ("Loomings (continued)", ["A second file of the same chapter."]),
      ("The Carpet-Bag", ["I stuffed a shirt or two."]),
    ],
    toc: [
      TOCEntry(
        title: "Part One", chapterIndex: 1,
        children: [
          TOCEntry(
            title: "1.\n  Loomings", chapterIndex: 1,
            children: [TOCEntry(title: "Whaling", chapterIndex: 1, fragment: "whaling")])
        ]),
      TOCEntry(title: "2. The Carpet-Bag", chapterIndex: 3),
      TOCEntry(title: "Nowhere", chapterIndex: nil),
    ])

  @Test func theDeepestEntryAtOrBeforeAPlaceNamesIt() {
    let names = ContentsNames(book: book)
    #expect(names.name(at: Locator(chapterIndex: 0, offset: 5)) == ContentsNames.frontMatter)
    // Part One and its chapter start at one place: the chapter, the deeper, names it.
    #expect(names.name(at: Locator(chapterIndex: 1, offset: 0)) == "1. Loomings")
    #expect(names.name(at: Locator(chapterIndex: 1, offset: 16)) == "1. Loomings")
    #expect(names.name(at: Locator(chapterIndex: 1, offset: 17)) == "Whaling")
    // A chapter file without an entry of its own is in the entry before it.
    #expect(names.name(at: Locator(chapterIndex: 2, offset: 3)) == "Whaling")
    #expect(names.name(at: Locator(chapterIndex: 3, offset: 0)) == "2. The Carpet-Bag")
  }

  @Test func aBookWithoutContentsNamesItsChapters() {
    let names = ContentsNames(
      book: MemoryBook.book([("Prologue", ["a"]), ("", ["b"])]))
    #expect(names.name(at: Locator(chapterIndex: 0, offset: 0)) == "Prologue")
    #expect(names.name(at: Locator(chapterIndex: 1, offset: 0)) == "Chapter 2")
    #expect(names.name(at: Locator(chapterIndex: 7, offset: 0)) == "Chapter 8")
  }
}
