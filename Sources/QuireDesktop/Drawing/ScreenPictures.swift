import Foundation
import QuireBook
import QuireReading
import QuireRendering
import QuireTypesetting
import QuireUI

/// What makes a window's picture of its pages: the pages (chapter, range, layout), the
/// marks on them but the selection, the theme and the window size. Two screens with
/// equal keys look alike but for the selection, which the window draws over the picture
/// (`SelectionLayer`): a selection that grows or shrinks renders no page again.
struct PictureKey: Hashable, Sendable {
  struct Side: Hashable, Sendable {
    var chapter: Int
    var range: Range<Int>
    var frame: Rect
    /// The lines' frames: a settings change that keeps the page's text moves them.
    var lines: [Rect]
    var marks: [PageSide.Mark]
    /// Where noted passages start, and whether the page has a bookmark.
    var notes: [Int]
    var isBookmarked: Bool
  }

  var sides: [Side]
  var theme: Theme
  var width: Int
  var height: Int

  init(sides: [PageSide], theme: Theme, width: Int, height: Int) {
    self.sides = sides.map { side in
      Side(
        chapter: side.chapterIndex, range: side.page.range, frame: side.frame,
        lines: side.page.lines.map(\.frame),
        marks: side.marks.filter { $0.kind != .selection }, notes: side.notes,
        isBookmarked: side.isBookmarked)
    }
    self.theme = theme
    self.width = width
    self.height = height
  }
}

/// The window's pictures of pages, cached by what they show and rendered ahead.
///
/// The page shown, the spread before it and the one after are kept (seed 004's
/// LeavesCache, keyed by page identity instead of an index, so a relayout or a new
/// search mark is a new picture rather than a stale one). Pictures ahead are rendered on
/// a worker queue with its own `PageRenderer`, so a turn starts with its target ready;
/// one the window needs at once and that is not ready is rendered on the window's thread.
///
/// The pictures have no selection. While text is selected one more picture is held: the
/// same pages with all their text selected, from which the window takes the selection's
/// bands (`selected`).
final class ScreenPictures: @unchecked Sendable {
  /// Pictures held at most: the current, previous and next spreads and one more (a turn's
  /// target while its neighbours are rendered ahead). Each is the window's size.
  static let capacity = 4

  /// The book whose pages are drawn; guarded by `lock` (another book can be opened from
  /// the library).
  private var book: Book
  /// Pictures are kept in the X framebuffer's byte order (B, G, R, A), for the software
  /// renderer: its turns are composited from them as they are, and its page textures
  /// copied to the window without converting each pixel.
  let blueFirst: Bool
  private let queue = DispatchQueue(label: "quire.desktop.pictures", qos: .userInitiated)
  private let lock = NSLock()
  /// Touched on the worker queue only: the renderer and the book its pictures come from.
  private var workerRenderer: PageRenderer?
  private var workerBook: Book?
  /// Guarded by `lock`.
  private var ready: [PictureKey: RGBAImage] = [:]
  private var order: [PictureKey] = []
  private var pending: Set<PictureKey> = []
  /// The pages shown with all their text selected, while text is; guarded by `lock`.
  private var selectedPicture: (key: PictureKey, image: RGBAImage)?
  /// How many pictures were rendered ahead (the state report says it).
  private var renderedAheadCount = 0

  init(book: Book, blueFirst: Bool = false) {
    self.book = book
    self.blueFirst = blueFirst
  }

  /// Draws `next`'s pages from now on: the pictures of the last book's are dropped (the
  /// worker makes its renderer again for the book's pictures).
  func adopt(_ next: Book) {
    lock.lock()
    let changed = next !== book
    if changed {
      book = next
      ready = [:]
      order = []
      selectedPicture = nil
    }
    lock.unlock()
  }

  /// A one-pixel picture of `picture`'s paper (its top-left pixel) in R, G, B, A order,
  /// what `TurnAnimation.themedEffect` colours a turn's veil from.
  func paperSample(of picture: RGBAImage) -> RGBAImage {
    guard picture.width > 0, picture.height > 0 else { return picture }
    var sample = RGBAImage(width: 1, height: 1, pixels: Array(picture.pixels[0..<4]))
    if blueFirst { sample.swapRedAndBlue(rows: 0..<1) }
    return sample
  }

