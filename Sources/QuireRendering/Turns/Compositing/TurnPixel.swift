/// Pixel arithmetic for the turn compositor: premultiplied RGBA in a `UInt32` (R in the
/// low byte), two 8-bit channels at a time in 16-bit lanes.
enum TurnPixel {

  /// Mixes two pixels, `weight`/256 of the way from `a` to `b`, two channels at a time.
  @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
    if weight == 0 { return a }
    let keep = 256 - weight
    let rb = (((a & 0xFF00FF) &* keep &+ (b & 0xFF00FF) &* weight) >> 8) & 0xFF00FF
    let ag = ((((a >> 8) & 0xFF00FF) &* keep &+ ((b >> 8) & 0xFF00FF) &* weight) >> 8) & 0xFF00FF
    return rb | (ag << 8)
  }

  /// Multiplies a pixel's colour (not its alpha) by a grey level 0…256, two channels at a time.
  @inline(__always) static func shade(_ pixel: UInt32, _ level: UInt32) -> UInt32 {
    let rb = (((pixel & 0xFF00FF) &* level) >> 8) & 0xFF00FF
    let g = ((((pixel >> 8) & 0xFF) &* level) >> 8) << 8
    return rb | g | (pixel & 0xFF00_0000)
  }

  /// Multiplies a pixel by a colour whose channels run 0…256.
  @inline(__always) static func modulate(
    _ pixel: UInt32, _ c: (r: UInt32, g: UInt32, b: UInt32, a: UInt32)
  ) -> UInt32 {
    let r = ((pixel & 0xFF) &* c.r) >> 8
    let g = (((pixel >> 8) & 0xFF) &* c.g) >> 8
    let b = (((pixel >> 16) & 0xFF) &* c.b) >> 8
    let a = ((pixel >> 24) &* c.a) >> 8
    return r | (g << 8) | (b << 16) | (a << 24)
  }

  /// A pixel times `keep`/255 (rounded), every channel.
  @inline(__always) static func scale(_ pixel: UInt32, _ keep: UInt32) -> UInt32 {
    var rb = (pixel & 0xFF00FF) &* keep &+ 0x800080
    rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
    var ag = ((pixel >> 8) & 0xFF00FF) &* keep &+ 0x800080
    ag = ((ag &+ ((ag >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
    return rb | (ag << 8)
  }

  /// `scale` on four pixels at once, each by its own `keep`: the same integers, lane by lane.
  @inline(__always) static func scale(_ pixels: SIMD4<UInt32>, _ keep: SIMD4<UInt32>)
    -> SIMD4<UInt32>
  {
    let mask = SIMD4<UInt32>(repeating: 0xFF00FF)
    let half = SIMD4<UInt32>(repeating: 0x800080)
    var rb = (pixels & mask) &* keep &+ half
    rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
    var ag = ((pixels &>> 8) & mask) &* keep &+ half
    ag = ((ag &+ ((ag &>> 8) & mask)) &>> 8) & mask
    return rb | (ag &<< 8)
  }

  /// Premultiplied "over": source plus destination times (1 − source alpha).
  @inline(__always) static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
    let alpha = source >> 24
    if alpha == 255 { return source }
    return source &+ scale(destination, 255 - alpha)
  }
}
