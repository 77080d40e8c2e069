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

  struct Plane {
    var base: Float
    var dx: Float
    var dy: Float

    func at(_ x: Int, _ y: Int) -> Float { base + dx * Float(x) + dy * Float(y) }
  }

  init(_ v0: TurnVertex, _ v1: TurnVertex, _ v2: TurnVertex, texture: TurnRasterizer.Texture?) {
    self.texture = texture
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

  /// Fills pixels `x0...x1` of row `y` (`row` points at its first pixel).
  func fillSpan(row y: Int, from x0: Int, through x1: Int, into row: UnsafeMutablePointer<UInt32>) {
    if let texture {
      if let exact {
        fillExact(texture, exact, y, x0, x1, row)
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
    let color = fixedColor(x0, y, scale: 256)
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
    // 16.16 fixed point, shifted by `bias` texels so it stays positive before clamping.
    let bias = 4096
    let one: Float = 65536
    var u = Int((planes[0].at(x0, y) + Float(bias)) * one)
    var v = Int((planes[1].at(x0, y) + Float(bias)) * one)
    let du = Int(planes[0].dx * one)
    let dv = Int(planes[1].dx * one)
    let lastX = texture.width - 1
    let lastY = texture.height - 1
    var color = fixedColor(x0, y, scale: 256)
    let step = constantColor ? ColorStep.zero : colorStep(scale: 256)
    for x in x0...x1 {
      let ix = (u >> 16) - bias
      let iy = (v >> 16) - bias
      let fx = UInt32((u >> 8) & 0xFF)
      let fy = UInt32((v >> 8) & 0xFF)
      let left = min(lastX, max(0, ix))
      let right = min(lastX, max(0, ix + 1))
      let top = texture.pixels + min(lastY, max(0, iy)) * texture.width
      let bottom = texture.pixels + min(lastY, max(0, iy + 1)) * texture.width
      let upper = lerp(top[left], top[right], fx)
      let lower = lerp(bottom[left], bottom[right], fx)
      var pixel = lerp(upper, lower, fy)
      if !white { pixel = modulate(pixel, color.channels) }
      row[x] = over(pixel, row[x])
      u += du
      v += dv
      color.advance(step)
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
