/// A turn's frames drawn one after another into one canvas, each redrawing only the part
/// that can differ from the frame before (the window's dragged curl, on the CPU).
///
/// Between two frames of a drag most of the window does not change: the flat page
/// outside the curl shows the current page's own pixels in both. So the canvas keeps the
/// box of what the last frame drew other than one-to-one copies of the current page (the
/// page underneath, the rolled bands, the back, the shadows); the next frame resets the
/// union of that box and its own to the current page and draws its mesh there alone.
/// Outside the union both frames show the current page, so the canvas always holds what
/// a whole draw of the mesh over the current page gives, pixel for pixel. Late in a drag
/// the union is mostly the next page, revealed in place under the sheet: where it was
/// revealed in both frames and no other triangle of either comes, the pixels are the
/// next page's in both, and the strip's redraw stops short of them.
///
/// The current page must stay the same from one frame to the next (a new turn calls
/// `reset()`), have the canvas's size and be opaque; a translucent one is drawn whole
/// every frame.
package struct TurnFrameCanvas {
  /// The last frame.
  package private(set) var image: RGBAImage
  /// What the last frame drew in each strip of rows (`Strip`).
  private var changed: [Strip] = []
  /// Whether the canvas holds a frame of this turn (else the next is drawn whole).
  private var holdsFrame = false
  /// Whether the current page is opaque, as found when the turn's first frame was drawn.
  private var currentIsOpaque = false
  /// Whether the target page is opaque, found then too: only then is the page revealed
  /// under the turning sheet the same pixels whatever lies under it.
  private var targetIsOpaque = false

  /// What a frame draws in one strip of rows, as columns (empty ranges where nothing).
  struct Strip: Equatable {
    /// Where the frame may differ from the current page: every triangle's columns but
    /// one-to-one copies of the current page.
    var changed: Range<Int> = 0..<0
    /// The columns of every triangle but one-to-one copies of the target page: the sheet,
    /// its back, the shadows, and the flat current page too.
    var others: Range<Int> = 0..<0
    /// Columns that one-to-one copies of the target page cover in every row of the strip
    /// (the page revealed under the sheet, where the frame shows it in place).
    var revealed: Range<Int> = 0..<0
  }
  /// Pixels the last frame drew (its strips' boxes), for benchmarks.
  package private(set) var redrawnPixels = 0

  /// Rows a strip: the changed part is kept per strip, so a fold across the page (a
  /// diagonal band) is redrawn along its length instead of in its whole bounding box.
  static let stripHeight = 24

  /// A canvas of `width`×`height` transparent pixels.
  package init(width: Int, height: Int) {
    image = RGBAImage(width: width, height: height)
  }

  package var width: Int { image.width }
  package var height: Int { image.height }

  /// Forgets the last frame: the next one is drawn whole (a new turn, new pages).
  package mutating func reset() {
    holdsFrame = false
    changed = []
  }

  /// Draws the frame `mesh` over the current page and returns the boxes of pixels that
  /// may have changed since the last frame: boxes that do not overlap, a strip of rows or
  /// a run of strips with the same columns each (the whole canvas for a turn's first),
  /// none when nothing did. A front end sends those boxes alone to the screen. With
  /// `bands` above one the strips are drawn on every core.
  ///
  /// - Complexity: O(pixels redrawn + triangles × strips they cross).
  @discardableResult
  package mutating func draw(
    _ mesh: TurnMesh, current: RGBAImage, target: RGBAImage, bands: Int = 1
  ) -> [TurnPixelBox] {
    precondition(
      current.width == width && current.height == height,
      "the current page must have the canvas's size")
    let whole = TurnPixelBox(x: 0..<width, y: 0..<height)
    let first = !holdsFrame
    if first {
      holdsFrame = true
      currentIsOpaque = Self.isOpaque(current)
      targetIsOpaque = Self.isOpaque(target)
    }
    guard currentIsOpaque else {
      TurnCompositor.draw(
        mesh, current: current, target: target, into: &image, bands: bands, clip: whole,
        resettingToCurrent: true)
      return [whole]
    }
    let own = Self.strips(of: mesh, current: current, target: target)
    if first {
      // The turn's first frame: the current page, and the mesh where it is not that.
      current.pixels.withUnsafeBytes { source in
        image.pixels.withUnsafeMutableBytes { $0.copyMemory(from: source) }
      }
      TurnCompositor.draw(
        mesh, current: current, target: target, into: &image, boxes: boxes(own.map(\.changed)),
        concurrently: bands > 1)
      changed = own
      redrawnPixels = width * height
      return [whole]
    }
    let redrawn = zip(own, changed).map { new, old in
      let columns = Self.hull(new.changed, old.changed)
      guard targetIsOpaque else { return columns }
      return Self.trimmed(
        columns, revealed: Self.overlap(new.revealed, old.revealed),
        others: Self.hull(new.others, old.others))
    }
    let pieces = boxes(redrawn)
    redrawnPixels = pieces.reduce(0) { $0 + $1.x.count * $1.y.count }
    TurnCompositor.draw(
      mesh, current: current, target: target, into: &image, boxes: pieces,
      concurrently: bands > 1, resettingToCurrent: true, currentIsOpaque: true)
    changed = own
    return Self.merged(pieces)
  }

  /// `boxes` (strips top to bottom) with each run of touching strips of the same columns
  /// made one box: fewer, taller rectangles for a front end to send.
  static func merged(_ boxes: [TurnPixelBox]) -> [TurnPixelBox] {
    var runs: [TurnPixelBox] = []
    runs.reserveCapacity(boxes.count)
    for box in boxes {
      if let last = runs.last, last.x == box.x, last.y.upperBound == box.y.lowerBound {
        runs[runs.count - 1].y = last.y.lowerBound..<box.y.upperBound
      } else {
        runs.append(box)
      }
    }
    return runs
  }

  /// The boxes of the strips whose columns are not empty.
  private func boxes(_ strips: [Range<Int>]) -> [TurnPixelBox] {
    strips.enumerated().compactMap { strip, columns in
      guard !columns.isEmpty else { return nil }
      let top = strip * Self.stripHeight
      return TurnPixelBox(x: columns, y: top..<min(height, top + Self.stripHeight))
    }
  }

  /// The smallest range holding both (either may be empty).
  static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
    a.isEmpty
      ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
  }

  /// The columns both ranges hold (empty when none).
  static func overlap(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
    let low = max(a.lowerBound, b.lowerBound)
    let high = min(a.upperBound, b.upperBound)
    return low < high ? low..<high : 0..<0
  }

  /// The columns of a strip to redraw, `columns`, less the revealed page at either end
  /// of them: the columns of `revealed` (the target page in place in this frame and the
  /// last) that no other triangle of either frame, `others`, comes near. Those pixels are
  /// the target page's in both frames, and the canvas holds them already.
  static func trimmed(_ columns: Range<Int>, revealed: Range<Int>, others: Range<Int>)
    -> Range<Int>
  {
    guard !columns.isEmpty, !revealed.isEmpty else { return columns }
    // The revealed columns right of the others, and left of them.
    let right =
      others.isEmpty
      ? revealed
      : overlap(revealed, others.upperBound..<max(others.upperBound, revealed.upperBound))
    let left =
      others.isEmpty
      ? revealed
      : overlap(revealed, min(others.lowerBound, revealed.lowerBound)..<others.lowerBound)
    var low = columns.lowerBound
    var high = columns.upperBound
    if !right.isEmpty, right.upperBound >= high, right.lowerBound < high {
      high = max(low, right.lowerBound)
    }
    if !left.isEmpty, left.lowerBound <= low, left.upperBound > low {
      low = min(high, left.upperBound)
    }
    return low < high ? low..<high : 0..<0
  }

  /// For each strip of rows, what a mesh's triangles draw there (`Strip`): one-to-one
  /// copies of a page's texels, white and in place (the flat page on the current page,
  /// the revealed one on the target), told apart from the rest.
  static func strips(of mesh: TurnMesh, current: RGBAImage, target: RGBAImage) -> [Strip] {
    let width = current.width
    let height = current.height
    var strips = [Strip](repeating: Strip(), count: (height + stripHeight - 1) / stripHeight)
    // Per row, the columns the target's in-place copies cover (several triangles may
    // share a row; they are merged where they meet).
    var revealedRows: [[Range<Int>]] = []
    current.pixels.withUnsafeBytes { currentBytes in
      target.pixels.withUnsafeBytes { targetBytes in
        let pages = (
          current: TurnRasterizer.Texture(currentBytes, width: width, height: height),
          target: target.width == width && target.height == height
            ? TurnRasterizer.Texture(targetBytes, width: width, height: height) : nil
        )
        for layer in mesh.layers {
          let vertices = layer.vertices
          let indices = layer.indices
          for start in stride(from: 0, to: indices.count - 2, by: 3) {
            let p = vertices[Int(indices[start])]
            let q = vertices[Int(indices[start + 1])]
            let r = vertices[Int(indices[start + 2])]
            guard let covered = TurnRasterizer.box(p, q, r, width: width, height: height) else {
              continue
            }
            let flat =
              layer.texture == .current
              && pages.current.map { isInPlaceCopy(p, q, r, of: $0) }
                == true
            let revealed =
              layer.texture == .target
              && pages.target.map { isInPlaceCopy(p, q, r, of: $0) }
                == true
            if revealed {
              if revealedRows.isEmpty { revealedRows = Array(repeating: [], count: height) }
              TurnRasterizer.forEachSpan(p, q, r, width: width, rows: covered.y) { y, low, high in
                revealedRows[y].append(low..<(high + 1))
              }
            }
            let firstStrip = covered.y.lowerBound / stripHeight
            let lastStrip = (covered.y.upperBound - 1) / stripHeight
            for strip in firstStrip...lastStrip {
              let top = max(covered.y.lowerBound, strip * stripHeight)
              let bottom = min(covered.y.upperBound, (strip + 1) * stripHeight)
              let columns = Self.columns(of: (p, q, r), rows: top..<bottom, within: covered.x)
              if !flat { strips[strip].changed = hull(strips[strip].changed, columns) }
              if !revealed { strips[strip].others = hull(strips[strip].others, columns) }
            }
          }
        }
      }
    }
    guard !revealedRows.isEmpty else { return strips }
    for strip in strips.indices {
      let rows = (strip * stripHeight)..<min(height, (strip + 1) * stripHeight)
      var common: Range<Int>?
      for y in rows {
        let row = widest(merging: revealedRows[y])
        common = common.map { overlap($0, row) } ?? row
        if common?.isEmpty == true { break }
      }
      strips[strip].revealed = common ?? 0..<0
    }
    return strips
  }

  /// The widest run of columns that `spans` cover without a gap.
  private static func widest(merging spans: [Range<Int>]) -> Range<Int> {
    var best: Range<Int> = 0..<0
    var run: Range<Int>?
    for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let current = run, span.lowerBound <= current.upperBound {
        run = current.lowerBound..<max(current.upperBound, span.upperBound)
      } else {
        if let current = run, current.count > best.count { best = current }
        run = span
      }
    }
    if let current = run, current.count > best.count { best = current }
    return best
  }

  /// The columns a triangle may cover in rows `rows`: its extent over the band of the
  /// plane those rows span, a pixel wider either side (for the rasterizer's snapping), and
  /// never outside `box`, the columns of its bounding box.
  private static func columns(
    of triangle: (TurnVertex, TurnVertex, TurnVertex), rows: Range<Int>, within box: Range<Int>
  ) -> Range<Int> {
    let top = Float(rows.lowerBound)
    let bottom = Float(rows.upperBound)
    var low = Float.infinity
    var high = -Float.infinity
    // Each corner inside the band of rows, and each edge where it crosses the band's
    // top or bottom (no array: this runs for every triangle and strip of every frame).
    func extend(_ x: Float) {
      low = min(low, x)
      high = max(high, x)
    }
    func include(_ a: TurnVertex, _ b: TurnVertex) {
      if a.y >= top, a.y <= bottom { extend(a.x) }
      if (a.y - top) * (b.y - top) < 0 { extend(a.x + (b.x - a.x) * (top - a.y) / (b.y - a.y)) }
      if (a.y - bottom) * (b.y - bottom) < 0 {
        extend(a.x + (b.x - a.x) * (bottom - a.y) / (b.y - a.y))
      }
    }
    include(triangle.0, triangle.1)
    include(triangle.1, triangle.2)
    include(triangle.2, triangle.0)
    guard low.isFinite, high.isFinite, low <= high else { return box }
    let first = max(box.lowerBound, Int(low.rounded(.down)) - 1)
    let last = min(box.upperBound, Int(high.rounded(.up)) + 2)
    return first < last ? first..<last : box
  }

  /// Whether a triangle copies its texels one to one, unshaded, to where they lie: the
  /// span filler's exact copy with no offset.
  private static func isInPlaceCopy(
    _ p: TurnVertex, _ q: TurnVertex, _ r: TurnVertex, of texture: TurnRasterizer.Texture
  ) -> Bool {
    let setup = TurnSpanSetup(p, q, r, texture: texture)
    guard setup.white, let exact = setup.exact else { return false }
    return exact.step == 1 && exact.offsetX == 0 && exact.offsetY == 0
  }

  /// Whether every pixel of `image` is opaque.
  static func isOpaque(_ image: RGBAImage) -> Bool {
    image.pixels.withUnsafeBytes { bytes in
      let words = bytes.bindMemory(to: UInt32.self)
      var all: UInt32 = 0xFF00_0000
      for word in words { all &= word }
      return all & 0xFF00_0000 == 0xFF00_0000
    }
  }
}
