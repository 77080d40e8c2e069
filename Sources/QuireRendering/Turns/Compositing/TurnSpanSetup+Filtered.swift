// MARK: - Filtered spans: rotated, rolled and mirrored parts of the sheet

extension TurnSpanSetup {
  func fillFiltered(
    _ texture: TurnRasterizer.Texture, _ y: Int, _ origin: Int, _ x0: Int, _ x1: Int,
    _ row: UnsafeMutablePointer<UInt32>
  ) {
    let one: Float = 65536
    let bias = Float(Self.bias)
    var cursor = Cursor(
      u: Int((planes.u.at(origin, y) + bias) * one),
      v: Int((planes.v.at(origin, y) + bias) * one),
      du: Int(planes.u.dx * one), dv: Int(planes.v.dx * one),
      color: white ? FixedColor(r: 0, g: 0, b: 0, a: 0) : fixedColor(origin, y, scale: 256),
      step: step)
    cursor.advance(times: x0 - origin)
    // Where all four texels lie inside the texture no clamping is needed: usually the
    // whole span but for a pixel or two at the page's edges. Inside and clamped filling
    // give a pixel the same value, so where the span is cut changes nothing.
    var (first, last) = (0, x1 - x0)
    if !(white || greyShading) { last = -1 }
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
  func fillNearest(
    _ texture: TurnRasterizer.Texture, _ y: Int, _ origin: Int, _ x0: Int, _ x1: Int,
    _ row: UnsafeMutablePointer<UInt32>
  ) {
    let one: Float = 65536
    // Rounded to the nearest texel centre: +½ before truncating.
    let bias = Float(Self.bias) + 0.5
    let du = Int(planes.u.dx * one)
    let dv = Int(planes.v.dx * one)
    let skipped = x0 - origin
    var u = Int((planes.u.at(origin, y) + bias) * one) + du * skipped
    var v = Int((planes.v.at(origin, y) + bias) * one) + dv * skipped
    let lastX = texture.width - 1
    let lastY = texture.height - 1
    if greyShading {
      // The back of the sheet: a grey level on an opaque colour, one channel stepped
      // (`shade` gives what `modulate` gives with that level in each colour and alpha 1).
      let dLevel = step.r
      var level = Int(planes.r.at(origin, y) * 256 * 65536) + dLevel * skipped
      for x in x0...x1 {
        let ix = min(lastX, max(0, (u >> 16) - Self.bias))
        let iy = min(lastY, max(0, (v >> 16) - Self.bias))
        let texel = texture.pixels[iy * texture.width + ix]
        let pixel = TurnPixel.shade(texel, UInt32(min(256, max(0, (level + 0x8000) >> 16))))
        row[x] = pixel >= 0xFF00_0000 ? pixel : TurnPixel.over(pixel, row[x])
        u += du
        v += dv
        level += dLevel
      }
      return
    }
    var color = fixedColor(origin, y, scale: 256)
    color.advance(step, times: skipped)
    for x in x0...x1 {
      let ix = min(lastX, max(0, (u >> 16) - Self.bias))
      let iy = min(lastY, max(0, (v >> 16) - Self.bias))
      var pixel = texture.pixels[iy * texture.width + ix]
      if !white { pixel = TurnPixel.modulate(pixel, color.channels) }
      row[x] = pixel >= 0xFF00_0000 ? pixel : TurnPixel.over(pixel, row[x])
      u += du
      v += dv
      color.advance(step)
    }
  }

  /// Texel coordinates are kept positive by this offset (texels) before clamping.
  static let bias = 4096

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

    /// `count` steps at once: the same integers as stepping `count` times.
    @inline(__always) mutating func advance(times count: Int) {
      u += du * count
      v += dv * count
      color.advance(step, times: count)
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
      let upper = TurnPixel.lerp(texel[0], texel[1], fx)
      let lower = TurnPixel.lerp(texel[stride], texel[stride + 1], fx)
      var pixel = TurnPixel.lerp(upper, lower, fy)
      if !white { pixel = TurnPixel.shade(pixel, UInt32(min(256, max(0, (level + 0x8000) >> 16)))) }
      row[x] = pixel >= 0xFF00_0000 ? pixel : TurnPixel.over(pixel, row[x])
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
      let upper = TurnPixel.lerp(top[left], top[right], fx)
      let lower = TurnPixel.lerp(bottom[left], bottom[right], fx)
      var pixel = TurnPixel.lerp(upper, lower, fy)
      if !white { pixel = TurnPixel.modulate(pixel, cursor.color.channels) }
      row[x] = TurnPixel.over(pixel, row[x])
      cursor.advance()
    }
  }
}
