import Foundation
import QuireBook
import QuireRendering

/// The book's pictures decoded for the terminal, the last few kept: each one flattened
/// over the page's colour and scaled to the pixels of the cells it covers.
final class PictureStore {
  private struct Key: Hashable {
    var book: ObjectIdentifier
    var href: String
    var width: Int
    var height: Int
    var background: Color
  }

  private var kept: [(key: Key, image: RGBAImage?)] = []
  private let capacity = 8

  /// The picture `href` of `book` at `width × height` pixels over `background`; nil when it
  /// cannot be read or decoded (it is then a placeholder, never a crash).
  func picture(_ href: String, of book: Book, width: Int, height: Int, background: Color)
    -> RGBAImage?
  {
    let key = Key(
      book: ObjectIdentifier(book), href: href, width: width, height: height,
      background: background)
    if let found = kept.first(where: { $0.key == key }) { return found.image }
    var image: RGBAImage?
    if let data = try? book.resource(at: href),
      let decoded = try? ImageDecoder.decode(data, name: href)
    {
      image = Self.flattened(fitted(decoded, width: width, height: height), over: background)
    }
    kept.append((key, image))
    if kept.count > capacity { kept.removeFirst() }
    return image
  }

  /// The image scaled to fit `width × height`, keeping its proportions, centred on a
  /// transparent canvas of that size.
  private func fitted(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    let scale = min(Double(width) / Double(image.width), Double(height) / Double(image.height))
    let w = max(1, Int(Double(image.width) * scale))
    let h = max(1, Int(Double(image.height) * scale))
    let scaled = image.scaled(width: w, height: h)
    var canvas = RGBAImage(
      width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    let left = (width - w) / 2
    let top = (height - h) / 2
    for y in 0..<h {
      for x in 0..<w {
        let from = scaled.index(x: x, y: y)
        let to = canvas.index(x: left + x, y: top + y)
        for c in 0..<4 { canvas.pixels[to + c] = scaled.pixels[from + c] }
      }
    }
    return canvas
  }

  /// Premultiplied pixels composited over an opaque colour.
  static func flattened(_ image: RGBAImage, over background: Color) -> RGBAImage {
    var pixels = image.pixels
    let under = [background.red, background.green, background.blue]
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = Int(pixels[i + 3])
      for c in 0..<3 {
        pixels[i + c] = UInt8(min(255, Int(pixels[i + c]) + Int(under[c]) * (255 - alpha) / 255))
      }
      pixels[i + 3] = 255
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)
  }
}
