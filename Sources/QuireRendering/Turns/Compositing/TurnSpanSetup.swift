/// A triangle's attribute planes, ready to fill spans: texel coordinates and colour as
/// affine functions of the pixel centre, and the cheapest way to fill that fits.
struct TurnSpanSetup {
  private let texture: TurnRasterizer.Texture?
  /// Texel coordinate (centre-based) and premultiplied colour planes: value at pixel
  /// centre (x + ½, y + ½) is `base + dx·x + dy·y`.
  private let planes: [Plane]
  /// Flat parts, slides and Leaves' mirror map pixels onto texels one to one (mirrored
  /// or not): copy them instead of filtering.
  private let exact: (step: Int, offsetX: Int, offsetY: Int)?
  private let constantColor: Bool
  private let white: Bool
  private let nearest: Bool

  struct Plane {
    var base: Float
    var dx: Float
    var dy: Float

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
    planes = [
      plane(v0.u * tw - 0.5, v1.u * tw - 0.5, v2.u * tw - 0.5),
      plane(v0.v * th - 0.5, v1.v * th - 0.5, v2.v * th - 0.5),
      plane(v0.r, v1.r, v2.r), plane(v0.g, v1.g, v2.g), plane(v0.b, v1.b, v2.b),
      plane(v0.a, v1.a, v2.a),
    ]
    constantColor =
      v0.r == v1.r && v0.r == v2.r && v0.g == v1.g && v0.g == v2.g && v0.b == v1.b
      && v0.b == v2.b && v0.a == v1.a && v0.a == v2.a
    white = constantColor && v0.r == 1 && v0.g == 1 && v0.b == 1 && v0.a == 1
    let u = planes[0]
    let v = planes[1]
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
    texture != nil && exact == nil && !nearest && abs(planes[1].dx) > 0.05
  }

  /// Fills pixels `x0...x1` of row `y` (`row` points at its first pixel).
  func fillSpan(row y: Int, from x0: Int, through x1: Int, into row: UnsafeMutablePointer<UInt32>) {
    if let texture {
      if let exact {
        fillExact(texture, exact, y, x0, x1, row)
      } else if nearest {
        fillNearest(texture, y, x0, x1, row)
      } else {
        fillFiltered(texture, y, x0, x1, row)
      }
    } else {
      fillColor(y, x0, x1, row)
    }
  }

  // MARK: - Span fillers

  private func fillExact(
    _ texture: TurnRasterizer.Texture, _ map: (step: Int, offsetX: Int, offsetY: Int),
    _ y: Int, _ x0: Int, _ x1: Int, _ row: UnsafeMutablePointer<UInt32>
  ) {
    let ty = min(texture.height - 1, max(0, y + map.offsetY))
    let source = texture.pixels + ty * texture.width
    let last = texture.width - 1
    let color = fixedColor(x0, y, scale: 256).channels
    let first = map.step * x0 + map.offsetX
    let end = map.step * x1 + map.offsetX
    if white, min(first, end) >= 0, max(first, end) <= last {
      // The common case (flat page parts): a straight or mirrored copy of opaque texels.
      var tx = first
      for x in x0...x1 {
        let pixel = source[tx]
        row[x] = pixel >= 0xFF00_0000 ? pixel : over(pixel, row[x])
        tx += map.step
      }
      return
    }
    for x in x0...x1 {
      let tx = min(last, max(0, map.step * x + map.offsetX))
      var pixel = source[tx]
      if !white { pixel = modulate(pixel, color) }
      row[x] = over(pixel, row[x])
    }
  }

  private func fillFiltered(
    _ texture: TurnRasterizer.Texture, _ y: Int, _ x0: Int, _ x1: Int,
    _ row: UnsafeMutablePointer<UInt32>
  ) {
    let one: Float = 65536
    let bias = Float(Self.bias)
    var cursor = Cursor(
      u: Int((planes[0].at(x0, y) + bias) * one), v: Int((planes[1].at(x0, y) + bias) * one),
      du: Int(planes[0].dx * one), dv: Int(planes[1].dx * one),
      color: fixedColor(x0, y, scale: 256),
      step: constantColor ? ColorStep.zero : colorStep(scale: 256))
    // Where all four texels lie inside the texture no clamping is needed: usually the
    // whole span but for a pixel or two at the page's edges.
    let planesGrey =
      planes[2].dx == planes[3].dx && planes[2].dx == planes[4].dx && planes[2].dy == planes[3].dy
      && planes[2].dy == planes[4].dy && planes[2].base == planes[3].base
      && planes[2].base == planes[4].base && planes[5].dx == 0 && planes[5].dy == 0
      && planes[5].base == 1
    var (first, last) = (0, x1 - x0)
    if !(white || planesGrey) { last = -1 }
    let lowU = Self.bias << 16
    let highU = (Self.bias + texture.width - 1) << 16
    let highV = (Self.bias + texture.height - 1) << 16
    narrow(&first, &last, start: cursor.u, step: cursor.du, low: lowU, high: highU)
    narrow(&first, &last, start: cursor.v, step: cursor.dv, low: lowU, high: highV)
    if first > last {
      fillClamped(texture, &cursor, x0, x1, row)
      return
    }
    if first > 0 { fillClamped(texture, &cursor, x0, x0 + first - 1, row) }
    fillInside(texture, &cursor, x0 + first, x0 + last, row)
    if x0 + last < x1 { fillClamped(texture, &cursor, x0 + last + 1, x1, row) }
  }

