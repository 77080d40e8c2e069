import CPNG
import Foundation

/// PNG decoding and encoding with libpng's simplified API (no `setjmp` needed).
///
/// The only file of QuireRendering that imports libpng. Decoding reads the header first
/// and refuses absurd sizes before any pixel buffer is allocated.
enum PNGCodec {
  /// Decodes PNG bytes into straight-alpha RGBA; `name` appears in error messages.
  static func decode(_ data: Data, name: String) throws(RenderingError) -> (
    width: Int, height: Int, pixels: [UInt8]
  ) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let result: Result<(Int, Int, [UInt8]), RenderingError> = data.withUnsafeBytes { bytes in
      guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
        return .failure(.imageUnreadable(name: name, reason: message(of: image)))
      }
      let width = Int(image.width)
      let height = Int(image.height)
      if let error = ImageDecoder.sizeError(width: width, height: height, name: name) {
        png_image_free(&image)
        return .failure(error)
      }
      image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let ok = pixels.withUnsafeMutableBytes { target in
        png_image_finish_read(&image, nil, target.baseAddress, Int32(width * 4), nil)
      }
      guard ok != 0 else {
        let reason = message(of: image)
        png_image_free(&image)
        return .failure(.imageUnreadable(name: name, reason: reason))
      }
      return .success((width, height, pixels))
    }
    let (width, height, pixels) = try result.get()
    return (width, height, pixels)
  }

  /// Encodes straight-alpha RGBA pixels as PNG bytes.
  static func encode(rgba pixels: [UInt8], width: Int, height: Int, name: String)
    throws(RenderingError) -> Data
  {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var size = 0
    let stride = Int32(width * 4)
    let measured = pixels.withUnsafeBytes {
      png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, stride, nil)
    }
    guard measured != 0, size > 0 else {
      let reason = message(of: image)
      png_image_free(&image)
      throw .imageNotWritten(path: name, reason: reason)
    }
    var data = Data(count: size)
    let written = data.withUnsafeMutableBytes { target in
      pixels.withUnsafeBytes {
        png_image_write_to_memory(
          &image, target.baseAddress, &size, 0, $0.baseAddress, stride, nil)
      }
    }
    guard written != 0 else {
      let reason = message(of: image)
      png_image_free(&image)
      throw .imageNotWritten(path: name, reason: reason)
    }
    return data.prefix(size)
  }

  private static func message(of image: png_image) -> String {
    withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
  }
}
