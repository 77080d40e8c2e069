import Testing

@testable import QuireBook

/// The corpus books that showed hidden headings, transformed letters and control
/// characters in `<pre>`: what a reader sees and what search and copy get.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct EPUBHiddenTextCorpusTests {
  @Test(arguments: [
    "epub/se-the-adventures-of-sherlock-holmes.epub", "epub/se-the-brothers-karamazov.epub",
    "epub/se-war-and-peace.epub",
  ])
  func theStandardEbooksTitlePageIsItsPictureAlone(_ path: String) throws {
    let book = try Book.open(Corpus.path(path))
    let titlepage = try #require(
      book.chapters.firstIndex { $0.href?.hasSuffix("titlepage.xhtml") == true })
    let text = try book.text(ofChapter: titlepage)
    // The h1 and "By …" are moved 999em to the left for screen readers: off the page.
    #expect(text.string == "\u{FFFC}\n")
    let imprint = try #require(
      book.chapters.firstIndex { $0.href?.hasSuffix("imprint.xhtml") == true })
    #expect(try !book.text(ofChapter: imprint).string.hasPrefix("Imprint"))
  }

  @Test func mobyDickKeepsItsOwnLettersUnderUppercase() throws {
    let book = try Book.open(Corpus.path("epub/idpf-moby-dick.epub"))
    let index = try #require(
      book.chapters.indices.first {
        try! book.text(ofChapter: $0).string.contains("Call me Ishmael")
      })
    let text = try book.text(ofChapter: index)
    #expect(text.string.contains("Loomings"))
    #expect(!text.string.contains("LOOMINGS"))
    #expect(String(decoding: text.displayUnits, as: UTF16.self).contains("LOOMINGS"))
  }

  @Test func theAccessibleEPUBsCodeKeepsItsWordsApart() throws {
    let book = try Book.open(Corpus.path("epub/idpf-accessible_epub_3.epub"))
    let index = try #require(
      book.chapters.firstIndex { $0.href?.hasSuffix("ch02s02.xhtml") == true })
    let text = try book.text(ofChapter: index).string
    #expect(text.contains("FAIRY STORIES MODERN FANTASTIC TALES"))
    #expect(!text.contains("STORIESMODERN"))
  }
}
