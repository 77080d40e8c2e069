import Dispatch

/// Draws turn meshes on the CPU: for tests, exported animations and benchmarks.
///
/// Triangles are filled with fixed-point edge functions and the top-left rule (shared edges
/// are drawn once, so translucent layers show no seams), per-row spans, bilinear texture
/// sampling with clamped edges, per-vertex premultiplied colour, and premultiplied
/// "over" blending — the same arithmetic `SDL_RenderGeometry` does with premultiplied
/// textures and the blend mode (ONE, ONE_MINUS_SRC_ALPHA).
public enum TurnCompositor {
  /// Draws `mesh` over `canvas`, sampling `current` and `target` for its textured layers.
  ///
  /// Both pages must have the canvas's size; layers are drawn in order.
  /// - Complexity: O(covered pixels + triangles).
  ///
  /// With `bands` above one the canvas is cut into that many bands of rows drawn at the same
  /// time, each by its own rasterizer (a window's frame on every core); every pixel gets
  /// the same arithmetic either way.
  public static func draw(
    _ mesh: TurnMesh, current: RGBAImage, target: RGBAImage, into canvas: inout RGBAImage,
    bands: Int = 1
  ) {
    draw(mesh, current: current, target: target, into: &canvas, bands: bands, clip: nil)
  }

  /// Draws `mesh` over `canvas` inside `clip` alone (the whole canvas when nil); with
  /// `resettingToCurrent`, the clipped pixels are first set to the current page's (each
  /// band its own rows, on its own core).
  ///
  /// Pixels inside `clip` get exactly the values a whole draw gives them.
  static func draw(
    _ mesh: TurnMesh, current: RGBAImage, target: RGBAImage, into canvas: inout RGBAImage,
    bands: Int, clip: TurnPixelBox?, resettingToCurrent: Bool = false
  ) {
    let box = clip ?? TurnPixelBox(x: 0..<canvas.width, y: 0..<canvas.height)
    guard !box.x.isEmpty, !box.y.isEmpty else { return }
    let count = max(1, min(bands, box.y.count / 32))
    let pieces = (0..<count).map { band in
      TurnPixelBox(
        x: box.x,
        y: (box.y.lowerBound + box.y.count * band / count)..<(box.y.lowerBound
          + box.y.count * (band + 1) / count))
    }
    draw(
      mesh, current: current, target: target, into: &canvas, boxes: pieces,
      concurrently: count > 1, resettingToCurrent: resettingToCurrent)
  }

  /// Draws `mesh` over `canvas` inside each of `boxes` (which must not overlap), a box
  /// at a time on whichever core is free when `concurrently`; with `resettingToCurrent`,
  /// each box is first set to the current page's pixels.
  ///
  /// Pixels inside the boxes get exactly the values a whole draw gives them. When the
  /// boxes are reset to an opaque current page (`currentIsOpaque`), the layers at the
  /// bottom that only copy its pixels in place (a curl's flat part) are not drawn: the
  /// reset gave those pixels already.
  static func draw(
    _ mesh: TurnMesh, current: RGBAImage, target: RGBAImage, into canvas: inout RGBAImage,
    boxes: [TurnPixelBox], concurrently: Bool, resettingToCurrent: Bool = false,
    currentIsOpaque: Bool = false
  ) {
    let width = canvas.width
    let height = canvas.height
    let boxes = boxes.filter { !$0.isEmpty }
    guard !boxes.isEmpty else { return }
    var drawn = mesh
    if resettingToCurrent, currentIsOpaque {
      let copies = current.pixels.withUnsafeBytes { bytes in
        TurnRasterizer.Texture(bytes, width: current.width, height: current.height).map {
          texture in mesh.layers.prefix { copiesInPlace($0, of: texture) }.count
        } ?? 0
      }
      drawn.layers.removeFirst(copies)
    }
    let layers = drawn
    current.pixels.withUnsafeBytes { currentBytes in
      target.pixels.withUnsafeBytes { targetBytes in
        canvas.pixels.withUnsafeMutableBytes { canvasBytes in
          guard let base = canvasBytes.baseAddress else { return }
          let pixels = base.assumingMemoryBound(to: UInt32.self)
          let pages: [TurnRasterizer.Texture?] = [
            TurnRasterizer.Texture(currentBytes, width: current.width, height: current.height),
            TurnRasterizer.Texture(targetBytes, width: target.width, height: target.height),
          ]
          let background = resettingToCurrent ? pages[0] : nil
          let triangles = prepare(layers, pages: pages, width: width, height: height)
          let shared = SharedCanvas(pixels: pixels)
          let work: @Sendable (Int) -> Void = { index in
            let box = boxes[index]
            if let background {
              copy(background, rows: box.y, columns: box.x, into: shared.pixels, width: width)
            }
            var rasterizer = TurnRasterizer(
              canvas: shared.pixels, width: width, height: height, rows: box.y, columns: box.x)
            for triangle in triangles { rasterizer.fill(triangle) }
          }
          if concurrently, boxes.count > 1 {
            DispatchQueue.concurrentPerform(iterations: boxes.count, execute: work)
          } else {
            for index in boxes.indices { work(index) }
          }
        }
      }
    }
  }

