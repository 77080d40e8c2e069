import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireUI
import Testing

/// Chapters are what the contents say: `]` and `[` step through contents entries (not
/// the book's files), the status line and each page's running head name the entry, and
/// the last page says it is the last.
@Suite(.tags(.corpus)) struct ContentsChaptersTests {
  static let sherlock = ReaderControllerTests.sherlock

  /// The contents entries of a book, one per place, in reading order.
  private static func stops(_ book: Book) -> [(title: String, locator: Locator)] {
    var stops: [(title: String, locator: Locator)] = []
    for (entry, _) in book.toc.flattened() {
      guard let locator = book.locator(for: entry) else { continue }
      let place = Locator(chapterIndex: locator.chapterIndex, offset: locator.offset)
      if stops.contains(where: { $0.locator == place }) { continue }
      stops.append((entry.title, place))
    }
    return stops.sorted {
      ($0.locator.chapterIndex, $0.locator.offset) < ($1.locator.chapterIndex, $1.locator.offset)
    }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theChapterKeysVisitEveryContentsEntryInOrder() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(Self.sherlock, folder: folder)
    let book = await controller.book
    let stops = Self.stops(book)
    // The stories hold their numbered parts: more entries than files.
    #expect(stops.count > Set(stops.map(\.locator.chapterIndex)).count)
    var screen = await controller.perform(.firstPage)
    var visited: [Locator] = []
    for _ in 0..<(stops.count + 5) {
      let before = screen.sides.map { [$0.chapterIndex, $0.page.range.lowerBound] }
      screen = await controller.perform(.nextChapter)
      if screen.sides.map({ [$0.chapterIndex, $0.page.range.lowerBound] }) == before { break }
      for side in screen.sides {
        for stop in stops
        where stop.locator.chapterIndex == side.chapterIndex
          && side.page.range.contains(stop.locator.offset) && !visited.contains(stop.locator)
        {
          visited.append(stop.locator)
        }
      }
    }
    #expect(screen.message?.text == "This is the last chapter.")
    // Every entry after the first page was shown, in the contents' order.
    let after = stops.map(\.locator).filter { visited.contains($0) }
    #expect(after == visited)
    #expect(visited.count >= stops.count - 1, "\(stops.count - visited.count) entries skipped")

    // Back again: each `[` lands on the entry before.
    screen = await controller.perform(.previousChapter)
    let last = try #require(stops.last)
    let previous = stops[stops.count - 2]
    #expect(screen.sides.first?.page.range.contains(previous.locator.offset) ?? false)
    #expect(screen.sides.first?.chapterIndex == previous.locator.chapterIndex)
    #expect(last.locator != previous.locator)
    await controller.close()
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theStatusLineAndTheHeadsNameTheContentsEntryOfEachPage() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.sherlock, folder: folder, viewport: .cells(columns: 160, rows: 40))
    let book = await controller.book
    let stops = Self.stops(book)
    var screen = await controller.perform(.firstPage)
    var found = false
    // Turn spreads until one whose right page holds a part that starts inside a file.
    for _ in 0..<400 {
      screen = await controller.perform(.turnForward)
      guard screen.sides.count == 2 else { break }
      let right = screen.sides[1]
      let starts = stops.filter {
        $0.locator.chapterIndex == right.chapterIndex && $0.locator.offset > 0
          && right.page.range.contains($0.locator.offset)
      }
      if let named = starts.last {
        #expect(right.runningHead == named.title, "the right page's head names its part")
        // The status line names the reading position: where the left page starts.
        let left = screen.sides[0]
        let position = stops.last {
          ($0.locator.chapterIndex, $0.locator.offset)
            <= (left.chapterIndex, left.page.range.lowerBound)
        }
        #expect(screen.status.chapter == position?.title ?? ContentsNames.frontMatter)
        #expect(screen.sides[0].runningHead != named.title, "the left page is before it")
        found = true
        break
      }
    }
    #expect(found, "a spread whose right page starts a story's part")
    await controller.close()
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theLastPageSaysItIsTheLast() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(Self.sherlock, folder: folder)
    let screen = await controller.perform(.lastPage)
    #expect(screen.status.page == screen.status.pageCount)
    #expect(screen.status.percentText == "100%")
    await controller.close()
  }
}
