public import Foundation
import QuireBook

/// Decodes the pictures of an EPUB (PNG, JPEG and SVG) into premultiplied RGBA images.
///
/// SVG is drawn by librsvg (`SVGRasterizer`), at the size asked for when there is one, so
/// a vector picture is sharp at any page size. Raster sizes are checked from the file header before anything is allocated: an image larger
/// than `maximumSide` pixels a side or `maximumPixels` in all is refused with
/// `RenderingError.imageTooLarge`, so a hostile header cannot make the reader allocate
/// gigabytes.
public enum ImageDecoder {
  /// The longest side accepted, in pixels.
  public static let maximumSide = 16_384
  /// The most pixels accepted (64 MP, 256 MB of RGBA).
  public static let maximumPixels = 64_000_000

  /// Decodes PNG, JPEG or SVG bytes; `name` (the resource's path) appears in error
  /// messages. An SVG is drawn at `width × height` pixels when both are given, else at its
  /// own size; raster images always come at their own size.
  public static func decode(_ data: Data, name: String, width: Int? = nil, height: Int? = nil)
    throws(RenderingError) -> RGBAImage
  {
    let isPNG = data.starts(with: [0x89, 0x50, 0x4E, 0x47])
    guard isPNG || data.starts(with: [0xFF, 0xD8, 0xFF]) else {
      guard ImageHeader.format(of: data) == .svg else { throw .unsupportedImage(name: name) }
      let size = width.flatMap { w in height.map { (width: max(1, w), height: max(1, $0)) } }
      return try SVGRasterizer.decode(data, name: name, size: size)
    }
    // The header alone decides: a hostile size is refused before a decoder even starts.
    if let size = ImageHeader.size(of: data),
      let error = sizeError(width: size.width, height: size.height, name: name)
    {
      throw error
    }
    let decoded =
      isPNG ? try PNGCodec.decode(data, name: name) : try JPEGDecoder.decode(data, name: name)
    var pixels = decoded.pixels
    premultiply(&pixels)
    return RGBAImage(width: decoded.width, height: decoded.height, pixels: pixels)
  }

  /// The error for a header size that must not be allocated, or nil when it is fine.
  static func sizeError(width: Int, height: Int, name: String) -> RenderingError? {
    guard width > 0, height > 0 else {
      return .imageUnreadable(name: name, reason: "image has no pixels (\(width) × \(height))")
    }
    if width > maximumSide || height > maximumSide || width * height > maximumPixels {
      return .imageTooLarge(name: name, width: width, height: height)
    }
    return nil
  }

  /// Straight alpha → premultiplied, in place.
  private static func premultiply(_ pixels: inout [UInt8]) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      for index in stride(from: 0, to: buffer.count, by: 4) {
        let alpha = Int(buffer[index + 3])
        if alpha == 255 { continue }
        for channel in 0..<3 {
          buffer[index + channel] = UInt8((Int(buffer[index + channel]) * alpha + 127) / 255)
        }
      }
    }
  }
}
