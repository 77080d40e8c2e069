import CTurboJPEG
import Foundation

/// JPEG decoding with libjpeg-turbo's TurboJPEG API.
///
/// The only file that imports TurboJPEG. libjpeg reports fatal errors by calling an
/// `error_exit` that must not return (it longjmps), which Swift cannot do; TurboJPEG
/// catches that inside the library and returns -1, so a corrupt JPEG is an error here,
/// never a crash. The header is read first and absurd sizes are refused before any
/// pixel buffer is allocated.
enum JPEGDecoder {
  /// Decodes JPEG bytes into opaque RGBA; `name` appears in error messages.
  static func decode(_ data: Data, name: String) throws(RenderingError) -> (
    width: Int, height: Int, pixels: [UInt8]
  ) {
    guard let handle = tjInitDecompress() else { throw .libraryUnavailable("TurboJPEG") }
    defer { tjDestroy(handle) }
    let result: Result<(Int, Int, [UInt8]), RenderingError> = data.withUnsafeBytes { raw in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else {
        return .failure(.imageUnreadable(name: name, reason: "no data"))
      }
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      guard
        tjDecompressHeader3(
          handle, base, UInt(raw.count), &width, &height, &subsampling, &colorspace) == 0
      else {
        return .failure(.imageUnreadable(name: name, reason: errorText(handle)))
      }
      if let error = ImageDecoder.sizeError(width: Int(width), height: Int(height), name: name) {
        return .failure(error)
      }
      var pixels = [UInt8](repeating: 255, count: Int(width) * Int(height) * 4)
      let status = pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, base, UInt(raw.count), target.baseAddress, width, 0, height,
          Int32(TJPF_RGBA.rawValue), 0)
      }
      // A warning (e.g. a truncated scan) still leaves a usable, partly grey picture.
      if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
        return .failure(.imageUnreadable(name: name, reason: errorText(handle)))
      }
      return .success((Int(width), Int(height), pixels))
    }
    let (width, height, pixels) = try result.get()
    return (width, height, pixels)
  }

  private static func errorText(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown TurboJPEG error" }
    return String(cString: text)
  }
}