  /// Whether every triangle of a layer copies the current page's texels one to one,
  /// unshaded, to where they lie.
  static func copiesInPlace(_ layer: TurnLayer, of texture: TurnRasterizer.Texture) -> Bool {
    guard layer.texture == .current else { return false }
    let vertices = layer.vertices
    let indices = layer.indices
    return stride(from: 0, to: indices.count - 2, by: 3).allSatisfy { start in
      let setup = TurnSpanSetup(
        vertices[Int(indices[start])], vertices[Int(indices[start + 1])],
        vertices[Int(indices[start + 2])], texture: texture)
      guard setup.white, let exact = setup.exact else { return false }
      return exact.step == 1 && exact.offsetX == 0 && exact.offsetY == 0
    }
  }

  /// Copies a rectangle of `page` into the same place of a canvas of its size.
  private static func copy(
    _ page: TurnRasterizer.Texture, rows: Range<Int>, columns: Range<Int>,
    into canvas: UnsafeMutablePointer<UInt32>, width: Int
  ) {
    for y in rows {
      (canvas + y * width + columns.lowerBound).update(
        from: page.pixels + y * page.width + columns.lowerBound, count: columns.count)
    }
  }

  /// The canvas's pixels handed to the bands; each writes only its own rows.
  private struct SharedCanvas: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt32>
  }

  /// The mesh's triangles in drawing order, each prepared once for every box it is drawn in.
  ///
  /// The back of the sheet and its paper veil, the layer after it, are cut into the same
  /// triangles: each of the back's carries the veil's at its place (`overlay`), so both
  /// are filled in one pass. The back's triangles do not overlap one another, so every
  /// pixel still gets the back and then the veil, as drawing the layers in turn gives.
  private static func prepare(
    _ mesh: TurnMesh, pages: [TurnRasterizer.Texture?], width: Int, height: Int
  ) -> [TurnRasterizer.Triangle] {
    var triangles: [TurnRasterizer.Triangle] = []
    triangles.reserveCapacity(mesh.triangleCount)
    let layers = mesh.layers
    var index = 0
    while index < layers.count {
      let layer = layers[index]
      let veil =
        index + 1 < layers.count && veils(layers[index + 1], layer) ? layers[index + 1] : nil
      index += veil == nil ? 1 : 2
      let texture: TurnRasterizer.Texture? =
        switch layer.texture {
        case .current: pages[0]
        case .target: pages[1]
        case .none: nil
        }
      if layer.texture != .none && texture == nil {
        if let veil {
          triangles += prepare(veil, texture: nil, width: width, height: height).compactMap { $0 }
        }
        continue
      }
      let own = prepare(layer, texture: texture, width: width, height: height)
      guard let veil else {
        triangles += own.compactMap { $0 }
        continue
      }
      let over = prepare(veil, texture: nil, width: width, height: height)
      for (triangle, overlay) in zip(own, over) {
        switch (triangle, overlay) {
        case (var triangle?, let overlay?):
          triangle.overlay = overlay.setup
          triangles.append(triangle)
        case (let triangle?, nil): triangles.append(triangle)
        case (nil, let overlay?): triangles.append(overlay)
        case (nil, nil): break
        }
      }
    }
    return triangles
  }

  /// A layer's triangles prepared, nil where one draws nothing.
  private static func prepare(
    _ layer: TurnLayer, texture: TurnRasterizer.Texture?, width: Int, height: Int
  ) -> [TurnRasterizer.Triangle?] {
    let vertices = layer.vertices
    let indices = layer.indices
    return stride(from: 0, to: indices.count - 2, by: 3).map { start in
      TurnRasterizer.prepare(
        vertices[Int(indices[start])], vertices[Int(indices[start + 1])],
        vertices[Int(indices[start + 2])], texture: texture,
        nearest: layer.filter == .nearest, width: width, height: height)
    }
  }

  /// Whether `veil` is the paper veil over `back`: untextured, and cut into the very same
  /// triangles at the same places.
  static func veils(_ veil: TurnLayer, _ back: TurnLayer) -> Bool {
    veil.role == .sheetBackOverlay && back.role == .sheetBack && veil.texture == .none
      && back.texture != .none && veil.indices == back.indices
      && veil.vertices.count == back.vertices.count
      && zip(veil.vertices, back.vertices).allSatisfy { $0.x == $1.x && $0.y == $1.y }
  }

  /// A new image of the mesh's size with the mesh drawn on a transparent canvas.
  public static func render(_ mesh: TurnMesh, current: RGBAImage, target: RGBAImage)
    -> RGBAImage
  {
    var canvas = RGBAImage(width: Int(mesh.width), height: Int(mesh.height))
    draw(mesh, current: current, target: target, into: &canvas)
    return canvas
  }
}
