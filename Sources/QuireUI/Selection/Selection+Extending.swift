public import QuireBook

extension Selection {
  /// Which way the head moves.
  public enum Direction: Sendable {
    case forward
    case backward
  }

  /// The selection with its head moved by one `unit`: forward to the end of the next
  /// character, word, sentence or paragraph (of this one, from inside it), backward to the
  /// start of the previous one. At a chapter's end it goes on into the next chapter of the
  /// reading order (and back into the previous one), so a selection runs across chapters.
  ///
  /// The anchor stays selected: a head that would land inside it, moving towards it, goes
  /// on past it, so every step changes what is selected. At the book's ends nothing moves.
  public func extended(by unit: Unit, _ direction: Direction, in text: TextBoundaries)
    -> Selection
  {
    var moved = self
    guard var target = text.boundary(from: head, unit: unit, direction) else { return self }
    // A head that would land on or inside the anchor, coming towards it, would select
    // nothing new: from beyond the anchor it stops at its edge (the anchor alone), from
    // its edge it goes on past it.
    switch direction {
    case .backward where head >= anchorEnd && target >= anchor && target < anchorEnd:
      target =
        head > anchorEnd ? anchorEnd : text.boundary(from: anchor, unit: unit, .backward) ?? head
    case .forward where head <= anchor && target > anchor && target <= anchorEnd:
      target = head < anchor ? anchor : text.boundary(from: anchorEnd, unit: unit, .forward) ?? head
    default: break
    }
    moved.head = target
    return moved
  }

  /// The selection with its head at `locator` (a drag, a Shift+click), snapped to the
  /// edge of the `unit` there: after a double-click a drag extends by whole words.
  public func extended(
    to locator: Locator, by unit: Unit = .character, in text: TextBoundaries
  ) -> Selection {
    var moved = self
    let place = Self.place(locator)
    if unit == .character || (place >= anchor && place <= anchorEnd) {
      moved.head = place
    } else if let covering = Selection.at(place, unit: unit, in: text) {
      moved.head = place >= anchorEnd ? covering.anchorEnd : covering.anchor
    } else {
      moved.head = place
    }
    return moved
  }

  /// The selected text: paragraphs a blank line apart, soft hyphens and pictures left out
  /// (`PassageText`). What is copied, looked up and read aloud.
  public func text(in text: TextBoundaries) -> String {
    text.plainText(from: start, to: end)
  }
}

extension TextBoundaries {
  /// The boundary of `unit` next to `locator` in `direction`, crossing into the next or
  /// previous chapter of the reading order at a chapter's end; nil at the book's ends.
  ///
  /// Where a chapter has no more boundaries of the unit (only punctuation or spaces are
  /// left), the first step goes to the chapter's edge, the next into the next chapter.
  func boundary(from locator: Locator, unit: Selection.Unit, _ direction: Selection.Direction)
    -> Locator?
  {
    var chapter = locator.chapterIndex
    var offset = locator.offset
    while book(has: chapter) {
      let start = offset
      let found = withSegmenter(ofChapter: chapter) { segmenter in
        direction == .forward
          ? segmenter.boundary(after: start, unit: unit.segmenterUnit)
          : segmenter.boundary(before: start, unit: unit.segmenterUnit)
      }
      if let found = found ?? nil { return Locator(chapterIndex: chapter, offset: found) }
      let length = length(ofChapter: chapter)
      if direction == .forward, offset < length {
        return Locator(chapterIndex: chapter, offset: length)
      }
      if direction == .backward, offset > 0 { return Locator(chapterIndex: chapter, offset: 0) }
      // Nothing more in this chapter: on into the next (or back into the previous).
      guard
        let next = direction == .forward
          ? self.chapter(after: chapter) : self.chapter(before: chapter)
      else { return nil }
      chapter = next
      offset = direction == .forward ? 0 : self.length(ofChapter: next)
    }
    return nil
  }
}
