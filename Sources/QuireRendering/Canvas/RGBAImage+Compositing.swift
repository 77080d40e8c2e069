package import QuireBook
package import QuireTypesetting

/// Drawing into an image: rectangles, glyph masks and pictures, blended in linear light.
///
/// Colours are sRGB with straight alpha (`QuireBook.Color`); the image is premultiplied.
/// Pages are opaque, so blending treats the destination's colour as opaque and
/// accumulates its alpha the usual way.
extension RGBAImage {
  /// Makes rows `rows` transparent.
  package mutating func clear(rows: Range<Int>) {
    let start = max(0, rows.lowerBound) * width * 4
    let end = min(height, rows.upperBound) * width * 4
    guard start < end else { return }
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      (base + start).update(repeating: 0, count: end - start)
    }
  }

  /// Blends `color` over the pixels of `rect`, with partial coverage on fractional edges.
  package mutating func fill(_ rect: Rect, color: Color) {
    guard color.alpha > 0, rect.width > 0, rect.height > 0 else { return }
    let x0 = max(0, Int(rect.x.rounded(.down)))
    let x1 = min(width, Int(rect.maxX.rounded(.up)))
    let y0 = max(0, Int(rect.y.rounded(.down)))
    let y1 = min(height, Int(rect.maxY.rounded(.up)))
    guard x0 < x1, y0 < y1 else { return }
    func overlap(_ start: Int, _ low: Double, _ high: Double) -> Double {
      max(0, min(Double(start + 1), high) - max(Double(start), low))
    }
    let columns = (x0..<x1).map { overlap($0, rect.x, rect.maxX) }
    let blender = Blender(color: color)
    let width = width
    pixels.withUnsafeMutableBufferPointer { buffer in
      for y in y0..<y1 {
        let rowCoverage = overlap(y, rect.y, rect.maxY)
        for x in x0..<x1 {
          let coverage = Int((rowCoverage * columns[x - x0] * 255).rounded())
          blender.blend(&buffer, at: (y * width + x) * 4, coverage: coverage)
        }
      }
    }
  }

  /// Blends `color` over a rectangle with corners rounded by `radius` (anti-aliased).
  package mutating func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
    guard color.alpha > 0, rect.width > 0, rect.height > 0 else { return }
    let radius = min(radius, rect.width / 2, rect.height / 2)
    let x0 = max(0, Int(rect.x.rounded(.down)))
    let x1 = min(width, Int(rect.maxX.rounded(.up)))
    let y0 = max(0, Int(rect.y.rounded(.down)))
    let y1 = min(height, Int(rect.maxY.rounded(.up)))
    guard x0 < x1, y0 < y1 else { return }
    let centerX = rect.x + rect.width / 2
    let centerY = rect.y + rect.height / 2
    let halfX = rect.width / 2 - radius
    let halfY = rect.height / 2 - radius
    let blender = Blender(color: color)
    let width = width
    pixels.withUnsafeMutableBufferPointer { buffer in
      for y in y0..<y1 {
        let dy = max(abs(Double(y) + 0.5 - centerY) - halfY, 0)
        for x in x0..<x1 {
          let dx = max(abs(Double(x) + 0.5 - centerX) - halfX, 0)
          let distance = (dx * dx + dy * dy).squareRoot() - radius
          let edge = min(1, max(0, 0.5 - distance))
          // Straight edges inside the corners still get their fractional pixel coverage.
          let inside = min(1, Double(x) + 1 - rect.x, rect.maxX - Double(x))
          let down = min(1, Double(y) + 1 - rect.y, rect.maxY - Double(y))
          let coverage = Int((min(edge, inside, down) * 255).rounded())
          blender.blend(&buffer, at: (y * width + x) * 4, coverage: coverage)
        }
      }
    }
  }

  /// Blends `color` through a glyph's coverage mask placed with its pen at (`x`, `y`).
  mutating func blend(_ mask: GlyphMask, x: Int, y: Int, color: Color) {
    let left = x + mask.left
    let top = y - mask.top
    let columnStart = max(0, -left)
    let columnEnd = min(mask.width, width - left)
    let rowStart = max(0, -top)
    let rowEnd = min(mask.height, height - top)
    guard columnStart < columnEnd, rowStart < rowEnd else { return }
    let blender = Blender(color: color)
    let width = width
    pixels.withUnsafeMutableBufferPointer { buffer in
      mask.coverage.withUnsafeBufferPointer { coverage in
        for row in rowStart..<rowEnd {
          let maskRow = row * mask.width
          let pixelRow = ((top + row) * width + left) * 4
          for column in columnStart..<columnEnd {
            let value = Int(coverage[maskRow + column])
            if value != 0 { blender.blend(&buffer, at: pixelRow + column * 4, coverage: value) }
          }
        }
      }
    }
  }

  /// Draws `image` (premultiplied) with its top-left corner at (`x`, `y`), source over,
  /// its colours multiplied by `brightness` (night themes dim pictures).
  package mutating func draw(_ image: RGBAImage, x: Int, y: Int, brightness: Double = 1) {
    let columnStart = max(0, -x)
    let columnEnd = min(image.width, width - x)
    let rowStart = max(0, -y)
    let rowEnd = min(image.height, height - y)
    guard columnStart < columnEnd, rowStart < rowEnd else { return }
    let scale = Int((min(max(brightness, 0), 1) * 256).rounded())
    let width = width
    pixels.withUnsafeMutableBufferPointer { target in
      image.pixels.withUnsafeBufferPointer { source in
        for row in rowStart..<rowEnd {
          // An opaque row at full brightness (a page on the window's canvas) is copied.
          let first = (row * image.width + columnStart) * 4
          let count = (columnEnd - columnStart) * 4
          if scale == 256, Self.isOpaque(source, from: first, count: count) {
            let d = ((y + row) * width + x + columnStart) * 4
            (target.baseAddress! + d).update(from: source.baseAddress! + first, count: count)
            continue
          }
          for column in columnStart..<columnEnd {
            let s = (row * image.width + column) * 4
            let d = ((y + row) * width + x + column) * 4
            let alpha = Int(source[s + 3])
            if alpha == 0 { continue }
            let keep = 255 - alpha
            for channel in 0..<3 {
              let ink = (Int(source[s + channel]) * scale) >> 8
              target[d + channel] = UInt8((ink * 255 + Int(target[d + channel]) * keep) / 255)
            }
            target[d + 3] = UInt8(alpha + Int(target[d + 3]) * keep / 255)
          }
        }
      }
    }
  }
}