  var renderedAhead: Int {
    lock.lock()
    defer { lock.unlock() }
    return renderedAheadCount
  }

  /// The picture of `sides`, from the cache, the worker, or rendered now with `renderer`.
  func picture(
    _ sides: [PageSide], theme: Theme, width: Int, height: Int, renderer: PageRenderer
  ) -> RGBAImage {
    let key = PictureKey(sides: sides, theme: theme, width: width, height: height)
    lock.lock()
    let waiting = pending.contains(key)
    lock.unlock()
    if waiting { queue.sync {} }
    if let image = cached(key) { return image }
    let image = Self.render(
      sides, theme: theme, width: width, height: height, blueFirst: blueFirst, with: renderer)
    store(image, for: key)
    return image
  }

  /// The picture of `sides` with all their text selected: the one held, or rendered now
  /// with `renderer` (once a selection starts on these pages) and held in place of the
  /// last.
  func selected(
    _ sides: [PageSide], theme: Theme, width: Int, height: Int, renderer: PageRenderer
  ) -> RGBAImage {
    let key = PictureKey(sides: sides, theme: theme, width: width, height: height)
    lock.lock()
    if let held = selectedPicture, held.key == key {
      lock.unlock()
      return held.image
    }
    lock.unlock()
    let image = Self.render(
      sides, theme: theme, width: width, height: height, blueFirst: blueFirst,
      selecting: .all, with: renderer)
    lock.lock()
    selectedPicture = (key, image)
    lock.unlock()
    return image
  }

  /// Forgets the picture with all text selected (nothing is selected any more).
  func dropSelected() {
    lock.lock()
    selectedPicture = nil
    lock.unlock()
  }

  /// Starts rendering `sides` on the worker when it is not held or under way.
  func prefetch(_ sides: [PageSide], theme: Theme, width: Int, height: Int) {
    let key = PictureKey(sides: sides, theme: theme, width: width, height: height)
    lock.lock()
    let known = ready[key] != nil || pending.contains(key)
    if !known { pending.insert(key) }
    let book = self.book
    lock.unlock()
    guard !known else { return }
    let blueFirst = self.blueFirst
    queue.async { [self] in
      if workerRenderer == nil || workerBook !== book {
        workerRenderer = try? PageRenderer(resources: { try book.resource(at: $0) })
        workerBook = book
      }
      guard let renderer = workerRenderer else {
        lock.lock()
        pending.remove(key)
        lock.unlock()
        return
      }
      let image = Self.render(
        sides, theme: theme, width: width, height: height, blueFirst: blueFirst, with: renderer)
      lock.lock()
      pending.remove(key)
      renderedAheadCount += 1
      // A picture of a book no longer open is not kept.
      let current = book === self.book
      lock.unlock()
      if current { store(image, for: key) }
    }
  }

  private func cached(_ key: PictureKey) -> RGBAImage? {
    lock.lock()
    defer { lock.unlock() }
    guard let image = ready[key] else { return nil }
    order.removeAll { $0 == key }
    order.append(key)
    return image
  }

  private func store(_ image: RGBAImage, for key: PictureKey) {
    lock.lock()
    defer { lock.unlock() }
    ready[key] = image
    order.removeAll { $0 == key }
    order.append(key)
    while order.count > Self.capacity {
      ready[order.removeFirst()] = nil
    }
  }

  /// What a picture shows of the selection: none of it, or all the pages' text selected.
  enum Selecting {
    case none, all
  }

