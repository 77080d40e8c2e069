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
        frame: shown.slot.map { frame(of: $0) }
          ?? (frames.indices.contains(index) ? frames[index] : nil))
    }
  }

  /// The frame of a slot of a fixed-layout spread: the first or second in reading order,
  /// or one frame's size in the middle of both for a page shown alone.
  func frame(of slot: FixedSpreads.Slot) -> Rect? {
    let frames = readingFrames
    guard let first = frames.first, let last = frames.last else { return nil }
    switch slot {
    case .first: return first
    case .second: return last
    case .alone:
      let left = min(first.x, last.x)
      let width = max(first.maxX, last.maxX) - left
      return Rect(
        x: (left + (width - first.width) / 2).rounded(.down), y: first.y, width: first.width,
        height: first.height)
    }
  }

  /// A page of `chapter` to show in `frame` (its own size when nil), with its marks.
  package func side(chapter: Int, page: Page, frame: Rect?) -> PageSide {
    let text = (try? book.text(ofChapter: chapter)) ?? .empty
    let frame = frame ?? Rect(x: 0, y: 0, width: page.width, height: page.height)
    let margins = readingSettings.margins
    return PageSide(
      chapterIndex: chapter, page: page, text: text, marks: marks(chapter: chapter, page: page),
      frame: frame,
      textFrame: Rect(
        x: frame.x + margins.left, y: frame.y + margins.top,
        width: max(0, frame.width - margins.left - margins.right),
        height: max(0, frame.height - margins.top - margins.bottom)),
      ambiguousWide: preferences.ambiguousWide, notes: noteOffsets(chapter: chapter, page: page),
      isBookmarked: isBookmarked(chapter: chapter, page: page),
      runningHead: runningHead(chapter: chapter, page: page))
  }

  /// The name a page's running head gives it: the contents entry its text reaches, the
  /// deepest at or before its last character (a page where a chapter begins is that
  /// chapter's, as a printed recto's head names the last section begun on it).
  func runningHead(chapter: Int, page: Page) -> String {
    names.name(
      at: Locator(
        chapterIndex: chapter, offset: max(page.range.lowerBound, page.range.upperBound - 1)))
  }

  /// Marks the pages shown again (search results came in, a highlight changed).
  mutating func refreshMarks() {
    for index in sides.indices {
      let (chapter, page) = (sides[index].chapterIndex, sides[index].page)
      sides[index].marks = marks(chapter: chapter, page: page)
      sides[index].notes = noteOffsets(chapter: chapter, page: page)
      sides[index].isBookmarked = isBookmarked(chapter: chapter, page: page)
    }
  }

  /// Whether a bookmark is on a page.
  func isBookmarked(chapter: Int, page: Page) -> Bool {
    annotations.bookmarks.contains {
      $0.locator.chapterIndex == chapter
        && (page.range.contains($0.locator.offset) || page.range.lowerBound == $0.locator.offset)
    }
  }

  /// The marks on a page in stacking order: highlights in the order they were made (the
  /// later on top), search matches, the selection, then the sentence and word read aloud.
  /// Unplaced highlights are not drawn.
  func marks(chapter: Int, page: Page) -> [PageSide.Mark] {
    var marks: [PageSide.Mark] = []
    for highlight in annotations.highlights.sorted(by: { $0.id < $1.id })
    where !highlight.isUnplaced {
      guard let range = Self.range(from: highlight.start, to: highlight.end, inChapter: chapter)
      else { continue }
      if range.overlaps(page.range) {
        marks.append(.init(range: range, kind: .highlight(highlight.colour, highlight.style)))
      }
    }
    for (index, match) in search.matches.enumerated()
    where match.chapterIndex == chapter && match.range.overlaps(page.range) {
      marks.append(
        .init(range: match.range, kind: index == search.current ? .currentMatch : .searchMatch))
    }
    if let selection = selecting.selection,
      let range = Self.range(from: selection.start, to: selection.end, inChapter: chapter),
      range.overlaps(page.range)
    {
      marks.append(.init(range: range, kind: .selection))
    }
    return marks + spokenMarks(chapter: chapter, page: page)
  }

  /// Where the notes on a page start: the first character of each highlight with a note
  /// that begins on it (a front end draws a mark in the margin there).
  func noteOffsets(chapter: Int, page: Page) -> [Int] {
    annotations.highlights.compactMap { highlight in
      guard !highlight.isUnplaced, !(highlight.note ?? "").isEmpty,
        highlight.start.chapterIndex == chapter, page.range.contains(highlight.start.offset)
      else { return nil }
      return highlight.start.offset
    }
  }

  /// The part of chapter `chapter` between two locators; nil when it has none (the
  /// chapter's end is open: a passage running on into the next chapter).
  static func range(from start: Locator, to end: Locator, inChapter chapter: Int) -> Range<Int>? {
    guard start.chapterIndex <= chapter, chapter <= end.chapterIndex else { return nil }
    let lower = chapter == start.chapterIndex ? start.offset : 0
    let upper = chapter == end.chapterIndex ? end.offset : Int.max
    return lower < upper ? lower..<upper : nil
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