extension RGBAImage {
  /// Whether every pixel in `count` bytes of `pixels` from `start` has alpha 255.
  fileprivate static func isOpaque(
    _ pixels: UnsafeBufferPointer<UInt8>, from start: Int, count: Int
  ) -> Bool {
    var index = start + 3
    let end = start + count
    while index < end {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }
}

/// Blends one colour into pixels at a coverage, in linear light.
private struct Blender {
  let red: Int
  let green: Int
  let blue: Int
  let alpha: Int
  let opaque: (UInt8, UInt8, UInt8)
  let linear = LinearLight.fromSRGB
  let code = LinearLight.toSRGB

  init(color: Color) {
    red = Int(linear[Int(color.red)])
    green = Int(linear[Int(color.green)])
    blue = Int(linear[Int(color.blue)])
    alpha = Int(color.alpha)
    opaque = (color.red, color.green, color.blue)
  }

  /// Blends at byte `index` with `coverage` 0…255 (times the colour's own alpha).
  @inline(__always)
  func blend(_ buffer: inout UnsafeMutableBufferPointer<UInt8>, at index: Int, coverage: Int) {
    let a = alpha == 255 ? coverage : coverage * alpha / 255
    if a <= 0 { return }
    if a >= 255 {
      buffer[index] = opaque.0
      buffer[index + 1] = opaque.1
      buffer[index + 2] = opaque.2
      buffer[index + 3] = 255
      return
    }
    let r = Int(linear[Int(buffer[index])])
    let g = Int(linear[Int(buffer[index + 1])])
    let b = Int(linear[Int(buffer[index + 2])])
    buffer[index] = code[r + (red - r) * a / 255]
    buffer[index + 1] = code[g + (green - g) * a / 255]
    buffer[index + 2] = code[b + (blue - b) * a / 255]
    buffer[index + 3] = UInt8(a + Int(buffer[index + 3]) * (255 - a) / 255)
  }
}
