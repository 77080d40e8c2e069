import QuireBook
import QuireReading
package import QuireTypesetting

extension ReaderState {
  /// The viewport's page frames in reading order: left to right, or right to left in a
  /// book whose pages turn that way (its first page of a spread on the right).
  package var readingFrames: [Rect] {
    book.metadata.progressesRightToLeft ? layout.frames.reversed() : layout.frames
  }

  /// The pages a session view shows, in the frames of the layout, with their marks.
  func makeSides(_ view: SessionView) -> [PageSide] {
    let frames = readingFrames
    return view.sides.prefix(max(1, frames.count)).enumerated().map { index, shown in
      side(
        chapter: shown.chapterIndex, page: shown.page,
        frame: frames.indices.contains(index) ? frames[index] : nil)
    }
  }

  /// A page of `chapter` to show in `frame` (its own size when nil), with its marks.
  package func side(chapter: Int, page: Page, frame: Rect?) -> PageSide {
    let text = (try? book.text(ofChapter: chapter)) ?? .empty
    return PageSide(
      chapterIndex: chapter, page: page, text: text, marks: marks(chapter: chapter, page: page),
      frame: frame ?? Rect(x: 0, y: 0, width: page.width, height: page.height),
      ambiguousWide: preferences.ambiguousWide)
  }

  /// Marks the pages shown again (search results came in, a highlight changed).
  mutating func refreshMarks() {
    for index in sides.indices {
      sides[index].marks = marks(chapter: sides[index].chapterIndex, page: sides[index].page)
    }
  }

  /// Search matches and highlights on a page.
  func marks(chapter: Int, page: Page) -> [PageSide.Mark] {
    var marks: [PageSide.Mark] = []
    for highlight in annotations.highlights
    where highlight.start.chapterIndex == chapter && highlight.end.chapterIndex == chapter {
      let range = highlight.start.offset..<max(highlight.start.offset, highlight.end.offset)
      if range.overlaps(page.range) { marks.append(.init(range: range, kind: .highlight)) }
    }
    for (index, match) in search.matches.enumerated()
    where match.chapterIndex == chapter && match.range.overlaps(page.range) {
      marks.append(
        .init(range: match.range, kind: index == search.current ? .currentMatch : .searchMatch))
    }
    return marks
  }

  /// The chapter and offset of the link or note reference under a point, if any.
  package func link(atX x: Double, y: Double) -> (chapter: Int, offset: Int)? {
    for side in sides
    where x >= side.frame.x && x < side.frame.maxX && y >= side.frame.y && y < side.frame.maxY {
      let geometry = PageGeometry(page: side.page, ambiguousWide: side.ambiguousWide)
      if let offset = geometry.offset(atX: x - side.frame.x, y: y - side.frame.y),
        side.text.link(at: offset) != nil
      {
        return (side.chapterIndex, offset)
      }
    }
    return nil
  }

  /// The bookmarks on the pages shown.
  func bookmarksShown() -> [Bookmark] {
    annotations.bookmarks.filter { bookmark in
      sides.contains {
        $0.chapterIndex == bookmark.locator.chapterIndex
          && ($0.page.range.contains(bookmark.locator.offset)
            || $0.page.range.lowerBound == bookmark.locator.offset)
      }
    }
  }

  /// Rows a panel shows at once: what paging in a panel moves by.
  var visibleRows: Int {
    switch viewport {
    case .cells(_, let rows): max(3, rows - 8)
    case .pixels(_, let height, let scale): max(3, Int(height / (28 * scale)) - 6)
    }
  }
}
