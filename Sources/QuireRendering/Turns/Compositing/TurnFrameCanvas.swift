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
  /// Where the canvas may differ from the current page; nil where it equals it all over.
  private var changed: TurnPixelBox?
  /// Whether the canvas holds a frame of this turn (else the next is drawn whole).
  private var holdsFrame = false
  /// Whether the current page is opaque, as found when the turn's first frame was drawn.
  private var currentIsOpaque = false

  /// A canvas of `width`×`height` transparent pixels.
  package init(width: Int, height: Int) {
    image = RGBAImage(width: width, height: height)
  }

  package var width: Int { image.width }
  package var height: Int { image.height }

  /// Forgets the last frame: the next one is drawn whole (a new turn, new pages).
  package mutating func reset() {
    holdsFrame = false
    changed = nil
  }

  /// Draws the frame `mesh` over the current page and returns the box of pixels that may
  /// have changed since the last frame (the whole canvas for a turn's first), or nil when
  /// none did.
  ///
  /// - Complexity: O(pixels in the returned box + triangles).
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
    let own = Self.changedBox(of: mesh, current: current)
    if first {
      // The turn's first frame: the current page, and the mesh where it is not that.
      current.pixels.withUnsafeBytes { source in
        image.pixels.withUnsafeMutableBytes { $0.copyMemory(from: source) }
      }
      if let own {
        TurnCompositor.draw(
          mesh, current: current, target: target, into: &image, bands: bands, clip: own)
      }
      changed = own
      return whole
    }
    guard let redrawn = TurnPixelBox.union(own, changed) else { return nil }
    TurnCompositor.draw(
      mesh, current: current, target: target, into: &image, bands: bands, clip: redrawn,
      resettingToCurrent: true)
    changed = own
    return redrawn
  }

  /// The box of a mesh's triangles other than one-to-one copies of the current page's
  /// texels, white and in place (the flat page: on an opaque page they give its pixels).
  static func changedBox(of mesh: TurnMesh, current: RGBAImage) -> TurnPixelBox? {
    let width = current.width
    let height = current.height
    return current.pixels.withUnsafeBytes { bytes in
      let texture = TurnRasterizer.Texture(bytes, width: width, height: height)
      var box: TurnPixelBox?
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
          box = TurnPixelBox.union(box, covered)
        }
      }
      return box
    }
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
