public import QuireBook

/// What a reader has selected: a stretch of the book's text, made of locators, so it
/// survives turning pages (it may run across pages and chapters), a font or window change
/// and a resize, and always names the same characters.
///
/// A selection grows from an anchor — the character, word, sentence or paragraph first
/// chosen, which stays selected — to a head, the end that moves: a boundary between
/// characters. It covers from the anchor's start or the head, whichever comes first, to
/// the anchor's end or the head, whichever comes last, so moving the head back past the
/// anchor selects backwards from the anchor's end, as a double-click and drag does.
///
/// The operations (`Selection+Making`, `Selection+Extending`) are pure: they read
/// boundaries from a `TextBoundaries` (words and sentences by ICU's segmenter, never by
/// spaces) and return a new value. No selection is `nil` in a reader's state.
public struct Selection: Hashable, Sendable {
  /// The start of what was first selected.
  public var anchor: Locator
  /// The end of what was first selected (not included).
  public var anchorEnd: Locator
  /// The moving end: a boundary between two characters.
  public var head: Locator

  /// A selection of `anchor..<anchorEnd` with its head at `head` (the anchor's end when
  /// nil). Locators keep only their chapter and offset.
  public init(anchor: Locator, anchorEnd: Locator, head: Locator? = nil) {
    self.anchor = Self.place(anchor)
    self.anchorEnd = Self.place(max(anchor, anchorEnd))
    self.head = Self.place(head ?? anchorEnd)
  }

  /// Where the selection starts.
  public var start: Locator { min(anchor, head) }
  /// Where it ends (not included).
  public var end: Locator { max(anchorEnd, head) }

  /// Whether the head is after the anchor: the selection grows forward.
  public var isForward: Bool { head >= anchorEnd }

  /// The part of the selection in chapter `chapter`, whose text has `length` UTF-16 units;
  /// nil when it has none there.
  public func range(inChapter chapter: Int, length: Int) -> Range<Int>? {
    guard start.chapterIndex <= chapter, chapter <= end.chapterIndex else { return nil }
    let lower = chapter == start.chapterIndex ? start.offset : 0
    let upper = chapter == end.chapterIndex ? end.offset : length
    let range = min(max(0, lower), length)..<min(max(0, upper), length)
    return range.isEmpty ? nil : range
  }

  /// Whether the character at `offset` of chapter `chapter` is selected.
  public func contains(chapter: Int, offset: Int) -> Bool {
    let place = Locator(chapterIndex: chapter, offset: offset)
    return start <= place && place < end
  }

  /// A locator as a selection keeps it: chapter and offset only.
  static func place(_ locator: Locator) -> Locator {
    Locator(chapterIndex: locator.chapterIndex, offset: locator.offset)
  }
}
