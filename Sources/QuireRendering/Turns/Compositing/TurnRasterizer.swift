/// Fills triangles into a premultiplied RGBA canvas (one `UInt32` a pixel, R in the low byte).
///
/// Positions are snapped to 1/256 pixel and covered pixels found with exact integer edge
/// functions at pixel centres; per row the covered span is solved for directly, so no
/// pixel outside a triangle is visited. Attributes are affine over the triangle
/// (as SDL's are) and stepped along the span in 16.16 fixed point, always from the row's
/// first covered pixel: a pixel gets the same value whichever band, tile or clip
/// rectangle it is drawn in.
struct TurnRasterizer {
  /// A page image to sample: premultiplied RGBA pixels, only ever read (so bands drawn at
  /// the same time may share it).
  struct Texture: @unchecked Sendable {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int

    init?(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int) {
      guard let base = bytes.baseAddress, width > 0, height > 0 else { return nil }
      pixels = base.assumingMemoryBound(to: UInt32.self)
      self.width = width
      self.height = height
    }
  }

  let canvas: UnsafeMutablePointer<UInt32>
  let width: Int
  let height: Int
  /// The rows this rasterizer may write: all of them, or one band of a canvas shared by
  /// rasterizers working on other bands at the same time.
  let rows: Range<Int>
  /// The columns it may write: all of them, or those of a rectangle being redrawn.
  let columns: Range<Int>

  init(
    canvas: UnsafeMutablePointer<UInt32>, width: Int, height: Int, rows: Range<Int>? = nil,
    columns: Range<Int>? = nil
  ) {
    self.canvas = canvas
    self.width = width
    self.height = height
    self.rows = rows ?? 0..<height
    self.columns = columns ?? 0..<width
  }

  /// One edge's integer function E = A·px + B·py + C at pixel centres, with its fill bias.
  struct Edge {
    var a: Int
    var b: Int
    var c: Int

    init(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
      let dx = x1 - x0
      let dy = y1 - y0
      // E(p) = dx·(p.y − y0) − dy·(p.x − x0), p at the centre (px + ½, py + ½) in 1/256 px.
      a = -dy * 256
      b = dx * 256
      c = dx * (128 - y0) - dy * (128 - x0)
      // Top-left rule: of two triangles sharing this edge (run opposite ways) exactly one
      // owns pixel centres lying on it.
      if !(dy > 0 || (dy == 0 && dx < 0)) { c -= 1 }
    }
  }

  /// An edge's bound on the columns of each row where E ≥ 0, stepped from one row to the
  /// next without dividing: ⌊(B·y + C) / |A|⌋ kept as a quotient and a remainder, so each
  /// row gets exactly the integer a division would give.
  struct EdgeWalk {
    /// 1: the edge bounds the row on the left (A > 0); −1: on the right; 0: horizontal.
    let side: Int
    var quotient: Int
    var remainder: Int
    let divisor: Int
    let stepQuotient: Int
    let stepRemainder: Int
    /// A horizontal edge: whether the row is inside it.
    var value: Int
    let b: Int

    init(_ edge: Edge, firstRow y: Int) {
      b = edge.b
      value = edge.b * y + edge.c
      side = edge.a > 0 ? 1 : edge.a < 0 ? -1 : 0
      divisor = max(1, abs(edge.a))
      quotient = floorDivide(value, divisor)
      remainder = value - quotient * divisor
      stepQuotient = floorDivide(edge.b, divisor)
      stepRemainder = edge.b - stepQuotient * divisor
    }

    /// Narrows [low, high] to the current row's pixels on the inner side of the edge.
    @inline(__always) func clamp(low: inout Int, high: inout Int) {
      if side > 0 {
        // ⌈−value / A⌉ = −⌊value / A⌋
        low = max(low, -quotient)
      } else if side < 0 {
        high = min(high, quotient)
      } else if value < 0 {
        high = low - 1
      }
    }

    /// Moves to the next row.
    @inline(__always) mutating func advance() {
      value += b
      quotient += stepQuotient
      remainder += stepRemainder
      if remainder >= divisor {
        remainder -= divisor
        quotient += 1
      }
    }
  }

  /// A triangle's three edges walked down its rows together.
  struct TriangleWalk {
    var edges: (EdgeWalk, EdgeWalk, EdgeWalk)

    init(_ edges: (Edge, Edge, Edge), firstRow y: Int) {
      self.edges = (
        EdgeWalk(edges.0, firstRow: y), EdgeWalk(edges.1, firstRow: y),
        EdgeWalk(edges.2, firstRow: y)
      )
    }

