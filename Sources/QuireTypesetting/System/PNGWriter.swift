import CPNG

/// Writes 8-bit RGBA pixels as a PNG with libpng's simplified API (no `setjmp` needed).
///
/// The only file that imports libpng.
enum PNGWriter {
  static func write(
    rgba pixels: [UInt8], width: Int, height: Int, to path: String
  ) throws(TypesettingError) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    let ok = pixels.withUnsafeBytes { bytes in
      png_image_write_to_file(&image, path, 0, bytes.baseAddress, Int32(width * 4), nil)
    }
    if ok == 0 {
      let message = withUnsafeBytes(of: image.message) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      png_image_free(&image)
      throw .imageNotWritten(path: path, reason: message)
    }
  }
}
