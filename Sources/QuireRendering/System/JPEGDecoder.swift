import CTurboJPEG
import Foundation

/// JPEG decoding with libjpeg-turbo's TurboJPEG API.
///
/// The only file that imports TurboJPEG. A progressive JPEG whose scans times pixels pass
/// `maximumScanPixels` is refused before decoding (`JPEGScans` counts them), and TurboJPEG
/// stops at 500 scans (`TJFLAG_LIMITSCANS`) in any case. libjpeg reports fatal errors by calling an
/// `error_exit` that must not return (it longjmps), which Swift cannot do; TurboJPEG
/// catches that inside the library and returns -1, so a corrupt JPEG is an error here,
/// never a crash. The header is read first and absurd sizes are refused before any
/// pixel buffer is allocated.
enum JPEGDecoder {
  /// The most decoding work a JPEG may ask for, in pixels times scans: a 64-megapixel
  /// photo in the dozen scans of a usual progressive file fits, a picture that repeats its
  /// scans by the thousand does not (it is refused before a pixel is decoded). TurboJPEG's
  /// own limit, 500 scans (`TJFLAG_LIMITSCANS`), stands behind it.
  static let maximumScanPixels = 1_000_000_000

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
      // A progressive JPEG is decoded once per scan: thousands of scans take minutes.
      let scans = JPEGScans.count(in: raw)
      if scans > 1, scans * Int(width) * Int(height) > maximumScanPixels {
        return .failure(
          .imageTooSlow(
            name: name, reason: "\(scans) progressive scans of \(width) × \(height) pixels"))
      }
      var pixels = [UInt8](repeating: 255, count: Int(width) * Int(height) * 4)
      let status = pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, base, UInt(raw.count), target.baseAddress, width, 0, height,
          Int32(TJPF_RGBA.rawValue), TJFLAG_LIMITSCANS)
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

/// JPEG encoding, for tests that need a JPEG of a given kind (a progressive one to turn
/// into a hostile one); Quire itself writes no JPEG.
enum JPEGEncoder {
  /// `pixels` (RGBA, `width × height`) as a progressive JPEG at quality 75, 4:2:0.
  static func progressive(rgba pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
    guard let handle = tjInitCompress() else { return nil }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = pixels.withUnsafeBufferPointer { source in
      tjCompress2(
        handle, source.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
        &output, &size, Int32(TJSAMP_420.rawValue), 75, TJFLAG_PROGRESSIVE)
    }
    defer { tjFree(output) }
    guard status == 0, let output else { return nil }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }
}