    /// The columns of `minX...maxX` inside the triangle on the current row (low > high
    /// when none), then moves to the next row.
    @inline(__always) mutating func nextSpan(_ minX: Int, _ maxX: Int) -> (low: Int, high: Int) {
      var low = minX
      var high = maxX
      edges.0.clamp(low: &low, high: &high)
      edges.1.clamp(low: &low, high: &high)
      edges.2.clamp(low: &low, high: &high)
      edges.0.advance()
      edges.1.advance()
      edges.2.advance()
      return (low, high)
    }
  }

  /// The pixels a triangle may cover on a `width`×`height` canvas (those `fill` visits
  /// at most), or nil when it draws nothing.
  static func box(
    _ p: TurnVertex, _ q: TurnVertex, _ r: TurnVertex, width: Int, height: Int
  ) -> TurnPixelBox? {
    guard
      p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite, r.x.isFinite, r.y.isFinite,
      max(p.a, q.a, r.a) > 0
    else { return nil }
    let (x0, y0, x1, y1, x2, y2) = (
      fixed(p.x), fixed(p.y), fixed(q.x), fixed(q.y), fixed(r.x), fixed(r.y)
    )
    if (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0) == 0 { return nil }
    let minX = max(0, min(x0, x1, x2) >> 8)
    let maxX = min(width - 1, max(x0, x1, x2) >> 8)
    let minY = max(0, min(y0, y1, y2) >> 8)
    let maxY = min(height - 1, max(y0, y1, y2) >> 8)
    guard minX <= maxX, minY <= maxY else { return nil }
    return TurnPixelBox(x: minX..<(maxX + 1), y: minY..<(maxY + 1))
  }

  /// Calls `body(y, low, high)` for each row of `rows` where the triangle covers pixels:
  /// the columns `low...high` that `fill` would visit on a canvas `width` wide (before
  /// any clipping to columns).
  static func forEachSpan(
    _ p: TurnVertex, _ q: TurnVertex, _ r: TurnVertex, width: Int, rows: Range<Int>,
    _ body: (_ y: Int, _ low: Int, _ high: Int) -> Void
  ) {
    guard
      p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite, r.x.isFinite, r.y.isFinite,
      max(p.a, q.a, r.a) > 0
    else { return }
    var (x0, y0, x1, y1, x2, y2) = (
      fixed(p.x), fixed(p.y), fixed(q.x), fixed(q.y), fixed(r.x), fixed(r.y)
    )
    let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
    if area == 0 { return }
    if area < 0 {
      swap(&x1, &x2)
      swap(&y1, &y2)
    }
    let edges = (Edge(x1, y1, x2, y2), Edge(x2, y2, x0, y0), Edge(x0, y0, x1, y1))
    let minX = max(0, min(x0, x1, x2) >> 8)
    let maxX = min(width - 1, max(x0, x1, x2) >> 8)
    let minY = max(rows.lowerBound, min(y0, y1, y2) >> 8)
    let maxY = min(rows.upperBound - 1, max(y0, y1, y2) >> 8)
    guard minX <= maxX, minY <= maxY else { return }
    var walk = TriangleWalk(edges, firstRow: minY)
    for y in minY...maxY {
      let (low, high) = walk.nextSpan(minX, maxX)
      if low <= high { body(y, low, high) }
    }
  }

  /// A position in 1/256 pixel, kept within a range whose products cannot overflow.
  @inline(__always) private static func fixed(_ value: Float) -> Int {
    let limit: Float = 1_048_576
    return Int((min(limit, max(-limit, value)) * 256).rounded())
  }

  /// A triangle ready to fill: its edges, the pixels it may cover on the whole canvas and
  /// its span setup, worked out once a frame however many bands or boxes it is drawn in.
  struct Triangle: Sendable {
    let edges: (Edge, Edge, Edge)
    let minX: Int
    let maxX: Int
    let minY: Int
    let maxY: Int
    let setup: TurnSpanSetup
    /// An untextured triangle at the very same place drawn over this one as each span is
    /// filled (the paper veil over the back of the sheet), instead of in a pass of its own.
    var overlay: TurnSpanSetup?
  }

