import Foundation

/// A StarDict `.ifo` file: the dictionary's name and what its other files hold.
///
/// Text, one `key=value` a line after the magic line `StarDict's dict ifo file`. Quire
/// needs `bookname`, `wordcount` and `idxfilesize` (each checked against the files),
/// `synwordcount` when a `.syn` is present, `idxoffsetbits` (32, or 64 in version 3.0.0)
/// and `sametypesequence`, the types of every entry's fields when all entries share them.
/// A `lang` key (`en`, `en-fr`: KOReader reads it too) gives the languages.
struct StarDictInfo: Hashable, Sendable {
  var bookName: String
  var wordCount: Int
  var synonymCount: Int?
  var indexFileSize: Int
  /// 32 or 64: the width of the data offsets in the `.idx`.
  var offsetBits: Int
  /// The type letters of every entry's fields, when the dictionary has one sequence.
  var sameTypeSequence: [UInt8]?
  var sourceLanguage: String?
  var targetLanguage: String?

  /// The data types StarDict defines: lower-case letters are text ending in NUL (`m` plain
  /// text, `l` locale text, `g` Pango markup, `t` phonetics, `x` XDXF, `y` kana or pinyin,
  /// `k` KingSoft XML, `w` MediaWiki, `h` HTML, `n` WordNet, `r` resources), upper-case
  /// ones binary with a 32-bit size (`W` wav, `P` picture, `X` reserved).
  static let textTypes = Set("mlgtxykwhnr".utf8)
  static let binaryTypes = Set("WPX".utf8)

  /// The largest `.ifo` Quire reads.
  static let maximumSize = 1 << 16

  /// Reads an `.ifo`'s text.
  ///
  /// - Throws: `LookupError.damaged` naming `path` for a missing magic line or a required
  ///   key that is absent or not a number, `.unsupported` for offsets neither 32 nor 64
  ///   bits or a type letter StarDict does not define.
  static func parse(_ bytes: [UInt8], path: String) throws(LookupError) -> StarDictInfo {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard lines.first == "StarDict's dict ifo file" else {
      throw LookupError(
        .damaged, path: path,
        "not a StarDict .ifo (its first line is not “StarDict's dict ifo file”)")
    }
    lines.removeFirst()
    var values: [String: String] = [:]
    for line in lines {
      guard let equals = line.firstIndex(of: "=") else { continue }
      values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    func number(_ key: String) throws(LookupError) -> Int {
      guard let value = values[key] else {
        throw LookupError(.damaged, path: path, "the .ifo has no \(key)")
      }
      guard let number = Int(value), number >= 0 else {
        throw LookupError(.damaged, path: path, "the .ifo's \(key) “\(value)” is not a count")
      }
      return number
    }
    let bits = try values["idxoffsetbits"] == nil ? 32 : number("idxoffsetbits")
    guard bits == 32 || bits == 64 else {
      throw LookupError(.unsupported, path: path, "idxoffsetbits=\(bits) is neither 32 nor 64")
    }
    var sequence: [UInt8]?
    if let types = values["sametypesequence"], !types.isEmpty {
      sequence = Array(types.utf8)
      if let unknown = sequence?.first(where: {
        !textTypes.contains($0) && !binaryTypes.contains($0)
      }) {
        throw LookupError(
          .unsupported, path: path,
          "sametypesequence has the type “\(Character(Unicode.Scalar(unknown)))”, which StarDict does not define"
        )
      }
    }
    let languages = DictionaryLanguage.pair(from: values["lang"] ?? "")
    return StarDictInfo(
      bookName: values["bookname"] ?? "",
      wordCount: try number("wordcount"),
      synonymCount: values["synwordcount"] == nil ? nil : try number("synwordcount"),
      indexFileSize: try number("idxfilesize"), offsetBits: bits, sameTypeSequence: sequence,
      sourceLanguage: languages.source, targetLanguage: languages.target)
  }
}
