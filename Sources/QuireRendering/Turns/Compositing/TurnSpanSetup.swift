/// A triangle's attribute planes, ready to fill spans: texel coordinates and colour as
/// affine functions of the pixel centre, and the cheapest way to fill that fits.
struct TurnSpanSetup {
  let texture: TurnRasterizer.Texture?
  /// Texel coordinate (centre-based) and premultiplied colour planes: value at pixel
  /// centre (x + ½, y + ½) is `base + dx·x + dy·y`. Stored inline (not an array), so a
  /// span's setup costs no reference counting.
  let planes: Planes
  /// Whether the colour is a grey level with full alpha (shading): the filtered fill
  /// may then shade by one channel.
  let greyShading: Bool

  struct Planes {
    var u: Plane
    var v: Plane
    var r: Plane
    var g: Plane
    var b: Plane
    var a: Plane
  }
  /// Flat parts, slides and Leaves' mirror map pixels onto texels one to one (mirrored
  /// or not): copy them instead of filtering.
  let exact: (step: Int, offsetX: Int, offsetY: Int)?
  let constantColor: Bool
  let white: Bool
  /// Premultiplied black all over the triangle: a shadow, whose alpha alone varies.
  let isBlack: Bool
  /// Untextured colour of one alpha all over the triangle, whose colour alone varies (the
  /// paper veil over the back of the sheet).
  let isVeil: Bool
  let nearest: Bool
  /// The colour's change from one pixel to the next in 16.16 fixed point (zero when
  /// constant), at the scale its filler uses: 256 with a texture, 255 without.
  let step: ColorStep
  /// An untextured constant colour as the pixel it fills with, premultiplied, and its
  /// alpha (zero for any other triangle).
  let constantPixel: UInt32
  let constantAlpha: UInt32

  struct Plane: Equatable {
    var base: Float
    var dx: Float
    var dy: Float

    /// Zero everywhere.
    var isZero: Bool { base == 0 && dx == 0 && dy == 0 }

    func at(_ x: Int, _ y: Int) -> Float { base + dx * Float(x) + dy * Float(y) }
  }

  init(
    _ v0: TurnVertex, _ v1: TurnVertex, _ v2: TurnVertex, texture: TurnRasterizer.Texture?,
    nearest: Bool = false
  ) {
    self.texture = texture
    self.nearest = nearest
    let ax = v1.x - v0.x
    let ay = v1.y - v0.y
    let bx = v2.x - v0.x
    let by = v2.y - v0.y
    let det = ax * by - bx * ay
    func plane(_ f0: Float, _ f1: Float, _ f2: Float) -> Plane {
      guard abs(det) > 1e-9 else { return Plane(base: f0, dx: 0, dy: 0) }
      let dx = ((f1 - f0) * by - (f2 - f0) * ay) / det
      let dy = ((f2 - f0) * ax - (f1 - f0) * bx) / det
      // Evaluated at pixel centres: x + ½, y + ½.
      return Plane(base: f0 + dx * (0.5 - v0.x) + dy * (0.5 - v0.y), dx: dx, dy: dy)
    }
    let tw = Float(texture?.width ?? 1)
    let th = Float(texture?.height ?? 1)
    planes = Planes(
      u: plane(v0.u * tw - 0.5, v1.u * tw - 0.5, v2.u * tw - 0.5),
      v: plane(v0.v * th - 0.5, v1.v * th - 0.5, v2.v * th - 0.5),
      r: plane(v0.r, v1.r, v2.r), g: plane(v0.g, v1.g, v2.g), b: plane(v0.b, v1.b, v2.b),
      a: plane(v0.a, v1.a, v2.a))
    let p = planes
    isBlack = p.r.isZero && p.g.isZero && p.b.isZero
    let grey = p.r == p.g && p.r == p.b
    greyShading = grey && p.a == Plane(base: 1, dx: 0, dy: 0)
    isVeil = texture == nil && !isBlack && p.a.dx == 0 && p.a.dy == 0
    constantColor =
      v0.r == v1.r && v0.r == v2.r && v0.g == v1.g && v0.g == v2.g && v0.b == v1.b
      && v0.b == v2.b && v0.a == v1.a && v0.a == v2.a
    white = constantColor && v0.r == 1 && v0.g == 1 && v0.b == 1 && v0.a == 1
    step = constantColor ? .zero : Self.colorStep(planes, scale: texture == nil ? 255 : 256)
    if constantColor, texture == nil {
      let color = Self.fixedColor(planes, 0, 0, scale: 255)
      constantPixel = color.pixel
      constantAlpha = constantPixel >> 24
    } else {
      constantPixel = 0
      constantAlpha = 0
    }
    let u = planes.u
    let v = planes.v
    func near(_ value: Float, _ target: Float) -> Bool { abs(value - target) < 2e-4 }
    if texture != nil, near(u.dy, 0), near(v.dx, 0), near(v.dy, 1),
      near(u.dx, 1) || near(u.dx, -1),
      near(u.base, u.base.rounded()), near(v.base, v.base.rounded())
    {
      exact = (u.dx > 0 ? 1 : -1, Int(u.base.rounded()), Int(v.base.rounded()))
    } else {
      exact = nil
    }
  }

