/// The frames of a whole page turn, for export (`quire render --turn`) and the README.
public enum TurnAnimation {
  /// `frames` pictures of a turn from `from` to `to` (same size), first and last included.
  ///
  /// Progress eases in and out, as a hand turns a page. For curl and leaf the paper veil
  /// takes the colour of the turning page's corner, so themed pages get a matching back.
  public static func render(
    from: RGBAImage, to: RGBAImage, mode: TurnMode, direction: TurnDirection = .forward,
    frames: Int, rightToLeft: Bool = false
  ) -> [RGBAImage] {
    let count = max(2, frames)
    let effect = themedEffect(
      mode, sheet: direction == .forward ? from : to, rightToLeft: rightToLeft)
    return (0..<count).map { index in
      let t = Float(index) / Float(count - 1)
      let eased = t * t * (3 - 2 * t)
      return frame(from: from, to: to, effect: effect, direction: direction, progress: eased)
    }
  }

  /// One picture of a turn at `progress`.
  public static func frame(
    from: RGBAImage, to: RGBAImage, effect: any TurnEffect,
    direction: TurnDirection = .forward, progress: Float
  ) -> RGBAImage {
    let state = TurnState.progress(
      progress, direction: direction, width: from.width, height: from.height)
    return TurnCompositor.render(effect.mesh(for: state), current: from, target: to)
  }

  /// The mode's effect with its paper veil coloured like `sheet`'s top-left pixel.
  /// Mirrored (`MirroredTurnEffect`) when the book turns right to left.
  public static func themedEffect(_ mode: TurnMode, sheet: RGBAImage, rightToLeft: Bool)
    -> any TurnEffect
  {
    let effect = themedEffect(mode, sheet: sheet)
    return rightToLeft ? MirroredTurnEffect(effect) : effect
  }

  /// The mode's effect with its paper veil coloured like `sheet`'s top-left pixel.
  public static func themedEffect(_ mode: TurnMode, sheet: RGBAImage) -> any TurnEffect {
    guard sheet.width > 0, sheet.height > 0 else { return mode.effect }
    let alpha = max(1, Float(sheet.pixels[3]))
    let paper = TurnColor(
      r: Float(sheet.pixels[0]) / alpha, g: Float(sheet.pixels[1]) / alpha,
      b: Float(sheet.pixels[2]) / alpha)
    switch mode {
    case .curl:
      var curl = CurlEffect()
      curl.paper = paper
      return curl
    case .leaf:
      var leaf = LeafEffect()
      leaf.paper = paper
      return leaf
    default: return mode.effect
    }
  }

  /// Frames side by side, each shrunk by `shrink` (a box filter), `gap` pixels apart.
  public static func strip(
    _ frames: [RGBAImage], shrink: Int = 1, gap: Int = 8,
    background: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)
  ) -> RGBAImage {
    let small = frames.map { $0.shrunk(by: max(1, shrink)) }
    guard let first = small.first else { return RGBAImage(width: 0, height: 0) }
    let width = small.reduce(0) { $0 + $1.width } + gap * (small.count - 1)
    var strip = RGBAImage(width: width, height: first.height, fill: background)
    var x = 0
    for frame in small {
      for y in 0..<min(frame.height, strip.height) {
        let source = frame.index(x: 0, y: y)
        let destination = strip.index(x: x, y: y)
        strip.pixels.replaceSubrange(
          destination..<destination + frame.width * 4,
          with: frame.pixels[source..<source + frame.width * 4])
      }
      x += frame.width + gap
    }
    return strip
  }
}

extension RGBAImage {
  /// The image shrunk by a whole factor, each pixel the mean of a `factor`² block.
  func shrunk(by factor: Int) -> RGBAImage {
    guard factor > 1 else { return self }
    let w = width / factor
    let h = height / factor
    var result = RGBAImage(width: w, height: h)
    let count = factor * factor
    for y in 0..<h {
      for x in 0..<w {
        var sums = (0, 0, 0, 0)
        for dy in 0..<factor {
          for dx in 0..<factor {
            let i = index(x: x * factor + dx, y: y * factor + dy)
            sums.0 += Int(pixels[i])
            sums.1 += Int(pixels[i + 1])
            sums.2 += Int(pixels[i + 2])
            sums.3 += Int(pixels[i + 3])
          }
        }
        let o = result.index(x: x, y: y)
        result.pixels[o] = UInt8(sums.0 / count)
        result.pixels[o + 1] = UInt8(sums.1 / count)
        result.pixels[o + 2] = UInt8(sums.2 / count)
        result.pixels[o + 3] = UInt8(sums.3 / count)
      }
    }
    return result
  }
}
