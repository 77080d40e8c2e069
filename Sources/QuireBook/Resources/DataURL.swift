public import Foundation

/// A `data:` URL (RFC 2397) that carries an image inside a chapter: an `<img>` whose
/// `src` is one, or an inline `<svg>` drawing, which the importer stores as one so that it
/// reaches the renderer as every other picture does, through `Book.resource(at:)`.
public enum DataURL {
  /// Whether `href` is a `data:` URL.
  public static func isDataURL(_ href: String) -> Bool {
    href.utf8.count > 5 && href.prefix(5).lowercased() == "data:"
  }

  /// `data` as a base64 `data:` URL of type `mediaType`.
  static func make(mediaType: String, data: Data) -> String {
    "data:\(mediaType);base64," + data.base64EncodedString()
  }

  /// The bytes of a `data:` URL (base64 or percent-encoded), or nil when it is malformed.
  public static func decode(_ href: String) -> Data? {
    guard isDataURL(href), let comma = href.firstIndex(of: ",") else { return nil }
    let header = href[href.index(href.startIndex, offsetBy: 5)..<comma]
    let payload = href[href.index(after: comma)...]
    if header.lowercased().hasSuffix(";base64") {
      let compact = payload.filter { !$0.isWhitespace }
      return Data(base64Encoded: String(compact), options: .ignoreUnknownCharacters)
    }
    return String(payload).removingPercentEncoding.map { Data($0.utf8) }
  }
}
