/// A dictionary opened for lookups: the two formats behind one face.
protocol OpenDictionary: AnyObject {
  /// The name the dictionary gives itself, shown above its definitions.
  var displayName: String { get }
  /// Every entry for `word` as the dictionary matches words (case folded as its index
  /// is sorted), each with its headword as written.
  ///
  /// - Throws: `LookupError` naming the file when a part that was read is damaged.
  func entries(for word: String) throws(LookupError) -> [DictionaryEntry]
}

/// One entry of a dictionary: the headword as written and its definition.
struct DictionaryEntry: Hashable, Sendable {
  var headword: String
  var text: DefinitionText
}

/// Definitions larger than this are refused as damage: the largest GCIDE entry is about
/// 60 KB, and a lying index must not make Quire read gigabytes.
let maximumDefinitionSize = 4 << 20