  /// Whether the triangle samples its texture other than row by row (rotated, scaled),
  /// so that filling it in tiles keeps its texels in the cache.
  var samplesAcross: Bool {
    texture != nil && exact == nil && !nearest && abs(planes.v.dx) > 0.05
  }

  /// Fills pixels `x0...x1` of row `y` (`row` points at its first pixel), with the
  /// attributes stepped from `origin` (≤ `x0`), the row's first covered pixel: a span cut
  /// by a tile or a clip rectangle gets the pixels it would get whole.
  func fillSpan(
    row y: Int, origin: Int, from x0: Int, through x1: Int, into row: UnsafeMutablePointer<UInt32>
  ) {
    if let texture {
      if let exact {
        fillExact(texture, exact, y, origin, x0, x1, row)
      } else if nearest {
        fillNearest(texture, y, origin, x0, x1, row)
      } else {
        fillFiltered(texture, y, origin, x0, x1, row)
      }
    } else {
      fillColor(y, origin, x0, x1, row)
    }
  }

  /// Fills pixels `x0...x1` of row `y` as `fillSpan` does, then `overlay`, an untextured
  /// triangle at the very same place, over them while the row is in the cache: the same
  /// pixels as filling the span and then the overlay's. (A loop doing both per pixel, the
  /// back's texel and the veil, took more instructions than the two loops: callgrind.)
  func fillSpan(
    row y: Int, origin: Int, from x0: Int, through x1: Int, into row: UnsafeMutablePointer<UInt32>,
    overlay: TurnSpanSetup
  ) {
    fillSpan(row: y, origin: origin, from: x0, through: x1, into: row)
    overlay.fillSpan(row: y, origin: origin, from: x0, through: x1, into: row)
  }

  // MARK: - Span fillers

  private func fillExact(
    _ texture: TurnRasterizer.Texture, _ map: (step: Int, offsetX: Int, offsetY: Int),
    _ y: Int, _ origin: Int, _ x0: Int, _ x1: Int, _ row: UnsafeMutablePointer<UInt32>
  ) {
    let ty = min(texture.height - 1, max(0, y + map.offsetY))
    let source = texture.pixels + ty * texture.width
    let last = texture.width - 1
    let first = map.step * x0 + map.offsetX
    let end = map.step * x1 + map.offsetX
    if white, min(first, end) >= 0, max(first, end) <= last {
      // The common case (flat page parts): a straight or mirrored copy of opaque texels.
      var tx = first
      for x in x0...x1 {
        let pixel = source[tx]
        row[x] = pixel >= 0xFF00_0000 ? pixel : TurnPixel.over(pixel, row[x])
        tx += map.step
      }
      return
    }
    let color = fixedColor(origin, y, scale: 256).channels
    for x in x0...x1 {
      let tx = min(last, max(0, map.step * x + map.offsetX))
      var pixel = source[tx]
      if !white { pixel = TurnPixel.modulate(pixel, color) }
      row[x] = TurnPixel.over(pixel, row[x])
    }
  }

  private func fillColor(
    _ y: Int, _ origin: Int, _ x0: Int, _ x1: Int, _ row: UnsafeMutablePointer<UInt32>
  ) {
    if constantColor {
      let pixel = constantPixel
      if pixel == 0 { return }
      let alpha = constantAlpha
      if alpha >= 255 {
        for x in x0...x1 { row[x] = pixel }
        return
      }
      // One alpha for the whole span: a branch-free loop the compiler can vectorise.
      let keep = 255 - alpha
      for x in x0...x1 { row[x] = pixel &+ TurnPixel.scale(row[x], keep) }
      return
    }
    if isBlack {
      fillShadow(y, origin, x0, x1, row)
      return
    }
    if isVeil {
      fillVeil(y, origin, x0, x1, row)
      return
    }
    var color = fixedColor(origin, y, scale: 255)
    color.advance(step, times: x0 - origin)
    for x in x0...x1 {
      row[x] = TurnPixel.over(color.pixel, row[x])
      color.advance(step)
    }
  }

