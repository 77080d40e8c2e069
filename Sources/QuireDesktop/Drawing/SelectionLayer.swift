import QuireBook
import QuireRendering
import QuireTypesetting
import QuireUI

/// The selection drawn over a picture of the pages without it.
///
/// Its bands are taken from a second picture of the same pages with all their text
/// selected (`ScreenPictures.selected`): a selection that grows or shrinks as the pointer
/// moves renders no page again, and only the box where its bands changed is composited
/// and sent to the window's page texture. Each band is where the renderer fills it
/// (`PageRenderer.bands(of:on:)`), its fractional edges mixed as the fill covers them, so
/// the page looks as if it had been rendered with the selection.
enum SelectionLayer {
  /// The selection's bands on `sides`, in window pixels: a rectangle a line.
  static func bands(on sides: [PageSide], renderer: PageRenderer) -> [Rect] {
    sides.flatMap { side in
      side.marks.filter { $0.kind == .selection }.flatMap {
        bands(of: $0.range, on: side, renderer: renderer)
      }
    }
  }

  /// The bands of all the text of `sides`, as the picture with all of it selected has
  /// them.
  static func allBands(on sides: [PageSide], renderer: PageRenderer) -> [Rect] {
    sides.flatMap { bands(of: $0.page.range, on: $0, renderer: renderer) }
  }

  private static func bands(of range: Range<Int>, on side: PageSide, renderer: PageRenderer)
    -> [Rect]
  {
    // The page's picture is drawn at its frame's whole pixel.
    let x = side.frame.x.rounded()
    let y = side.frame.y.rounded()
    return renderer.bands(of: range, on: side.page).map {
      Rect(x: $0.x + x, y: $0.y + y, width: $0.width, height: $0.height)
    }
  }

  /// The pixels that differ between a picture showing bands `old` and one showing `new`,
  /// in a `width`×`height` window: the box around the bands one has and the other has not.
  static func changedBox(from old: [Rect], to new: [Rect], width: Int, height: Int)
    -> TurnPixelBox?
  {
    let kept = Set(old).intersection(new)
    var box: TurnPixelBox?
    for band in old + new where !kept.contains(band) {
      let x0 = max(0, Int(band.x.rounded(.down)))
      let x1 = min(width, Int(band.maxX.rounded(.up)))
      let y0 = max(0, Int(band.y.rounded(.down)))
      let y1 = min(height, Int(band.maxY.rounded(.up)))
      guard x0 < x1, y0 < y1 else { continue }
      box = TurnPixelBox.union(box, TurnPixelBox(x: x0..<x1, y: y0..<y1))
    }
    return box
  }

  /// The pixels of `box` of `base` with the selection's `bands` taken from `selected`
  /// (the same pages with all their text selected, whose bands are `all`).
  static func composite(
    _ box: TurnPixelBox, base: RGBAImage, selected: RGBAImage, bands: [Rect], all: [Rect],
    theme: Theme
  ) -> RGBAImage {
    var part = base.cropped(to: box)
    part.takeBands(
      bands, of: all, alpha: alpha(theme), from: selected,
      origin: (box.x.lowerBound, box.y.lowerBound))
    return part
  }

  /// `base` with the selection's `bands` taken from `selected`, whole.
  static func composite(
    _ base: RGBAImage, selected: RGBAImage, bands: [Rect], all: [Rect], theme: Theme
  ) -> RGBAImage {
    var picture = base
    picture.takeBands(bands, of: all, alpha: alpha(theme), from: selected)
    return picture
  }

  /// The selection's colour on `theme`, as its band is filled.
  static func color(_ theme: Theme) -> Color {
    var color = HighlightPalette.selection(dark: theme.isDark)
    color.alpha = 150
    return color
  }

  /// The opacity the selection's band is filled with on `theme`.
  private static func alpha(_ theme: Theme) -> Double {
    Double(theme.bandColor(for: color(theme)).alpha) / 255
  }
}
