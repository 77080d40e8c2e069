/// The definitions file of a dictionary (dictd's `.dict`, StarDict's `.dict`), plain or
/// compressed with dictzip: bytes by offset and length, as the index gives them.
protocol DictionaryData: AnyObject {
  /// The file, for messages.
  var path: String { get }
  /// The uncompressed size.
  var size: Int { get }
  /// The uncompressed bytes `offset..<offset + count`.
  ///
  /// - Throws: `LookupError.damaged` when the range runs past the end or the file's data
  ///   is corrupt.
  func bytes(at offset: Int, count: Int) throws(LookupError) -> [UInt8]
}

extension DictionaryData {
  /// Throws unless `offset..<offset + count` lies inside the data.
  func checkRange(_ offset: Int, _ count: Int, entry: String) throws(LookupError) {
    guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
      throw LookupError(
        .damaged, path: path,
        "the entry for “\(entry)” points to bytes \(offset)–\(offset &+ count), past the end of "
          + "the data (\(size) bytes)")
    }
  }
}

/// Opens the definitions file at `path`: dictzip when it ends in `.dz`, else plain.
func openDictionaryData(_ path: String) throws(LookupError) -> any DictionaryData {
  path.hasSuffix(".dz") ? try DictzipFile(path: path) : try PlainDictionaryData(path: path)
}

/// An uncompressed `.dict`, read with `pread` where the index points.
final class PlainDictionaryData: DictionaryData {
  private let file: RegularFile

  init(path: String) throws(LookupError) {
    file = try RegularFile(path: path)
  }

  var path: String { file.path }
  var size: Int { file.size }

  func bytes(at offset: Int, count: Int) throws(LookupError) -> [UInt8] {
    try file.read(at: offset, count: count)
  }
}
