/// Why an image could not be decoded or written, or the renderer could not start.
///
/// Every message names the file (or the book resource) and the problem.
public enum RenderingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A system library (FreeType, TurboJPEG) failed to initialise.
  case libraryUnavailable(String)
  /// The bytes are not a PNG, JPEG or SVG image.
  case unsupportedImage(name: String)
  /// The image header asks for more pixels than a page could ever show; nothing was allocated.
  case imageTooLarge(name: String, width: Int, height: Int)
  /// The decoder rejected the image (corrupt or truncated data).
  case imageUnreadable(name: String, reason: String)
  /// The image would take too long to decode (a progressive JPEG with thousands of scans);
  /// nothing was decoded.
  case imageTooSlow(name: String, reason: String)
  /// A PNG could not be written.
  case imageNotWritten(path: String, reason: String)
  /// The typesetter could not lay out the HUD's text.
  case typesetting(String)
  /// An animation could not be assembled (no frames, frames of different sizes).
  case badFrames(reason: String)

  /// A message naming the file and the problem.
  public var description: String {
    switch self {
    case .libraryUnavailable(let name): "\(name) could not be initialised"
    case .unsupportedImage(let name): "\(name): not a PNG, JPEG or SVG image"
    case .imageTooLarge(let name, let width, let height):
      "\(name): image of \(width) × \(height) pixels is too large to decode (limit "
        + "\(ImageDecoder.maximumSide) px a side, \(ImageDecoder.maximumPixels / 1_000_000) MP)"
    case .imageUnreadable(let name, let reason): "\(name): image not decoded: \(reason)"
    case .imageTooSlow(let name, let reason):
      "\(name): image not decoded: \(reason) would take too long to decode"
    case .imageNotWritten(let path, let reason): "\(path): PNG not written: \(reason)"
    case .typesetting(let message): "HUD text could not be laid out: \(message)"
    case .badFrames(let reason): "cannot write the animation: \(reason)"
    }
  }
}
