import QuireRendering

extension RGBAImage {
  /// Swaps red and blue in rows `rows`: R, G, B, A bytes become B, G, R, A, the X
  /// framebuffer's order (SDL's ARGB8888), which SDL's software renderer copies and
  /// blends without converting each pixel; swapping again gives the bytes back.
  mutating func swapRedAndBlue(rows: Range<Int>) {
    let start = max(0, rows.lowerBound) * width
    let end = min(height, rows.upperBound) * width
    guard start < end else { return }
    pixels.withUnsafeMutableBytes { bytes in
      let words = bytes.bindMemory(to: UInt32.self)
      for index in start..<end {
        let word = words[index]
        words[index] = (word & 0xFF00_FF00) | ((word & 0xFF) << 16) | ((word >> 16) & 0xFF)
      }
    }
  }
}
