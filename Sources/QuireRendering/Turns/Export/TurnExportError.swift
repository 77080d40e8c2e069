/// Why a turn animation or frame could not be written or read.
///
/// (Turn export's own error until the rendering module's error type lands; unify at merge.)
public enum TurnExportError: Error, Equatable, CustomStringConvertible {
  /// libpng refused to encode a frame.
  case notEncoded(reason: String)
  /// A PNG could not be decoded.
  case notDecoded(path: String, reason: String)
  /// The file could not be written.
  case notWritten(path: String, reason: String)
  /// There was nothing to write, or the frames differ in size.
  case badFrames(reason: String)

  public var description: String {
    switch self {
    case .notEncoded(let reason): "could not encode a PNG frame: \(reason)"
    case .notDecoded(let path, let reason): "\(path): not a readable PNG: \(reason)"
    case .notWritten(let path, let reason): "\(path): could not write: \(reason)"
    case .badFrames(let reason): "cannot write the animation: \(reason)"
    }
  }
}
