import QuireBook
import QuireReading
import Testing

@testable import QuireUI

/// What a reader types after `:` (or Ctrl+G) and where it leads.
@Suite struct GoToTargetTests {
  func parse(_ text: String) -> GoToTarget? { try? GoToTarget.parse(text) }

  @Test func readsPagesPercentsChaptersAndTitles() {
    #expect(parse("45") == .page(45))
    #expect(parse(" p45 ") == .page(45))
    #expect(parse("p. 7") == .page(7))
    #expect(parse("Page 12") == .page(12))
    #expect(parse("+10") == .relativePages(10))
    #expect(parse("-3") == .relativePages(-3))
    #expect(parse("45%") == .percent(45))
    #expect(parse("12.5 %") == .percent(12.5))
    #expect(parse("0%") == .percent(0))
    #expect(parse("ch 12") == .chapter(12))
    #expect(parse("c12") == .chapter(12))
    #expect(parse("Chapter XII") == .chapter(12))
    #expect(parse("chap. 3") == .chapter(3))
    #expect(parse("第12章") == .chapter(12))
    #expect(parse("第十二回") == .chapter(12))
    #expect(parse("第一百零三回") == .chapter(103))
    #expect(parse("第１２章") == .chapter(12))
    #expect(parse("The Pool") == .title("The Pool"))
    #expect(parse("chapter") == .title("chapter"))
    #expect(parse("Cheshire") == .title("Cheshire"))
    #expect(parse("12 angry men") == .title("12 angry men"))
    #expect(parse("第三者") == .title("第三者"))
  }

  @Test func saysWhyWhatWasTypedIsNoPlace() {
    func message(_ text: String) -> String? {
      do {
        _ = try GoToTarget.parse(text)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(message("") == "Type a page number, a percent (45%), a chapter (ch 12) or a title.")
    #expect(message("0") == "Pages are numbered from 1.")
    #expect(message("120%") == "120% is past the end: a percent goes up to 100%.")
    #expect(message("ch 0") == "Chapters are numbered from 1.")
  }

  let contents = [
    ContentsNames.Entry(title: "Preface", depth: 0, locator: Locator(chapterIndex: 0)),
    ContentsNames.Entry(
      title: "CHAPTER I. Down the Rabbit-Hole", depth: 0, locator: Locator(chapterIndex: 1)),
    ContentsNames.Entry(
      title: "CHAPTER II. The Pool of Tears", depth: 0, locator: Locator(chapterIndex: 2)),
    ContentsNames.Entry(
      title: "Der Pöbel", depth: 1, locator: Locator(chapterIndex: 2, offset: 900)),
    ContentsNames.Entry(title: "Épilogue", depth: 0, locator: Locator(chapterIndex: 3)),
  ]

  func resolve(_ text: String, page: Int = 10, of count: Int = 200) -> GoToTarget.Destination? {
    try? GoToTarget.parse(text).resolved(in: contents, currentPage: page, pageCount: count)
  }

  @Test func resolvesAgainstTheContentsAndPages() throws {
    #expect(resolve("45") == .page(45))
    #expect(resolve("+500") == .page(200))
    #expect(resolve("-50") == .page(1))
    #expect(resolve("50%") == .fraction(0.5))
    // A number as the title gives it, Roman numerals included…
    #expect(resolve("ch 2") == .locator(Locator(chapterIndex: 2)))
    // …else the entry of that rank at the top level.
    #expect(resolve("ch 4") == .locator(Locator(chapterIndex: 3)))
    #expect(resolve("chapter ii") == .locator(Locator(chapterIndex: 2)))
    // Titles: a prefix or a part, case and accents aside.
    #expect(resolve("chapter i. down") == .locator(Locator(chapterIndex: 1)))
    #expect(resolve("epilogue") == .locator(Locator(chapterIndex: 3)))
    #expect(resolve("pobel") == .locator(Locator(chapterIndex: 2, offset: 900)))
    #expect(resolve("pool of") == .locator(Locator(chapterIndex: 2)))
    let missing = #expect(throws: GoToTarget.ParseError.self) {
      try GoToTarget.page(300).resolved(
        in: contents, currentPage: 1, pageCount: 200, isExact: false)
    }
    #expect(missing?.description == "There is no page 300: the book has about 200 pages.")
    let noChapter = #expect(throws: GoToTarget.ParseError.self) {
      try GoToTarget.chapter(9).resolved(in: contents, currentPage: 1, pageCount: 200)
    }
    #expect(noChapter?.description == "There is no chapter 9: the contents list 4 chapters.")
    #expect(throws: GoToTarget.ParseError.self) {
      try GoToTarget.title("Walrus").resolved(in: contents, currentPage: 1, pageCount: 200)
    }
  }

  @Test func findsChapterNumbersInTitles() {
    #expect(ChapterNumber.inTitle("CHAPTER XII.") == 12)
    #expect(ChapterNumber.inTitle("Chapter 3: The Assembly") == 3)
    #expect(ChapterNumber.inTitle("12. The Return") == 12)
    #expect(ChapterNumber.inTitle("XIV.") == 14)
    #expect(ChapterNumber.inTitle("IV") == 4)
    #expect(ChapterNumber.inTitle("第三回 宴宁府宝玉会秦钟") == 3)
    #expect(ChapterNumber.inTitle("I Remember") == nil)
    #expect(ChapterNumber.inTitle("Mix") == nil)
    #expect(ChapterNumber.inTitle("C. Dickens") == nil)
    #expect(ChapterNumber.inTitle("Capitolo 4") == 4)
  }
}