  /// The nearest texel, clamped, with any colour.
  private func fillNearest(
    _ texture: TurnRasterizer.Texture, _ y: Int, _ x0: Int, _ x1: Int,
    _ row: UnsafeMutablePointer<UInt32>
  ) {
    let one: Float = 65536
    // Rounded to the nearest texel centre: +½ before truncating.
    let bias = Float(Self.bias) + 0.5
    var u = Int((planes[0].at(x0, y) + bias) * one)
    var v = Int((planes[1].at(x0, y) + bias) * one)
    let du = Int(planes[0].dx * one)
    let dv = Int(planes[1].dx * one)
    var color = fixedColor(x0, y, scale: 256)
    let step = constantColor ? ColorStep.zero : colorStep(scale: 256)
    let lastX = texture.width - 1
    let lastY = texture.height - 1
    for x in x0...x1 {
      let ix = min(lastX, max(0, (u >> 16) - Self.bias))
      let iy = min(lastY, max(0, (v >> 16) - Self.bias))
      var pixel = texture.pixels[iy * texture.width + ix]
      if !white { pixel = modulate(pixel, color.channels) }
      row[x] = pixel >= 0xFF00_0000 ? pixel : over(pixel, row[x])
      u += du
      v += dv
      color.advance(step)
    }
  }

  /// Texel coordinates are kept positive by this offset (texels) before clamping.
  private static let bias = 4096

  /// Texel coordinates (16.16, biased) and colour along a span.
  private struct Cursor {
    var u: Int
    var v: Int
    let du: Int
    let dv: Int
    var color: FixedColor
    let step: ColorStep

    @inline(__always) mutating func advance() {
      u += du
      v += dv
      color.advance(step)
    }
  }

  /// Narrows [first, last] to the offsets i where low ≤ start + step·i < high.
  private func narrow(
    _ first: inout Int, _ last: inout Int, start: Int, step: Int, low: Int, high: Int
  ) {
    if step == 0 {
      if start < low || start >= high { last = first - 1 }
      return
    }
    // Solve for the offsets: i ≥ (low − start) / step and i ≤ (high − 1 − start) / step,
    // the inequalities swapping when step is negative.
    let a = Double(low - start) / Double(step)
    let b = Double(high - 1 - start) / Double(step)
    first = max(first, Int(min(a, b).rounded(.up)))
    last = min(last, Int(max(a, b).rounded(.down)))
    // Guard the rounding at the ends by checking them exactly.
    while first <= last, !(low..<high).contains(start + step * first) { first += 1 }
    while last >= first, !(low..<high).contains(start + step * last) { last -= 1 }
  }

  /// Bilinear without clamping, white or grey-shaded (the sheet's front bands and back).
  private func fillInside(
    _ texture: TurnRasterizer.Texture, _ cursor: inout Cursor, _ x0: Int, _ x1: Int,
    _ row: UnsafeMutablePointer<UInt32>
  ) {
    let stride = texture.width
    let bias = Self.bias
    var u = cursor.u
    var v = cursor.v
    var level = cursor.color.r
    let du = cursor.du
    let dv = cursor.dv
    let dLevel = cursor.step.r
    for x in x0...x1 {
      let texel = texture.pixels + ((v >> 16) - bias) * stride + ((u >> 16) - bias)
      let fx = UInt32((u >> 8) & 0xFF)
      let fy = UInt32((v >> 8) & 0xFF)
      let upper = lerp(texel[0], texel[1], fx)
      let lower = lerp(texel[stride], texel[stride + 1], fx)
      var pixel = lerp(upper, lower, fy)
      if !white { pixel = shade(pixel, UInt32(min(256, max(0, (level + 0x8000) >> 16)))) }
      row[x] = pixel >= 0xFF00_0000 ? pixel : over(pixel, row[x])
      u += du
      v += dv
      level += dLevel
    }
    let count = x1 - x0 + 1
    cursor.u = u
    cursor.v = v
    cursor.color.r = level
    cursor.color.g += cursor.step.g * count
    cursor.color.b += cursor.step.b * count
    cursor.color.a += cursor.step.a * count
  }

