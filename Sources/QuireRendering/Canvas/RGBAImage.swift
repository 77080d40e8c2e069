/// A bitmap of premultiplied-alpha RGBA pixels, 8 bits a channel, rows top to bottom.
///
/// The one picture type of QuireRendering: pages render into it, page-turn effects
/// composite from and into it, and PNG export reads it.
public struct RGBAImage: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes: R, G, B, A for each pixel, row by row.
  public var pixels: [UInt8]

  /// A `width`×`height` image filled with one colour (premultiplied).
  public init(
    width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)
  ) {
    precondition(width >= 0 && height >= 0, "image size must not be negative")
    self.width = width
    self.height = height
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    if fill != (0, 0, 0, 0) {
      for index in stride(from: 0, to: pixels.count, by: 4) {
        pixels[index] = fill.r
        pixels[index + 1] = fill.g
        pixels[index + 2] = fill.b
        pixels[index + 3] = fill.a
      }
    }
    self.pixels = pixels
  }

  /// An image from existing pixel bytes (`width * height * 4` of them).
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The byte index of pixel (x, y).
  @inlinable public func index(x: Int, y: Int) -> Int { (y * width + x) * 4 }
}
