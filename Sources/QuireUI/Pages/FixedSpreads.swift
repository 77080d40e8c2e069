package import QuireBook

/// How the pages of a fixed-layout book (a comic, a `pre-paginated` EPUB) pair into the
/// two-page spreads a wide window shows, as a printed book's do: its cover alone, then
/// each page on the side the book gives it (`page-spread-left`/`-right`) or the next free
/// one. In a book read left to right a spread's left page comes first; in one read right
/// to left (manga, `page-progression-direction="rtl"`) its right page does. A page put on
/// the side that comes second with nothing before it starts a spread of its own, the
/// first side left empty; a page marked alone (`rendition:spread-none`, centre) is shown
/// by itself in the middle.
///
/// Each page is one chapter of the reading order, so a spread is a few chapters; books
/// whose reading order mixes reflowed chapters have none.
package struct FixedSpreads: Hashable, Sendable {
  /// Where a page of a spread goes in a window showing two frames.
  package enum Slot: Hashable, Sendable {
    /// The frame read first: the left one, or the right one in a book read right to left.
    case first
    /// The frame read second.
    case second
    /// Both frames' middle: a page shown alone.
    case alone
  }

  /// A spread's pages in reading order, each a chapter index with its slot.
  package struct Spread: Hashable, Sendable {
    package var chapters: [Int]
    package var slots: [Slot]
  }

  /// The spreads in reading order.
  package let spreads: [Spread]
  /// The linear chapters in reading order (each one page).
  private let order: [Int]
  /// Each linear chapter's place in `order` and the index of its spread.
  private let places: [Int: (position: Int, spread: Int)]

  /// The spreads of `book`; nil unless every chapter it pages through is a fixed-layout
  /// page (`Chapter.spreadPlacement`).
  package init?(book: Book) {
    let order = book.readingOrder
    guard !order.isEmpty,
      order.allSatisfy({ book.chapters[$0].spreadPlacement != nil })
    else { return nil }
    let firstSide: FixedLayout.SpreadSide = book.metadata.progressesRightToLeft ? .right : .left
    var spreads: [Spread] = []
    var open: Int?
    func close() {
      if let chapter = open { spreads.append(Spread(chapters: [chapter], slots: [.first])) }
      open = nil
    }
    for (position, chapter) in order.enumerated() {
      let placement = book.chapters[chapter].spreadPlacement ?? .init()
      // A cover with no side of its own is shown alone, as is a page the book centres.
      if placement.isAlone || placement.side == .center || (position == 0 && placement.side == nil)
      {
        close()
        spreads.append(Spread(chapters: [chapter], slots: [.alone]))
        continue
      }
      let isFirst = placement.side.map { $0 == firstSide } ?? (open == nil)
      if isFirst {
        close()
        open = chapter
      } else if let first = open {
        spreads.append(Spread(chapters: [first, chapter], slots: [.first, .second]))
        open = nil
      } else {
        spreads.append(Spread(chapters: [chapter], slots: [.second]))
      }
    }
    close()
    var places: [Int: (position: Int, spread: Int)] = [:]
    for (index, spread) in spreads.enumerated() {
      for chapter in spread.chapters { places[chapter] = (0, index) }
    }
    for (position, chapter) in order.enumerated() { places[chapter]?.position = position }
    self.spreads = spreads
    self.order = order
    self.places = places
  }

  /// The spread `chapter` is on; nil for a chapter not in the reading order.
  package func spread(containing chapter: Int) -> Spread? {
    places[chapter].map { spreads[$0.spread] }
  }

  /// Pages from `from` to `to` in reading order (negative when `to` comes first); nil when
  /// either is not in the reading order.
  package func distance(from: Int, to: Int) -> Int? {
    guard let start = places[from], let end = places[to] else { return nil }
    return end.position - start.position
  }

  /// The pages a turn from the spread `chapter` is on moves to reach the first page of the
  /// next spread (or the previous one); nil at either end of the book.
  package func turn(from chapter: Int, forward: Bool) -> Int? {
    guard let place = places[chapter] else { return nil }
    let target = place.spread + (forward ? 1 : -1)
    guard spreads.indices.contains(target), let first = spreads[target].chapters.first,
      let steps = distance(from: chapter, to: first)
    else { return nil }
    return abs(steps)
  }

  // Equality and hashing by the spreads: the rest follows from them.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.spreads == rhs.spreads && lhs.order == rhs.order
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(spreads)
    hasher.combine(order)
  }
}
