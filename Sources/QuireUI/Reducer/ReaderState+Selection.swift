import Foundation
import QuireBook
import QuireReading

extension ReaderState {
  /// Selecting, copying, highlighting and searching for the selection; nil for a command of
  /// another feature.
  mutating func reduceSelection(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    case .select:
      if selecting.selection != nil {
        clearSelection()
        return []
      }
      guard let side = sides.first,
        let made = Selection.firstWord(
          ofPage: side.page.range, chapter: side.chapterIndex, in: boundaries)
      else {
        say("There is no text on this page to select.")
        return []
      }
      return start(made)
    case .selectPage:
      guard let first = sides.first,
        let made = Selection.page(
          first.page.range
            .lowerBound..<(sides.last { $0.chapterIndex == first.chapterIndex }
            ?? first).page.range.upperBound,
          chapter: first.chapterIndex, in: boundaries)
      else {
        say("There is no text on this page to select.")
        return []
      }
      return start(made)
    case .extendSelection(let unit, let direction):
      guard let selection = requireSelection() else { return [] }
      return follow(selection.extended(by: unit, direction, in: boundaries), direction)
    case .extendSelectionByLine(let direction):
      guard let selection = requireSelection() else { return [] }
      return follow(movedByLine(selection, direction), direction)
    case .copySelection:
      guard let selection = requireSelection() else { return [] }
      let text = selection.text(in: boundaries)
      selecting.copy = CopyRequest(id: (selecting.copy?.id ?? 0) + 1, text: text)
      clearSelection()
      say("Copying \(text.count) character\(text.count == 1 ? "" : "s")…")
      return []
    case .chooseHighlight(let style):
      guard requireSelection() != nil else { return [] }
      selecting.pendingStyle = style
      say("\(Self.verb(style)) in: 1 yellow · 2 green · 3 blue · 4 pink · 5 purple (Enter: yellow)")
      return []
    case .highlightSelection(let colour):
      guard let selection = requireSelection() else { return [] }
      guard hasLibrary, bookID != nil else {
        say("Highlights need a library; this book is open without one.", isError: true)
        return []
      }
      let style = selecting.pendingStyle ?? .background
      let chosen = selecting.chosenHighlight
      clearSelection()
      if let chosen { return [.write(.recolour(highlightID: chosen, colour))] }
      return [
        .write(
          .addHighlight(from: selection.start, to: selection.end, colour: colour, style: style))
      ]
    case .searchSelection:
      guard let selection = requireSelection() else { return [] }
      let text = Self.oneLine(selection.text(in: boundaries))
      guard !text.isEmpty else {
        say("There is no text in the selection to search for.")
        return []
      }
      clearSelection()
      // A search is for a phrase: a long selection is searched by its first 200 characters.
      return startSearch(String(text.prefix(200)))
    case .removeChosenHighlight:
      guard let id = selecting.chosenHighlight,
        let highlight = annotations.highlights.first(where: { $0.id == id })
      else {
        say("No highlight is chosen: right-click one to remove it.")
        return []
      }
      clearSelection()
      return [.write(.remove(.highlight(highlight)))]
    case .clearSelection:
      guard selecting.selection != nil else { return nil }
      clearSelection()
      return []
    default:
      return nil
    }
  }

  /// A key while H, U or X waits for a colour: 1–5 (or Enter, yellow) highlights, Esc
  /// gives up; any other key gives up and does what it does. Nil when nothing waits.
  mutating func pressWhileChoosingColour(_ chord: KeyChord) -> [ReaderEffect]? {
    guard selecting.pendingStyle != nil, panel == nil else { return nil }
    let colours: [Character: Highlight.Colour] = [
      "1": .yellow, "2": .green, "3": .blue, "4": .pink, "5": .purple,
    ]
    if case .character(let key) = chord.key, !chord.control, !chord.alt, let colour = colours[key] {
      return run(.highlightSelection(colour))
    }
    switch chord.key {
    case .enter: return run(.highlightSelection(.yellow))
    case .escape:
      selecting.pendingStyle = nil
      say("Not highlighted.")
      return []
    default:
      selecting.pendingStyle = nil
      return nil
    }
  }

  /// A press on the text: selects the `unit` there, and a drag from it extends by it.
  mutating func select(atX x: Double, y: Double, unit: Selection.Unit) -> [ReaderEffect] {
    guard panel == nil, let (side, offset) = character(atX: x, y: y),
      let made = Selection.at(
        Locator(chapterIndex: side.chapterIndex, offset: offset), unit: unit, in: boundaries)
    else { return [] }
    selecting.dragUnit = unit
    return start(made)
  }

  /// A drag or Shift+click to a point: the moving end goes there (snapped to whole words
  /// after a double-click); a point off the text leaves it.
  mutating func extendSelection(toX x: Double, y: Double) -> [ReaderEffect] {
    guard panel == nil, let selection = selecting.selection,
      let (side, offset) = character(atX: x, y: y)
    else { return [] }
    var place = Locator(chapterIndex: side.chapterIndex, offset: offset)
    // Past the anchor the character under the pointer is included.
    if place >= selection.anchor { place.offset += 1 }
    selecting.selection = selection.extended(to: place, by: selecting.dragUnit, in: boundaries)
    selecting.chosenHighlight = nil
    refreshMarks()
    return []
  }

  /// A pointer on a highlight (a right-click): the topmost one under it becomes the
  /// selection, chosen to recolour, annotate or remove; elsewhere nothing changes.
  mutating func chooseHighlight(atX x: Double, y: Double) -> [ReaderEffect] {
    guard panel == nil, let (side, offset) = character(atX: x, y: y) else { return [] }
    let place = Locator(chapterIndex: side.chapterIndex, offset: offset)
    guard
      let highlight = annotations.highlights.filter({
        !$0.isUnplaced && $0.start <= place && place < $0.end
      }).max(by: { $0.id < $1.id })
    else { return [] }
    _ = start(Selection(anchor: highlight.start, anchorEnd: highlight.end))
    selecting.chosenHighlight = highlight.id
    return []
  }

  /// The highlight chosen by pointing at it, while the selection is its passage.
  var chosenHighlight: Highlight? {
    guard let id = selecting.chosenHighlight else { return nil }
    return annotations.highlights.first { $0.id == id }
  }

  /// Ends the selection (and any colour being chosen for it).
  mutating func clearSelection() {
    selecting.selection = nil
    selecting.pendingStyle = nil
    selecting.dragUnit = .character
    selecting.chosenHighlight = nil
    refreshMarks()
  }

  /// "Highlight", "Underline", "Strike through".
  static func verb(_ style: Highlight.Style) -> String {
    switch style {
    case .background: "Highlight"
    case .underline: "Underline"
    case .strikethrough: "Strike through"
    }
  }

  // MARK: - Helpers

  /// Makes `selection` the reader's, marked on the page, and says what the keys do.
  private mutating func start(_ selection: Selection) -> [ReaderEffect] {
    selecting.selection = selection
    selecting.pendingStyle = nil
    selecting.chosenHighlight = nil
    refreshMarks()
    return []
  }

  /// The selection; says how to make one when there is none.
  private mutating func requireSelection() -> Selection? {
    guard let selection = selecting.selection else {
      say("Nothing is selected: v selects from the page's first word.")
      return nil
    }
    return selection
  }

  /// Takes the moved selection in and turns the page when its moving end left the pages
  /// shown (to the page holding the last character selected, or the first one when it
  /// grows backwards).
  private mutating func follow(_ moved: Selection, _ direction: Selection.Direction)
    -> [ReaderEffect]
  {
    selecting.selection = moved
    selecting.chosenHighlight = nil
    refreshMarks()
    var edge = moved.head
    if direction == .forward, edge.offset > 0, edge > moved.anchor { edge.offset -= 1 }
    let shown = sides.contains {
      $0.chapterIndex == edge.chapterIndex
        && ($0.page.range.contains(edge.offset) || $0.page.range.lowerBound == edge.offset)
    }
    return shown ? [] : [.navigate(.reveal(edge))]
  }

  /// The selection with its moving end a line down or up, at the same column: to the page's
  /// end (or start) from its last (or first) line, so the next step goes on over the turn.
  private func movedByLine(_ selection: Selection, _ direction: Selection.Direction)
    -> Selection
  {
    let head = selection.head
    for side in sides where side.chapterIndex == head.chapterIndex {
      let lines = side.page.lines.filter { !$0.runs.isEmpty }
      // The line the head is on: the one holding the character before it when it ends a
      // line going forward.
      let probe = direction == .forward && head.offset > 0 ? head.offset - 1 : head.offset
      guard let index = lines.firstIndex(where: { $0.range.contains(probe) }) else { continue }
      let geometry = PageGeometry(page: side.page, ambiguousWide: side.ambiguousWide)
      // The head's column: its character's box, or the line's end where it has none (a
      // paragraph's break).
      let box = geometry.rectangles(of: probe..<(probe + 1)).first
      let x =
        box.map { direction == .forward ? $0.maxX - 0.5 : $0.x + 0.5 }
        ?? (geometry.rectangles(of: lines[index].range).last.map { $0.maxX - 0.5 } ?? 0)
      let target = index + (direction == .forward ? 1 : -1)
      var moved = selection
      guard lines.indices.contains(target) else {
        moved.head.offset =
          direction == .forward ? side.page.range.upperBound : side.page.range.lowerBound
        return moved
      }
      let line = lines[target]
      let y = line.frame.y + line.frame.height / 2
      if let offset = geometry.offset(atX: x, y: y) {
        moved.head.offset = direction == .forward ? offset + 1 : offset
      } else {
        moved.head.offset = x <= line.frame.x ? line.range.lowerBound : line.range.upperBound
      }
      return moved
    }
    return selection.extended(by: .word, direction, in: boundaries)
  }

  /// The page shown and the chapter offset of the character at a point of the viewport.
  private func character(atX x: Double, y: Double) -> (PageSide, Int)? {
    for side in sides
    where x >= side.frame.x && x < side.frame.maxX && y >= side.frame.y && y < side.frame.maxY {
      let geometry = PageGeometry(page: side.page, ambiguousWide: side.ambiguousWide)
      if let offset = geometry.offset(atX: x - side.frame.x, y: y - side.frame.y) {
        return (side, offset)
      }
    }
    return nil
  }
}
