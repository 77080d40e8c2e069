package import QuireBook

extension RGBAImage {
  /// An opaque `width × height` image of one colour, filled a row at a time (the first row
  /// pixel by pixel, the rest copied), which is what a page's paper needs every render.
  package static func opaque(width: Int, height: Int, color: Color) -> RGBAImage {
    let rowBytes = width * 4
    let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
      guard let base = buffer.baseAddress, rowBytes > 0, height > 0 else {
        count = 0
        return
      }
      for x in 0..<width {
        base[x * 4] = color.red
        base[x * 4 + 1] = color.green
        base[x * 4 + 2] = color.blue
        base[x * 4 + 3] = 255
      }
      for y in 1..<max(height, 1) {
        (base + y * rowBytes).initialize(from: base, count: rowBytes)
      }
      count = rowBytes * height
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}
