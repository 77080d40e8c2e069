public import Foundation
import QuireBook

extension RGBAImage {
  /// The image as PNG bytes (straight alpha, as PNG stores it).
  public func pngData() throws(RenderingError) -> Data {
    var straight = pixels
    straight.withUnsafeMutableBufferPointer { buffer in
      for index in stride(from: 0, to: buffer.count, by: 4) {
        let alpha = Int(buffer[index + 3])
        if alpha == 255 || alpha == 0 { continue }
        for channel in 0..<3 {
          buffer[index + channel] = UInt8(
            min(255, (Int(buffer[index + channel]) * 255 + alpha / 2) / alpha))
        }
      }
    }
    return try PNGCodec.encode(rgba: straight, width: width, height: height, name: "image")
  }

  /// Writes the image as a PNG file at `path`.
  public func writePNG(to path: String) throws(RenderingError) {
    let data: Data
    do {
      data = try pngData()
    } catch {
      throw .imageNotWritten(path: path, reason: error.description)
    }
    try FileOutput.write([UInt8](data), to: path)
  }

  /// Decodes a PNG or JPEG file into an image (premultiplied).
  public init(contentsOfFile path: String) throws(RenderingError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .imageUnreadable(name: path, reason: SystemErrorText.describe(error))
    }
    self = try ImageDecoder.decode(data, name: path)
  }
}
