import CPNG
import Foundation

/// PNG encoding and decoding of `RGBAImage`s with libpng's simplified API.
///
/// Turn export's own codec (the only file of Turns that imports libpng), kept apart so it
/// can be unified with the page renderer's PNG writer at merge. PNG stores straight
/// alpha, `RGBAImage` premultiplied: conversion happens here.
package enum TurnPNGCodec {
  /// The PNG file bytes of an image.
  package static func encode(_ image: RGBAImage) throws(TurnExportError) -> [UInt8] {
    let straight = unpremultiplied(image.pixels)
    var png = png_image()
    png.version = UInt32(PNG_IMAGE_VERSION)
    png.width = UInt32(image.width)
    png.height = UInt32(image.height)
    png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var size = 0
    var output: [UInt8] = []
    let ok = straight.withUnsafeBytes { pixels -> Bool in
      // First pass measures, second writes.
      guard
        png_image_write_to_memory(
          &png, nil, &size, 0, pixels.baseAddress, Int32(image.width * 4), nil) != 0
      else { return false }
      output = [UInt8](repeating: 0, count: size)
      return output.withUnsafeMutableBytes { buffer in
        png_image_write_to_memory(
          &png, buffer.baseAddress, &size, 0, pixels.baseAddress, Int32(image.width * 4), nil)
          != 0
      }
    }
    guard ok else {
      let reason = message(of: png)
      png_image_free(&png)
      throw .notEncoded(reason: reason)
    }
    return Array(output.prefix(size))
  }

  /// Decodes PNG bytes into a premultiplied image; `path` only names the source in errors.
  package static func decode(_ bytes: [UInt8], path: String) throws(TurnExportError)
    -> RGBAImage
  {
    var png = png_image()
    png.version = UInt32(PNG_IMAGE_VERSION)
    let begun = bytes.withUnsafeBytes { buffer in
      png_image_begin_read_from_memory(&png, buffer.baseAddress, buffer.count) != 0
    }
    guard begun else { throw .notDecoded(path: path, reason: message(of: png)) }
    png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    let width = Int(png.width)
    let height = Int(png.height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let finished = pixels.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&png, nil, buffer.baseAddress, Int32(width * 4), nil) != 0
    }
    guard finished else {
      let reason = message(of: png)
      png_image_free(&png)
      throw .notDecoded(path: path, reason: reason)
    }
    return RGBAImage(width: width, height: height, pixels: premultiplied(pixels))
  }

  /// Writes an image as a PNG file.
  package static func write(_ image: RGBAImage, to path: String) throws(TurnExportError) {
    try TurnFileWriter.write(encode(image), to: path)
  }

  /// Reads a PNG file.
  package static func read(_ path: String) throws(TurnExportError) -> RGBAImage {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .notDecoded(path: path, reason: "cannot read the file")
    }
    return try decode([UInt8](data), path: path)
  }

  private static func message(of png: png_image) -> String {
    withUnsafeBytes(of: png.message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
  }

  private static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
    var result = pixels
    for index in stride(from: 0, to: result.count, by: 4) {
      let alpha = Int(result[index + 3])
      guard alpha != 255 else { continue }
      for channel in 0..<3 {
        result[index + channel] =
          alpha == 0 ? 0 : UInt8(min(255, (Int(result[index + channel]) * 255 + alpha / 2) / alpha))
      }
    }
    return result
  }

  private static func premultiplied(_ pixels: [UInt8]) -> [UInt8] {
    var result = pixels
    for index in stride(from: 0, to: result.count, by: 4) {
      let alpha = Int(result[index + 3])
      guard alpha != 255 else { continue }
      for channel in 0..<3 {
        result[index + channel] = UInt8((Int(result[index + channel]) * alpha + 127) / 255)
      }
    }
    return result
  }
}

/// Writes bytes to a file, turning failures into `TurnExportError`.
enum TurnFileWriter {
  static func write(_ bytes: [UInt8], to path: String) throws(TurnExportError) {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .notWritten(path: path, reason: error.localizedDescription)
    }
  }
}