  /// Bilinear with clamped edges and any colour.
  private func fillClamped(
    _ texture: TurnRasterizer.Texture, _ cursor: inout Cursor, _ x0: Int, _ x1: Int,
    _ row: UnsafeMutablePointer<UInt32>
  ) {
    let bias = Self.bias
    let lastX = texture.width - 1
    let lastY = texture.height - 1
    for x in x0...x1 {
      let ix = (cursor.u >> 16) - bias
      let iy = (cursor.v >> 16) - bias
      let fx = UInt32((cursor.u >> 8) & 0xFF)
      let fy = UInt32((cursor.v >> 8) & 0xFF)
      let left = min(lastX, max(0, ix))
      let right = min(lastX, max(0, ix + 1))
      let top = texture.pixels + min(lastY, max(0, iy)) * texture.width
      let bottom = texture.pixels + min(lastY, max(0, iy + 1)) * texture.width
      let upper = lerp(top[left], top[right], fx)
      let lower = lerp(bottom[left], bottom[right], fx)
      var pixel = lerp(upper, lower, fy)
      if !white { pixel = modulate(pixel, cursor.color.channels) }
      row[x] = over(pixel, row[x])
      cursor.advance()
    }
  }

  private func fillColor(
    _ y: Int, _ x0: Int, _ x1: Int, _ row: UnsafeMutablePointer<UInt32>
  ) {
    if constantColor {
      let c = fixedColor(x0, y, scale: 255).channels
      let pixel = c.r | c.g << 8 | c.b << 16 | c.a << 24
      if pixel == 0 { return }
      for x in x0...x1 { row[x] = over(pixel, row[x]) }
      return
    }
    var color = fixedColor(x0, y, scale: 255)
    let step = colorStep(scale: 255)
    for x in x0...x1 {
      let c = color.channels
      row[x] = over(c.r | c.g << 8 | c.b << 16 | c.a << 24, row[x])
      color.advance(step)
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

    var channels: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) {
      (channel(r), channel(g), channel(b), channel(a))
    }

    @inline(__always) private func channel(_ value: Int) -> UInt32 {
      UInt32(min(256, max(0, (value + 0x8000) >> 16)))
    }

    @inline(__always) mutating func advance(_ step: ColorStep) {
      r += step.r
      g += step.g
      b += step.b
      a += step.a
    }
  }

  private func fixedColor(_ x: Int, _ y: Int, scale: Float) -> FixedColor {
    func fixed(_ plane: Plane) -> Int { Int(plane.at(x, y) * scale * 65536) }
    return FixedColor(
      r: fixed(planes[2]), g: fixed(planes[3]), b: fixed(planes[4]), a: fixed(planes[5]))
  }

  private func colorStep(scale: Float) -> ColorStep {
    func fixed(_ plane: Plane) -> Int { Int(plane.dx * scale * 65536) }
    return ColorStep(
      r: fixed(planes[2]), g: fixed(planes[3]), b: fixed(planes[4]), a: fixed(planes[5]))
  }
}

// MARK: - Pixel arithmetic (premultiplied RGBA in a UInt32, R in the low byte)

/// Mixes two pixels, `weight`/256 of the way from `a` to `b`, two channels at a time.
@inline(__always) private func lerp(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
  if weight == 0 { return a }
  let keep = 256 - weight
  let rb = (((a & 0xFF00FF) &* keep &+ (b & 0xFF00FF) &* weight) >> 8) & 0xFF00FF
  let ag = ((((a >> 8) & 0xFF00FF) &* keep &+ ((b >> 8) & 0xFF00FF) &* weight) >> 8) & 0xFF00FF
  return rb | (ag << 8)
}

/// Multiplies a pixel's colour (not its alpha) by a grey level 0…256, two channels at a time.
@inline(__always) private func shade(_ pixel: UInt32, _ level: UInt32) -> UInt32 {
  let rb = (((pixel & 0xFF00FF) &* level) >> 8) & 0xFF00FF
  let g = ((((pixel >> 8) & 0xFF) &* level) >> 8) << 8
  return rb | g | (pixel & 0xFF00_0000)
}

/// Multiplies a pixel by a colour whose channels run 0…256.
@inline(__always) private func modulate(
  _ pixel: UInt32, _ c: (r: UInt32, g: UInt32, b: UInt32, a: UInt32)
) -> UInt32 {
  let r = ((pixel & 0xFF) &* c.r) >> 8
  let g = (((pixel >> 8) & 0xFF) &* c.g) >> 8
  let b = (((pixel >> 16) & 0xFF) &* c.b) >> 8
  let a = ((pixel >> 24) &* c.a) >> 8
  return r | (g << 8) | (b << 16) | (a << 24)
}

@inline(__always) private func modulate(_ pixel: UInt32, _ c: TurnSpanSetup.FixedColor) -> UInt32 {
  modulate(pixel, c.channels)
}

/// Premultiplied "over": source plus destination times (1 − source alpha).
@inline(__always) private func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
  let alpha = source >> 24
  if alpha == 255 { return source }
  let keep = 255 - alpha
  var rb = (destination & 0xFF00FF) &* keep &+ 0x800080
  rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
  var ag = ((destination >> 8) & 0xFF00FF) &* keep &+ 0x800080
  ag = ((ag &+ ((ag >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
  return source &+ (rb | (ag << 8))
}