  /// The pages drawn side by side on the theme's paper, window-sized; red and blue
  /// swapped when `blueFirst`. The selection is left out, or with `.all` drawn over all
  /// the text (where the reader's marks put it: over the highlights and search marks,
  /// under what is read aloud).
  static func render(
    _ sides: [PageSide], theme: Theme, width: Int, height: Int, blueFirst: Bool = false,
    selecting: Selecting = .none, with renderer: PageRenderer
  ) -> RGBAImage {
    var canvas = RGBAImage.opaque(
      width: max(1, width), height: max(1, height), color: theme.background)
    for side in sides {
      var decorations = PageDecorations()
      var marks = side.marks.filter { $0.kind != .selection }.map { ($0.range, $0.kind) }
      if selecting == .all {
        let spoken = marks.firstIndex {
          switch $0.1 {
          case .spokenSentence, .spokenWord: true
          default: false
          }
        }
        marks.insert((side.page.range, .selection), at: spoken ?? marks.count)
      }
      for (range, kind) in marks {
        switch kind {
        case .searchMatch: decorations.searchMatches.append(range)
        case .currentMatch:
          var color = theme.accent
          color.alpha = 110
          decorations.highlights.append(TextHighlight(range: range, color: color))
        case .highlight(let colour, let style):
          var ink = HighlightPalette.ink(colour)
          if style == .background { ink.alpha = 110 }
          let drawn: TextHighlight.Style =
            switch style {
            case .background: .behind
            case .underline: .underline
            case .strikethrough: .strike
            }
          decorations.highlights.append(TextHighlight(range: range, color: ink, style: drawn))
        case .selection:
          decorations.highlights.append(
            TextHighlight(range: range, color: SelectionLayer.color(theme)))
        case .spokenSentence(let colour):
          // The book's colour for what its narration reads, where it gives one.
          let color = colour ?? HighlightPalette.spokenSentence(dark: theme.isDark)
          decorations.highlights.append(TextHighlight(range: range, color: color))
        case .spokenWord:
          decorations.highlights.append(
            TextHighlight(range: range, color: HighlightPalette.spokenWord(dark: theme.isDark))
          )
        }
      }
      let page = renderer.render(side.page, text: side.text, theme: theme, decorations: decorations)
      canvas.draw(page.image, x: Int(side.frame.x.rounded()), y: Int(side.frame.y.rounded()))
      drawReaderMarks(side, theme: theme, into: &canvas)
    }
    if sides.count == 2 {
      drawSpine(at: Int(sides[1].frame.x.rounded()), theme: theme, into: &canvas)
    }
    if blueFirst { canvas.swapRedAndBlue(rows: 0..<canvas.height) }
    return canvas
  }

  /// A note's mark in the margin beside the line its passage starts on (a small rounded
  /// tab in the accent colour), and a bookmark's ribbon hanging from the page's top right
  /// corner.
  private static func drawReaderMarks(
    _ side: PageSide, theme: Theme, into canvas: inout RGBAImage
  ) {
    let frame = side.frame
    let unit = max(4, (side.page.lines.first?.frame.height ?? 20) * 0.3)
    for offset in side.notes {
      guard let line = side.page.lines.first(where: { $0.range.contains(offset) }) else {
        continue
      }
      let x = frame.x + (side.page.lines.map(\.frame.x).min() ?? 0) - unit * 2.2
      canvas.fillRoundedRect(
        Rect(x: x, y: frame.y + line.frame.y + unit * 0.4, width: unit, height: unit * 2),
        radius: unit / 3, color: theme.accent)
    }
    if side.isBookmarked {
      var ribbon = theme.accent
      ribbon.alpha = 220
      let width = unit * 2.2
      let x = frame.maxX - width * 2.5
      canvas.fill(Rect(x: x, y: frame.y, width: width, height: unit * 6), color: ribbon)
      // The notch: two corners of the ribbon's foot cut as steps.
      canvas.fill(
        Rect(x: x, y: frame.y + unit * 6, width: width / 3, height: unit), color: ribbon)
      canvas.fill(
        Rect(x: x + width * 2 / 3, y: frame.y + unit * 6, width: width / 3, height: unit),
        color: ribbon)
    }
  }

  /// A soft shadow either side of the fold between two facing pages.
  private static func drawSpine(at x: Int, theme: Theme, into canvas: inout RGBAImage) {
    let reach = 18
    for offset in -reach..<reach {
      let distance = Double(abs(offset) + (offset < 0 ? 0 : 1)) / Double(reach)
      let alpha = UInt8((1 - distance) * (1 - distance) * (theme.isDark ? 60 : 38))
      guard alpha > 0 else { continue }
      canvas.fill(
        Rect(x: Double(x + offset), y: 0, width: 1, height: Double(canvas.height)),
        color: Color(red: 0, green: 0, blue: 0, alpha: alpha))
    }
  }
}
