import Foundation

/// The per-user folder where embedded fonts are kept as plain files, named by content.
///
/// `$XDG_CACHE_HOME/quire/fonts`, else `~/.cache/quire/fonts`, else the temporary folder.
/// A file is `<sha256>.<ext>` of the de-obfuscated bytes, written once, atomically (a
/// temporary file renamed into place), so concurrent readers never see half a font.
package enum FontCache {
  /// The cache folder: `override` when given, else the per-user default.
  static func directory(override: String?) -> String {
    override ?? userCacheFolder("fonts")
  }

  /// Quire's per-user cache folder `name`: `$XDG_CACHE_HOME/quire/NAME`, else
  /// `~/.cache/quire/NAME`, else `quire-NAME` in the temporary folder.
  package static func userCacheFolder(_ name: String) -> String {
    let environment = ProcessInfo.processInfo.environment
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/quire/" + name
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.cache/quire/" + name
    }
    return NSTemporaryDirectory() + "quire-" + name
  }

  /// Stores `bytes` in `directory` (created when missing) and returns the file's path.
  static func store(_ bytes: Data, fileExtension: String, in directory: String) throws -> String {
    let name = SHA256.hexDigest(of: [UInt8](bytes)) + "." + fileExtension
    let path = directory + "/" + name
    let manager = FileManager.default
    if let size = (try? manager.attributesOfItem(atPath: path))?[.size] as? Int,
      size == bytes.count
    {
      return path
    }
    try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
    return path
  }

  /// "otf", "ttf" or "ttc" for data that starts with an sfnt signature, else nil.
  static func fontExtension(of bytes: Data) -> String? {
    guard bytes.count >= 12 else { return nil }
    let tag = [UInt8](bytes.prefix(4))
    switch tag {
    case [0x00, 0x01, 0x00, 0x00], Array("true".utf8): return "ttf"
    case Array("OTTO".utf8): return "otf"
    case Array("ttcf".utf8): return "ttc"
    default: return nil
    }
  }
}
