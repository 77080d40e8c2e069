package import QuireBook
package import QuireTypesetting

/// The space a front end has for pages: a terminal's cells or a window's pixels.
public enum Viewport: Hashable, Sendable {
  case cells(columns: Int, rows: Int)
  /// A window's drawable size in pixels and its display scale (2 on a HiDPI screen).
  case pixels(width: Double, height: Double, scale: Double)
}

/// Where the pages go in a viewport, and at what size they are laid out.
package struct PageLayout: Hashable, Sendable {
  /// One frame per page shown (two for a spread), in viewport units.
  package var frames: [Rect]
  /// Why no page fits, when none does.
  package var tooSmall: String?

  /// Rows above the text (a header and a blank row) and below it (the progress bar and
  /// the status line) in a terminal.
  static let cellRowsAbove = 2
  static let cellRowsBelow = 2
  /// Cells between two facing pages.
  static let cellGutter = 6
  /// The narrowest page, in points, that facing pages are set on when the reader asks for
  /// two; and when the window's shape chooses (`windowPages` auto).
  static let minimumPagePoints = 200.0
  static let minimumFacingPagePoints = 320.0

  /// The layout for `viewport` under `preferences`, with facing pages when `spread` allows;
  /// a fixed-layout book's `rendition:spread` (`fixed`) keeps a window to one page
  /// (`none`) or lets a window taller than wide show two (`both`).
  package static func make(
    for viewport: Viewport, preferences: Preferences, spread: Bool,
    fixed: FixedLayout.Spread? = nil
  ) -> PageLayout {
    switch viewport {
    case .cells(let columns, let rows):
      let height = rows - cellRowsAbove - cellRowsBelow
      guard columns >= 20, height >= 3 else {
        return PageLayout(
          frames: [], tooSmall: "The terminal is too small (\(columns)×\(rows)); make it larger.")
      }
      let wanted = preferences.terminalColumnWidth
      let facing =
        spread && preferences.spreadMinimumColumns > 0
        && columns >= preferences.spreadMinimumColumns && columns >= 2 * 20 + cellGutter + 4
      if facing {
        let width = min(wanted, (columns - cellGutter - 4) / 2)
        let left = (columns - (2 * width + cellGutter)) / 2
        return PageLayout(
          frames: [
            Rect(
              x: Double(left), y: Double(cellRowsAbove), width: Double(width),
              height: Double(height)),
            Rect(
              x: Double(left + width + cellGutter), y: Double(cellRowsAbove), width: Double(width),
              height: Double(height)),
          ], tooSmall: nil)
      }
      let width = min(wanted, columns - 2)
      return PageLayout(
        frames: [
          Rect(
            x: Double((columns - width) / 2), y: Double(cellRowsAbove), width: Double(width),
            height: Double(height))
        ], tooSmall: nil)
    case .pixels(let width, let height, let scale):
      guard width >= 100, height >= 100 else {
        return PageLayout(frames: [], tooSmall: "The window is too small.")
      }
      // Facing pages only when each is wide enough to read: a small window (200 × 150, a
      // window manager's first size) shows one.
      let points = width / max(scale, 0.5)
      let facing =
        switch preferences.windowPages {
        case "two": points >= 2 * minimumPagePoints
        case "one": false
        default:
          (width > height || fixed == .both) && points >= 2 * minimumFacingPagePoints
        }
      if spread && facing && fixed != FixedLayout.Spread.none {
        let half = (width / 2).rounded(.down)
        return PageLayout(
          frames: [
            Rect(x: 0, y: 0, width: half, height: height),
            Rect(x: half, y: 0, width: width - half, height: height),
          ], tooSmall: nil)
      }
      return PageLayout(frames: [Rect(x: 0, y: 0, width: width, height: height)], tooSmall: nil)
    }
  }
}
