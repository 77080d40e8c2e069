import Foundation

/// One of OpenCC's binary dictionaries (`.ocd2`, libopencc-data): phrases or characters
/// of one script and their forms in another.
///
/// The file is the header "OPENCC_MARISA_0.2.5", a marisa-trie of the keys (`MarisaTrie`),
/// then the values: their count, the bytes of every value (NUL-terminated, in key-id
/// order), and for each key the number of its values and their lengths. A key's first
/// value is the one OpenCC converts to.
struct OpenCCDictionary {
  /// Keys and their first values, as Unicode scalars.
  private(set) var entries: [(key: [Unicode.Scalar], value: [Unicode.Scalar])] = []

  static let header = Array("OPENCC_MARISA_0.2.5".utf8)

  /// Reads the dictionary at `path`.
  /// - Throws: `BookError` naming the file when it is missing or not a dictionary.
  init(path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BookError(.fileNotFound, path: path, "the OpenCC dictionary cannot be read")
    }
    do {
      try self.init(bytes: Array(data))
    } catch let error as MarisaTrie.FormatError {
      throw BookError(
        .malformedDocument, path: path, "is not an OpenCC dictionary: \(error.detail)")
    }
  }

  /// Reads a dictionary from its bytes.
  init(bytes: [UInt8]) throws {
    var reader = ByteReader(bytes)
    guard try reader.bytes(Self.header.count) == Self.header else {
      throw MarisaTrie.FormatError(detail: "the OpenCC header is missing")
    }
    let trie = try MarisaTrie(&reader)
    let keys = try trie.keys()
    let count = Int(try reader.uint32())
    guard count == keys.count else {
      throw MarisaTrie.FormatError(detail: "\(keys.count) keys but \(count) values")
    }
    let total = Int(try reader.uint32())
    let values = try reader.bytes(total)
    var cursor = 0
    entries.reserveCapacity(count)
    for key in keys {
      let number = Int(try reader.uint16())
      var first: ArraySlice<UInt8>?
      for _ in 0..<number {
        let length = Int(try reader.uint16())
        guard length >= 1, cursor + length <= values.count else {
          throw MarisaTrie.FormatError(detail: "a value runs past the values")
        }
        // Each value ends with a NUL.
        if first == nil { first = values[cursor..<(cursor + length - 1)] }
        cursor += length
      }
      guard let first else { continue }
      let keyScalars = Array(String(decoding: key, as: UTF8.self).unicodeScalars)
      let valueScalars = Array(String(decoding: first, as: UTF8.self).unicodeScalars)
      guard !keyScalars.isEmpty else { continue }
      entries.append((keyScalars, valueScalars))
    }
  }
}