  /// The triangle (any winding) prepared for `fill` on a `width`×`height` canvas, or nil
  /// when it draws nothing; untextured when `texture` is nil.
  static func prepare(
    _ p: TurnVertex, _ q: TurnVertex, _ r: TurnVertex, texture: Texture?, nearest: Bool = false,
    width: Int, height: Int
  ) -> Triangle? {
    guard
      p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite, r.x.isFinite, r.y.isFinite,
      max(p.a, q.a, r.a) > 0
    else { return nil }
    let v0 = p
    var v1 = q
    var v2 = r
    var (x0, y0, x1, y1, x2, y2) = (
      fixed(p.x), fixed(p.y), fixed(q.x), fixed(q.y), fixed(r.x), fixed(r.y)
    )
    let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
    if area == 0 { return nil }
    if area < 0 {
      swap(&v1, &v2)
      swap(&x1, &x2)
      swap(&y1, &y2)
    }
    let minX = max(0, min(x0, x1, x2) >> 8)
    let maxX = min(width - 1, max(x0, x1, x2) >> 8)
    let minY = max(0, min(y0, y1, y2) >> 8)
    let maxY = min(height - 1, max(y0, y1, y2) >> 8)
    guard minX <= maxX, minY <= maxY else { return nil }
    return Triangle(
      edges: (Edge(x1, y1, x2, y2), Edge(x2, y2, x0, y0), Edge(x0, y0, x1, y1)),
      minX: minX, maxX: maxX, minY: minY, maxY: maxY,
      setup: TurnSpanSetup(v0, v1, v2, texture: texture, nearest: nearest))
  }

  /// Fills a triangle prepared for this canvas, within this rasterizer's rows and columns.
  mutating func fill(_ triangle: Triangle) {
    let minX = triangle.minX
    let maxX = triangle.maxX
    let minY = max(rows.lowerBound, triangle.minY)
    let maxY = min(rows.upperBound - 1, triangle.maxY)
    // Spans are found across the whole canvas and only their writes clipped to the
    // columns, so that each starts its attributes where it would unclipped.
    let clipLow = columns.lowerBound
    let clipHigh = columns.upperBound - 1
    guard minY <= maxY, max(minX, clipLow) <= min(maxX, clipHigh) else { return }
    let edges = triangle.edges
    let setup = triangle.setup
    if !setup.samplesAcross {
      var walk = TriangleWalk(edges, firstRow: minY)
      for y in minY...maxY {
        let (low, high) = walk.nextSpan(minX, maxX)
        let first = max(low, clipLow)
        let last = min(high, clipHigh)
        guard first <= last else { continue }
        if let overlay = triangle.overlay {
          setup.fillSpan(
            row: y, origin: low, from: first, through: last, into: canvas + y * width,
            overlay: overlay)
        } else {
          setup.fillSpan(
            row: y, origin: low, from: first, through: last, into: canvas + y * width)
        }
      }
      return
    }
    // A rotated texture is read diagonally: fill in tiles so the texels a tile needs stay
    // in the cache, instead of streaming two texture rows per pixel across the whole page.
    // A tile's spans are kept on the stack: no allocation for each triangle and box.
    withUnsafeTemporaryAllocation(of: (low: Int, high: Int).self, capacity: Self.tileHeight) {
      spans in
      var walk = TriangleWalk(edges, firstRow: minY)
      for bandTop in stride(from: minY, through: maxY, by: Self.tileHeight) {
        let bandBottom = min(maxY, bandTop + Self.tileHeight - 1)
        var bandLow = Int.max
        var bandHigh = Int.min
        for offset in 0...(bandBottom - bandTop) {
          let (low, high) = walk.nextSpan(minX, maxX)
          spans[offset] = (low, high)
          if max(low, clipLow) <= min(high, clipHigh) {
            bandLow = min(bandLow, max(low, clipLow))
            bandHigh = max(bandHigh, min(high, clipHigh))
          }
        }
        guard bandLow <= bandHigh else { continue }
        for tileLeft in stride(from: bandLow, through: bandHigh, by: Self.tileWidth) {
          let tileRight = tileLeft + Self.tileWidth - 1
          for offset in 0...(bandBottom - bandTop) {
            let span = spans[offset]
            let low = max(span.low, tileLeft, clipLow)
            let high = min(span.high, tileRight, clipHigh)
            guard low <= high else { continue }
            let y = bandTop + offset
            setup.fillSpan(
              row: y, origin: span.low, from: low, through: high, into: canvas + y * width)
            triangle.overlay?.fillSpan(
              row: y, origin: span.low, from: low, through: high, into: canvas + y * width)
          }
        }
      }
    }
  }

  static let tileWidth = 48
  static let tileHeight = 16
}

@inline(__always) private func floorDivide(_ a: Int, _ b: Int) -> Int {
  let quotient = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
}
