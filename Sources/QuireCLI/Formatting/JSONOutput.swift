import Foundation

/// The JSON every `--json` option prints: pretty-printed with sorted keys, so output is
/// stable from run to run and diffs well.
enum JSONOutput {
  /// `value` as pretty-printed JSON with sorted keys and a final newline.
  static func encode(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    return compactingEmptyContainers(text) + "\n"
  }

  /// Foundation on Linux prints an empty array or object over three lines; this makes it
  /// `[]` / `{}`. Safe because JSON strings cannot hold a raw newline.
  static func compactingEmptyContainers(_ text: String) -> String {
    text.replacing(#/\[\n\s*\n\s*\]/#, with: "[]").replacing(#/\{\n\s*\n\s*\}/#, with: "{}")
  }
}
