import QuireBook
import Testing

@testable import QuireTypesetting

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct PaginatorTests {
  private func aliceChapter() throws -> StyledText {
    let paragraphs = try TestText.paragraphs(
      ofFile: Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))
    let start = try #require(
      paragraphs.firstIndex { $0.hasPrefix("CHAPTER I.") && $0.count < 60 && $0.contains("Rabbit") }
    )
    let end = try #require(paragraphs[(start + 1)...].firstIndex { $0.hasPrefix("CHAPTER II.") })
    return TestText.styled(Array(paragraphs[start..<end]), language: "en-US")
  }

  @Test func pagesCoverTheChapterExactlyOnceInOrder() throws {
    let text = try aliceChapter()
    let pages = Paginator(text: text, container: TestText.page, fonts: try FontContext())
      .paginateAll()
    #expect(pages.count > 3)
    #expect(PageChecks.coverage(pages, length: text.length) == [])
    for page in pages {
      for line in page.lines {
        #expect(line.frame.maxY <= 800 - 50 + 0.01)
        for run in line.runs {
          #expect(run.positions.allSatisfy { $0.x >= 49 && $0.x <= 551 })
        }
      }
    }
  }

  @Test func thePageContainingAnOffsetContainsIt() throws {
    let text = try aliceChapter()
    let fonts = try FontContext()
    for offset in [0, 1, 777, text.length / 2, text.length - 1] {
      let lazy = Paginator(text: text, container: TestText.page, fonts: fonts)
      let page = try #require(lazy.page(containing: offset))
      #expect(page.range.contains(offset))
      #expect(!lazy.isComplete || offset > text.length / 2)
    }
  }

  /// A dash closed up to the word before it stays on that word's line (TeX's rule):
  /// at every width, no line starts with one.
  @Test func noLineStartsWithAClosedUpEmDash() throws {
    let sentence =
      "But look! here come more crowds, pacing straight for the water—north, east, south, "
      + "and west. Yet here they all unite—leagues of them—miles of them. But BEING PAID,—what "
      + "will compare with it? Inlanders all, they come from lanes and alleys—streets—avenues. "
    let text = TestText.styled([String(repeating: sentence, count: 6)])
    let units = Array(text.string.utf16)
    let fonts = try FontContext()
    var lines = 0
    for width in stride(from: 260.0, through: 600, by: 10) {
      let container = TextContainer(width: width, height: 2000, margins: EdgeInsets(all: 20))
      let pages = Paginator(text: text, container: container, fonts: fonts).paginateAll()
      for line in pages.flatMap(\.lines) where line.range.lowerBound > 0 {
        lines += 1
        let first = units[line.range.lowerBound]
        let before = units[line.range.lowerBound - 1]
        #expect(
          first != 0x2014 || before == 0x20,
          "width \(width): a line starts with a dash at \(line.range.lowerBound)")
      }
    }
    #expect(lines > 300)
  }

  @Test func paginatingTwiceGivesIdenticalPages() throws {
    let text = try aliceChapter()
    let first = Paginator(text: text, container: TestText.page, fonts: try FontContext())
    let second = Paginator(text: text, container: TestText.page, fonts: try FontContext())
    #expect(first.paginateAll() == second.paginateAll())
    // Lazy access reaches the same pages as a full pass.
    let lazy = Paginator(text: text, container: TestText.page, fonts: try FontContext())
    let page = try #require(lazy.page(at: 2))
    #expect(page == first.laidOutPages[2])
    #expect(lazy.page(after: page) == first.laidOutPages[3])
  }

  @Test func headingsAreKeptWithTheirTextAndNoParagraphIsOrphaned() throws {
    let text = try aliceChapter()
    let pages = Paginator(text: text, container: TestText.page, fonts: try FontContext())
      .paginateAll()
    let starts = Set(text.paragraphs.map(\.range.lowerBound))
    let ends = Set(text.paragraphs.map(\.range.upperBound))
    for page in pages.dropLast() {
      let last = try #require(page.lines.last)
      // The last line on a page is never a paragraph's only first line of several.
      #expect(!(starts.contains(last.range.lowerBound) && !ends.contains(last.range.upperBound)))
      // Nor the first line on a page a paragraph's lone last line (a widow).
      if let first = page.lines.first, page.index > 0 {
        let isLast = ends.contains(first.range.upperBound)
        let isFirst = starts.contains(first.range.lowerBound)
        #expect(!(isLast && !isFirst))
      }
    }
  }

  /// Alice's chapter I ends with three rows of stars, kept with one another: they once
  /// split one row on a page and two on the next.
  @Test func rowsOfASceneBreakStayOnOnePage() throws {
    let book = try Book.open(Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))
    let text = try book.text(ofChapter: 1)
    let rows = text.paragraphs.filter { text.substring($0.range).hasPrefix("*") }
    #expect(rows.count == 6)
    let pages = Paginator(text: text, container: TestText.page, fonts: try FontContext())
      .paginateAll()
    for group in [rows[0..<3], rows[3..<6]] {
      let holding = Set(
        group.map { row in pages.firstIndex { $0.range.contains(row.range.lowerBound) } })
      #expect(holding.count == 1, "rows on pages \(holding)")
    }
  }

  @Test func noPageBeforeTheLastHoldsASingleLine() throws {
    // A reader's 480 × 640 page: here a three-line paragraph with two lines of room once
    // left its first line alone on a page of its own (Alice, chapter 10).
    let container = TextContainer(width: 480, height: 640, margins: EdgeInsets(all: 50))
    let fonts = try FontContext()
    for relative in [
      "txt/en/alice-in-wonderland_pg11_utf8.txt", "txt/en/pride-and-prejudice_pg1342_utf8.txt",
    ] {
      let book = try Book.open(Corpus.path(relative))
      for index in book.readingOrder {
        let pages = Paginator(
          text: try book.text(ofChapter: index), container: container, fonts: fonts
        ).paginateAll()
        for page in pages.dropLast() {
          #expect(page.lines.count > 1, "\(relative) chapter \(index) page \(page.index)")
        }
      }
    }
  }

  @Test func justifiedEnglishIsHyphenatedAndNotLoose() throws {
    let text = try aliceChapter()
    let paginator = Paginator(text: text, container: TestText.page, fonts: try FontContext())
    _ = paginator.paginateAll()
    let statistics = paginator.statistics
    #expect(statistics.hyphenatedLines > 0)
    #expect(statistics.maxAdjustment < 2)
    #expect(statistics.shapeCacheHitRate > 0.5)
  }

  @Test func emptyTextHasOneEmptyPage() throws {
    let pages = Paginator(text: .empty, container: TestText.page, fonts: try FontContext())
      .paginateAll()
    #expect(pages.count == 1)
    #expect(pages[0].range == 0..<0)
  }

  @Test func urlsAndEmailAddressesBreakOnlyAfterTheirMarks() throws {
    let url = "https://www.gutenberg.org/ebooks/11/alice-in-wonderland.html"
    let mail = "someone.with.a.long.name@example-publishing-house.co.uk"
    let words = Array(repeating: "word", count: 12).joined(separator: " ")
    var builder = StyledTextBuilder()
    for _ in 0..<4 {
      builder.append("\(words) \(url) \(words) \(mail) \(words)"); builder.endParagraph()
    }
    let text = builder.build()
    let units = Array(text.string.utf16)
    for width in [700.0, 400] {
      let container = TextContainer(width: width, height: 800, margins: EdgeInsets(all: 20))
      let pages = Paginator(text: text, container: container, fonts: try FontContext())
        .paginateAll()
      for line in pages.flatMap(\.lines) {
        let shown = text.substring(line.range)
        for address in [url, mail] where shown.contains(address.prefix(12)) {
          guard !shown.contains(address) else { continue }
          // Broken inside (where whole ones left a line too loose): after / . ? & = or -.
          let mark = Character(Unicode.Scalar(units[line.range.upperBound - 1])!)
          #expect("/.?&=-".contains(mark), "\(address) broken after “\(mark)”")
        }
      }
      #expect(PageChecks.coverage(pages, length: text.length) == [])
    }
  }
}
