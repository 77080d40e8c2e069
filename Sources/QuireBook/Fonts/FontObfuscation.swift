import Foundation

/// EPUB font obfuscation (`META-INF/encryption.xml`): which fonts are mangled, and how to
/// restore them.
///
/// Two algorithms are in use. The IDPF's (EPUB 3.3 §4.2 "Font obfuscation",
/// `http://www.idpf.org/2008/embedding`) XORs the first 1040 bytes with the SHA-1 of the
/// package's unique identifier, whitespace removed. Adobe's (`http://ns.adobe.com/pdf/enc#RC`)
/// XORs the first 1024 bytes with the 16 bytes of the `urn:uuid:` identifier. Both are
/// their own inverse. Resources encrypted any other way (DRM) cannot be read.
struct FontObfuscation: Sendable {
  /// An obfuscation algorithm with its key.
  enum Algorithm: Hashable, Sendable {
    case idpf
    case adobe
    /// Any other `EncryptionMethod`: real encryption, not readable.
    case unsupported(String)
  }

  static let idpfURI = "http://www.idpf.org/2008/embedding"
  static let adobeURI = "http://ns.adobe.com/pdf/enc#RC"

  /// Package paths of the obfuscated or encrypted resources and how.
  var algorithms: [String: Algorithm] = [:]
  /// The package's unique identifier (the IDPF key's source).
  var identifier: String?

  /// Reads `encryption.xml`'s bytes; a broken file gives no entries (fonts then fail the
  /// signature check and fall back, with a warning).
  init(encryptionXML bytes: [UInt8]?, identifier: String?, bookPath: String) {
    self.identifier = identifier
    guard let bytes,
      let root = try? MarkupParser.parse(
        bytes, mode: .xml, path: bookPath, entry: "META-INF/encryption.xml", maxDepth: 32
      ).root
    else { return }
    for data in root.descendants(where: { $0.name == "EncryptedData" }) {
      let method = data.descendants { $0.name == "EncryptionMethod" }.first?.attribute(
        "Algorithm")
      guard let method,
        let uri = data.descendants(where: { $0.name == "CipherReference" }).first?.attribute(
          "URI"),
        let path = PackagePath.resolve(uri, against: "")
      else { continue }
      switch method {
      case Self.idpfURI: algorithms[path] = .idpf
      case Self.adobeURI: algorithms[path] = .adobe
      default: algorithms[path] = .unsupported(method)
      }
    }
  }

  /// The bytes of the resource at `path` as the book meant them: de-obfuscated when needed.
  /// - Throws: a reason when the resource is encrypted in a way Quire cannot undo.
  func restore(_ data: Data, path: String) throws(FontProblem) -> Data {
    switch algorithms[path] {
    case nil: return data
    case .idpf?:
      guard let identifier else { throw .noKey("the book has no unique identifier") }
      return Self.xor(data, key: Self.idpfKey(identifier), count: 1040)
    case .adobe?:
      guard let key = identifier.flatMap(Self.adobeKey) else {
        throw .noKey("the book's identifier is not a urn:uuid")
      }
      return Self.xor(data, key: key, count: 1024)
    case .unsupported(let method)?:
      throw .encrypted(method)
    }
  }

  /// SHA-1 of the identifier without U+0020, U+0009, U+000D and U+000A.
  static func idpfKey(_ identifier: String) -> [UInt8] {
    SHA1.digest(Array(identifier.utf8.filter { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }))
  }

  /// The 16 bytes of a `urn:uuid:` identifier (hex digits, dashes ignored), or nil.
  static func adobeKey(_ identifier: String) -> [UInt8]? {
    var text = identifier.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if text.hasPrefix("urn:uuid:") { text.removeFirst(9) }
    let digits = text.filter { $0 != "-" }.compactMap(\.hexDigitValue)
    guard digits.count == 32, text.filter({ $0 != "-" }).count == 32 else { return nil }
    return stride(from: 0, to: 32, by: 2).map { UInt8(digits[$0] << 4 | digits[$0 + 1]) }
  }

  /// `data` with its first `count` bytes XORed with `key` repeated.
  static func xor(_ data: Data, key: [UInt8], count: Int) -> Data {
    guard !key.isEmpty else { return data }
    var bytes = [UInt8](data)
    for index in 0..<min(count, bytes.count) { bytes[index] ^= key[index % key.count] }
    return Data(bytes)
  }
}

/// Why an embedded font cannot be used; the message completes "the font … ".
enum FontProblem: Error, Equatable {
  case noKey(String)
  case encrypted(String)

  var message: String {
    switch self {
    case .noKey(let why): "is obfuscated but cannot be restored: \(why)"
    case .encrypted(let method): "is encrypted (\(method)) and cannot be read"
    }
  }
}