  /// A shadow: black whose alpha alone changes across the span, so each pixel is what
  /// lies under it times (255 − alpha)/255 plus that alpha (the general loop's pixels,
  /// without stepping three channels that stay zero). Where no alpha of the span needs
  /// holding to 0…255, four pixels are blended at a time (`SIMD4`), alpha stepped in
  /// 32-bit lanes.
  private func fillShadow(
    _ y: Int, _ origin: Int, _ x0: Int, _ x1: Int, _ row: UnsafeMutablePointer<UInt32>
  ) {
    let start = Int(planes.a.at(origin, y) * 255 * 65536) + step.a * (x0 - origin)
    let end = start + step.a * (x1 - x0)
    let limit = 256 << 16 - 0x8000
    if min(start, end) >= -0x8000, max(start, end) < limit,
      let first = Int32(exactly: start + 0x8000), let delta = Int32(exactly: step.a)
    {
      // Every alpha of the span within 0…255 (the usual case: it runs between the
      // triangle's corners), so none needs clamping.
      var x = x0
      var lanes = SIMD4<Int32>(0, 1, 2, 3) &* delta &+ first
      let stride = SIMD4<Int32>(repeating: delta &* 4)
      while x + 3 <= x1 {
        let a = SIMD4<UInt32>(truncatingIfNeeded: lanes &>> 16)
        let pixels = UnsafeMutableRawPointer(row + x)
        let under = pixels.loadUnaligned(as: SIMD4<UInt32>.self)
        pixels.storeBytes(
          of: (a &<< 24) &+ TurnPixel.scale(under, 255 &- a), as: SIMD4<UInt32>.self)
        lanes &+= stride
        x += 4
      }
      var alpha = first &+ Int32(x - x0) &* delta
      while x <= x1 {
        let a = UInt32(truncatingIfNeeded: alpha >> 16)
        row[x] = a << 24 &+ TurnPixel.scale(row[x], 255 - a)
        alpha &+= delta
        x += 1
      }
      return
    }
    var alpha = start
    for x in x0...x1 {
      // Clamped to 255: an alpha of 256 would not fit its byte.
      let a = UInt32(min(255, max(0, (alpha + 0x8000) >> 16)))
      row[x] = a << 24 &+ TurnPixel.scale(row[x], 255 - a)
      alpha += step.a
    }
  }

  /// A colour of one alpha whose channels alone change across the span: three channels
  /// stepped instead of four, and the blend without a branch (the general loop's pixels).
  private func fillVeil(
    _ y: Int, _ origin: Int, _ x0: Int, _ x1: Int, _ row: UnsafeMutablePointer<UInt32>
  ) {
    var color = fixedColor(origin, y, scale: 255)
    color.advance(step, times: x0 - origin)
    // The alpha's plane is flat, so it never steps: one byte for the whole span.
    let alpha = color.pixel & 0xFF00_0000
    let keep = 255 - alpha >> 24
    for x in x0...x1 {
      row[x] = (color.colorBytes | alpha) &+ TurnPixel.scale(row[x], keep)
      color.advanceColor(step)
    }
  }

  // MARK: - Colour stepping

  struct ColorStep {
    var r = 0
    var g = 0
    var b = 0
    var a = 0
    static let zero = ColorStep()
  }

  /// A colour in 16.16 fixed point, stepped along a span.
  struct FixedColor {
    var r: Int
    var g: Int
    var b: Int
    var a: Int

    /// The channels rounded to 0…256, the scale a texel is multiplied by.
    var channels: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) {
      (channel(r), channel(g), channel(b), channel(a))
    }

    @inline(__always) private func channel(_ value: Int) -> UInt32 {
      UInt32(min(256, max(0, (value + 0x8000) >> 16)))
    }

    /// A colour at scale 255 as a pixel, each channel rounded and held to 0…255 (as SDL
    /// holds a vertex's colour): a channel of 256 would spill into the next byte.
    var pixel: UInt32 { colorBytes | Self.byte(a) << 24 }

    /// `pixel` without its alpha byte.
    var colorBytes: UInt32 { Self.byte(r) | Self.byte(g) << 8 | Self.byte(b) << 16 }

    @inline(__always) static func byte(_ value: Int) -> UInt32 {
      UInt32(min(255, max(0, (value + 0x8000) >> 16)))
    }

    /// One step of the colour channels alone (the alpha of a veil does not step).
    @inline(__always) mutating func advanceColor(_ step: ColorStep) {
      r += step.r
      g += step.g
      b += step.b
    }

    @inline(__always) mutating func advance(_ step: ColorStep) {
      r += step.r
      g += step.g
      b += step.b
      a += step.a
    }

    /// `count` steps at once: the same integers as stepping `count` times.
    @inline(__always) mutating func advance(_ step: ColorStep, times count: Int) {
      r += step.r * count
      g += step.g * count
      b += step.b * count
      a += step.a * count
    }
  }

  func fixedColor(_ x: Int, _ y: Int, scale: Float) -> FixedColor {
    Self.fixedColor(planes, x, y, scale: scale)
  }

  static func fixedColor(_ planes: Planes, _ x: Int, _ y: Int, scale: Float) -> FixedColor {
    func fixed(_ plane: Plane) -> Int { Int(plane.at(x, y) * scale * 65536) }
    return FixedColor(
      r: fixed(planes.r), g: fixed(planes.g), b: fixed(planes.b), a: fixed(planes.a))
  }

  /// The colour's change from one pixel to the next: computed once a triangle.
  static func colorStep(_ planes: Planes, scale: Float) -> ColorStep {
    func fixed(_ plane: Plane) -> Int { Int(plane.dx * scale * 65536) }
    return ColorStep(
      r: fixed(planes.r), g: fixed(planes.g), b: fixed(planes.b), a: fixed(planes.a))
  }
}
