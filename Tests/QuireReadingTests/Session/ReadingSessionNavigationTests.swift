import Foundation
import QuireBook
import Testing

@testable import QuireReading

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingSessionNavigationTests {
  @Test func turningForwardThenBackVisitsEveryPageOfTheBookExactlyOnce() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: true, exactPagination: false))
    let forward = await SessionFixtures.forward(session).map(PageKey.init)
    // Chapter by chapter in reading order, pages 0, 1, 2… tiling each chapter's text.
    #expect(Set(forward).count == forward.count)
    #expect(forward.map(\.chapter).uniqued() == book.readingOrder)
    for chapter in book.readingOrder {
      let pages = forward.filter { $0.chapter == chapter }
      let length = try book.text(ofChapter: chapter).length
      #expect(pages.map(\.index) == Array(0..<pages.count))
      #expect(pages.first?.range.lowerBound == 0)
      #expect(pages.last?.range.upperBound == length)
      for (page, next) in zip(pages, pages.dropFirst()) {
        #expect(page.range.upperBound == next.range.lowerBound, "gap or overlap at \(page)")
      }
    }
    #expect(await session.next() == nil)  // the end of the book stays put
    let backward = await SessionFixtures.backward(session).map(PageKey.init)
    #expect(backward == forward.reversed())
    #expect(await session.previous() == nil)
  }

  @Test func aChapterBoundaryTurnFindsThePageLaidOutAhead() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: true, exactPagination: false))
    let second = book.readingOrder[1]
    await session.go(toChapter: second)
    // Back onto the previous chapter's last page, then forward again across the boundary.
    for turn in [false, true] {
      await session.waitForBackground()
      let before = await session.layoutCounts.foreground
      let shown = try #require(turn ? await session.next() : await session.previous())
      #expect(shown.chapterIndex == (turn ? second : book.readingOrder[0]))
      #expect(await session.layoutCounts.foreground == before, "the reader waited for layout")
    }
    // Far chapters are dropped: only the neighbours' layouts are kept.
    await session.go(toChapter: book.readingOrder[6])
    #expect(await session.keptChapters.isSubset(of: Set(book.readingOrder[5...7])))
  }

  @Test func aPageNotLaidOutYetIsAnnouncedBusyThenDelivered() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    var turned: ShownPage?
    repeat { turned = await session.next() } while turned?.chapterIndex == book.readingOrder[0]
    let entered = try #require(turned)
    var previous: ReadingSession.Event?
    var busyBeforeShown = false
    for await event in session.events {
      if case .shown(let shown) = event, shown == entered {
        if case .busy = previous { busyBeforeShown = true }
        break
      }
      previous = event
    }
    #expect(busyBeforeShown, "entering an unprepared chapter says busy first")
    #expect(await session.isBusy == false)
  }

  @Test func theSliderLandsOnThePageHoldingThatCharacter() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    let lengths = try book.readingOrder.map { try book.text(ofChapter: $0).length }
    let total = lengths.reduce(0, +)
    for progression in [0.0, 0.137, 0.5, 0.9, 0.999] {
      var target = Int(progression * Double(total))
      var expected = (chapter: book.readingOrder[0], offset: 0)
      for (chapter, length) in zip(book.readingOrder, lengths) {
        if target < length {
          expected = (chapter, target)
          break
        }
        target -= length
      }
      let shown = try #require(await session.go(toProgression: progression))
      #expect(shown.chapterIndex == expected.chapter)
      #expect(shown.page.range.contains(expected.offset), "\(progression)")
      #expect(abs(shown.progress.fraction - progression) < 0.02)
    }
  }

  @Test func backAfterALinkJumpReturnsToTheOrigin() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceEPUB)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    // The first internal link in the book that leads to another chapter.
    var found: (chapter: Int, offset: Int, link: LinkTarget)?
    for chapter in book.chapters.indices where found == nil {
      let text = try book.text(ofChapter: chapter)
      for run in text.links {
        if case .internal(let href) = run.value,
          let target = book.locator(forHref: href, from: chapter), target.chapterIndex != chapter
        {
          found = (chapter, run.range.lowerBound, run.value)
          break
        }
      }
    }
    let link = try #require(found, "the EPUB has an internal link")
    let origin = try #require(
      await session.go(to: Locator(chapterIndex: link.chapter, offset: link.offset)))
    let jumped = try #require(await session.follow(link.link))
    #expect(jumped.chapterIndex != origin.chapterIndex)
    #expect(await session.canGoBack)
    let back = try #require(await session.goBack())
    #expect(back.chapterIndex == origin.chapterIndex)
    #expect(back.page == origin.page)
    let start = try #require(await session.goBack())  // before the jump to the link's page
    #expect(start.progress.pageInBook == 1)
    #expect(await session.goBack() == nil)
  }

  @Test func tocJumpsAndFirstAndLastPages() async throws {
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let session = try await ReadingSession(
      book: book, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    let entry = try #require(book.toc.flattened().map(\.entry).last)
    let shown = try #require(await session.go(to: entry))
    let target = try #require(book.locator(for: entry))
    #expect(shown.chapterIndex == target.chapterIndex)
    #expect(
      shown.page.range.contains(target.offset) || shown.page.range.lowerBound == target.offset)
    let last = try #require(await session.last())
    #expect(last.chapterIndex == book.readingOrder.last)
    #expect(last.page.range.upperBound == (try book.text(ofChapter: last.chapterIndex).length))
    #expect(await session.next() == nil)
    let first = try #require(await session.first())
    #expect(first.chapterIndex == book.readingOrder.first)
    #expect(first.page.index == 0)
    #expect(first.progress.pageInBook == 1)
  }
}

extension Array where Element: Hashable {
  /// The elements in order with consecutive repeats collapsed.
  fileprivate func uniqued() -> [Element] {
    var result: [Element] = []
    for element in self where result.last != element { result.append(element) }
    return result
  }
}
