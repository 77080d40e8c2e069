/// A turn's frames drawn one after another into one canvas, each redrawing only the part
/// that can differ from the frame before (the window's dragged curl, on the CPU).
///
/// Between two frames of a drag most of the window does not change: the flat page
/// outside the curl shows the current page's own pixels in both. So the canvas keeps the
/// box of what the last frame drew other than one-to-one copies of the current page (the
/// page underneath, the rolled bands, the back, the shadows); the next frame resets the
/// union of that box and its own to the current page and draws its mesh there alone.
/// Outside the union both frames show the current page, so the canvas always holds what
/// a whole draw of the mesh over the current page gives, pixel for pixel.
///
/// The current page must stay the same from one frame to the next (a new turn calls
/// `reset()`), have the canvas's size and be opaque; a translucent one is drawn whole
/// every frame.
package struct TurnFrameCanvas {
  /// The last frame.
  package private(set) var image: RGBAImage
  /// Where the canvas may differ from the current page: the columns of each strip of
  /// rows (empty where the strip equals it all over).
  private var changed: [Range<Int>] = []
  /// Whether the canvas holds a frame of this turn (else the next is drawn whole).
  private var holdsFrame = false
  /// Whether the current page is opaque, as found when the turn's first frame was drawn.
  private var currentIsOpaque = false
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

  /// Draws the frame `mesh` over the current page and returns the box of pixels that may
  /// have changed since the last frame (the whole canvas for a turn's first), or nil when
  /// none did. With `bands` above one the strips are drawn on every core.
  ///
  /// - Complexity: O(pixels redrawn + triangles × strips they cross).
  @discardableResult
  package mutating func draw(
    _ mesh: TurnMesh, current: RGBAImage, target: RGBAImage, bands: Int = 1
  ) -> TurnPixelBox? {
    precondition(
      current.width == width && current.height == height,
      "the current page must have the canvas's size")
    let whole = TurnPixelBox(x: 0..<width, y: 0..<height)
    let first = !holdsFrame
    if first {
      holdsFrame = true
      currentIsOpaque = Self.isOpaque(current)
    }
    guard currentIsOpaque else {
      TurnCompositor.draw(
        mesh, current: current, target: target, into: &image, bands: bands, clip: whole,
        resettingToCurrent: true)
      return whole
    }
    let own = Self.changedStrips(of: mesh, current: current)
    if first {
      // The turn's first frame: the current page, and the mesh where it is not that.
      current.pixels.withUnsafeBytes { source in
        image.pixels.withUnsafeMutableBytes { $0.copyMemory(from: source) }
      }
      TurnCompositor.draw(
        mesh, current: current, target: target, into: &image, boxes: boxes(own),
        concurrently: bands > 1)
      changed = own
      redrawnPixels = width * height
      return whole
    }
    let redrawn = zip(own, changed).map { a, b in
      a.isEmpty
        ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
    let pieces = boxes(redrawn)
    redrawnPixels = pieces.reduce(0) { $0 + $1.x.count * $1.y.count }
    guard !pieces.isEmpty else {
      changed = own
      return nil
    }
    TurnCompositor.draw(
      mesh, current: current, target: target, into: &image, boxes: pieces,
      concurrently: bands > 1, resettingToCurrent: true)
    changed = own
    return pieces.dropFirst().reduce(pieces[0]) { $0.union($1) }
  }

  /// The boxes of the strips whose columns are not empty.
  private func boxes(_ strips: [Range<Int>]) -> [TurnPixelBox] {
    strips.enumerated().compactMap { strip, columns in
      guard !columns.isEmpty else { return nil }
      let top = strip * Self.stripHeight
      return TurnPixelBox(x: columns, y: top..<min(height, top + Self.stripHeight))
    }
  }

  /// For each strip of rows, the columns that a mesh's triangles may draw there, leaving
  /// out one-to-one copies of the current page's texels, white and in place (the flat
  /// page: on an opaque page they give its pixels).
  static func changedStrips(of mesh: TurnMesh, current: RGBAImage) -> [Range<Int>] {
    let width = current.width
    let height = current.height
    var strips = [Range<Int>](
      repeating: 0..<0, count: (height + stripHeight - 1) / stripHeight)
    current.pixels.withUnsafeBytes { bytes in
      let texture = TurnRasterizer.Texture(bytes, width: width, height: height)
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
          if layer.texture == .current, let texture, isInPlaceCopy(p, q, r, of: texture) {
            continue
          }
          let firstStrip = covered.y.lowerBound / stripHeight
          let lastStrip = (covered.y.upperBound - 1) / stripHeight
          for strip in firstStrip...lastStrip {
            let top = max(covered.y.lowerBound, strip * stripHeight)
            let bottom = min(covered.y.upperBound, (strip + 1) * stripHeight)
            let columns = Self.columns(of: (p, q, r), rows: top..<bottom, within: covered.x)
            let old = strips[strip]
            strips[strip] =
              old.isEmpty
              ? columns
              : min(old.lowerBound, columns.lowerBound)..<max(old.upperBound, columns.upperBound)
          }
        }
      }
    }
    return strips
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
