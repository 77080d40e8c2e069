import QuireBook
import QuireReading
import QuireRendering
import QuireTypesetting
import QuireUI

/// The small menu the window shows beside a selection when the button comes up (or over
/// a highlight a right-click chose): Copy, the five highlight colours, Note, Look up,
/// Search, Read aloud from there, and Remove for a chosen highlight. Each item is a
/// command of the reading view.
struct SelectionMenu: Equatable {
  enum Item: Hashable {
    case copy
    case highlight(Highlight.Colour)
    case note
    case lookUp
    case search
    case readAloud
    case remove

    /// The command the item gives the controller.
    var command: ReaderCommand {
      switch self {
      case .copy: .copySelection
      case .highlight(let colour): .highlightSelection(colour)
      case .note: .addNote
      case .lookUp: .lookUpSelection
      case .search: .searchSelection
      case .readAloud: .readAloud
      case .remove: .removeChosenHighlight
      }
    }

    /// Its label (a swatch's colour name, for the state report).
    var label: String {
      switch self {
      case .copy: "Copy"
      case .highlight(let colour): colour.rawValue
      case .note: "Note"
      case .lookUp: "Look up"
      case .search: "Search"
      case .readAloud: "Read aloud"
      case .remove: "Remove"
      }
    }
  }

  /// The menu's box in the window (pixels).
  var frame: Rect
  /// Each item and its box in the window.
  var items: [(item: Item, frame: Rect)]
  /// The colour of the highlight chosen (its swatch is ringed), if one is.
  var chosen: Highlight.Colour?

  static func == (a: SelectionMenu, b: SelectionMenu) -> Bool {
    a.frame == b.frame && a.chosen == b.chosen && a.items.map(\.item) == b.items.map(\.item)
      && a.items.map(\.frame) == b.items.map(\.frame)
  }

  /// The items for a selection, or for a highlight chosen by pointing at it.
  static func items(chosen: Highlight?) -> [Item] {
    [.copy] + Highlight.Colour.allCases.map(Item.highlight) + [
      .note, .lookUp, .search, .readAloud,
    ]
      + (chosen == nil ? [] : [.remove])
  }

  /// The item under a point of the window.
  func item(at point: Point) -> Item? {
    items.first { $0.frame.contains(point) }?.item
  }

  /// Lays the menu out beside a selection whose boxes in the window are `selection`:
  /// above its first line, centred on `x` (where the button came up), or below its last
  /// line when there is no room above; always inside the window.
  static func laidOut(
    items: [Item], chosen: Highlight.Colour?, selection: [Rect], x: Double,
    window: (width: Int, height: Int), scale: Double, measure: (String) -> Double
  ) -> SelectionMenu {
    let s = 14 * scale
    let height = (s * 2.6).rounded()
    let swatch = (s * 1.5).rounded()
    let padding = (s * 0.8).rounded()
    var frames: [Rect] = []
    var cursor = (s * 0.4).rounded()
    for (index, item) in items.enumerated() {
      let width: Double
      if case .highlight = item {
        width = swatch + (s * 0.3).rounded()
        if index > 0, case .highlight = items[index - 1] {} else { cursor += (s * 0.3).rounded() }
      } else {
        width = (measure(item.label) + 2 * padding).rounded()
      }
      frames.append(Rect(x: cursor, y: 0, width: width, height: height))
      cursor += width
    }
    let menuWidth = cursor + (s * 0.4).rounded()
    let gap = (s * 0.5).rounded()
    let windowWidth = Double(window.width)
    let windowHeight = Double(window.height)
    let top = selection.map(\.y).min() ?? windowHeight / 2
    let bottom = selection.map(\.maxY).max() ?? windowHeight / 2
    var y = top - gap - height
    if y < gap { y = bottom + gap }
    y = min(max(gap, y), windowHeight - height - gap)
    let left = min(max(gap, x - menuWidth / 2), max(gap, windowWidth - menuWidth - gap))
    let frame = Rect(x: left.rounded(), y: y.rounded(), width: menuWidth, height: height)
    return SelectionMenu(
      frame: frame,
      items: zip(items, frames).map { item, box in
        (item, Rect(x: box.x + frame.x, y: frame.y, width: box.width, height: height))
      }, chosen: chosen)
  }

  /// The boxes of the selection on the pages shown, in window pixels.
  static func selectionBoxes(on sides: [PageSide]) -> [Rect] {
    sides.flatMap { side -> [Rect] in
      let geometry = PageGeometry(page: side.page, ambiguousWide: side.ambiguousWide)
      return side.marks.filter { $0.kind == .selection }.flatMap { mark -> [Rect] in
        let range =
          max(
            mark.range.lowerBound, side.page.range.lowerBound)..<min(
            mark.range.upperBound, side.page.range.upperBound)
        guard !range.isEmpty else { return [] }
        return geometry.rectangles(of: range).map {
          Rect(x: $0.x + side.frame.x, y: $0.y + side.frame.y, width: $0.width, height: $0.height)
        }
      }
    }
  }

  /// The menu drawn on its own transparent picture, the size of `frame`.
  func picture(theme: Theme, scale: Double, renderer: PageRenderer) -> RGBAImage {
    var canvas = RGBAImage(
      width: max(1, Int(frame.width)), height: max(1, Int(frame.height) + Int(4 * scale)))
    let card = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    let shadow = Rect(x: 0, y: 3 * scale, width: frame.width, height: frame.height)
    canvas.fillRoundedRect(
      shadow, radius: 9 * scale, color: Color(red: 0, green: 0, blue: 0, alpha: 60))
    var fill = theme.panel
    fill.alpha = 255
    canvas.fillRoundedRect(card, radius: 9 * scale, color: fill)
    let s = 14 * scale
    for (item, box) in items {
      let local = Rect(x: box.x - frame.x, y: 0, width: box.width, height: box.height)
      switch item {
      case .highlight(let colour):
        let size = (s * 1.5).rounded()
        let circle = Rect(
          x: (local.x + (local.width - size) / 2).rounded(),
          y: ((local.height - size) / 2).rounded(), width: size, height: size)
        if colour == chosen {
          let ring = Rect(
            x: circle.x - 2 * scale, y: circle.y - 2 * scale, width: size + 4 * scale,
            height: size + 4 * scale)
          canvas.fillRoundedRect(ring, radius: ring.width / 2, color: theme.panelText)
        }
        canvas.fillRoundedRect(
          circle, radius: size / 2, color: HighlightPalette.background(colour, dark: theme.isDark))
        let inset = 3 * scale
        canvas.fillRoundedRect(
          Rect(
            x: circle.x + inset, y: circle.y + inset, width: size - 2 * inset,
            height: size - 2 * inset), radius: size / 2 - inset, color: HighlightPalette.ink(colour)
        )
      default:
        renderer.drawLabel(
          item.label, in: local, size: s, weight: item == .remove ? 700 : 400,
          color: theme.panelText, alignment: .center, into: &canvas)
      }
    }
    return canvas
  }
}
