/// Why the typesetting engine could not start or load a resource.
public enum TypesettingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A system library (fontconfig, FreeType) failed to initialise.
  case libraryUnavailable(String)
  /// A font file could not be opened as a face.
  case fontUnreadable(path: String, index: Int)
  /// No installed font matches the request.
  case noFont(family: String)
  /// A PNG could not be written.
  case imageNotWritten(path: String, reason: String)

  /// A message naming the file and the problem.
  public var description: String {
    switch self {
    case .libraryUnavailable(let name): "\(name) could not be initialised"
    case .fontUnreadable(let path, let index): "\(path): face \(index) is not a readable font"
    case .noFont(let family): "no installed font matches \"\(family)\""
    case .imageNotWritten(let path, let reason): "\(path): PNG not written: \(reason)"
    }
  }
}
