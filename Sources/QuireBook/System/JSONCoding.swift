public import Foundation

/// The one JSON setup Quire writes and reads with: keys sorted (output is stable from run
/// to run and diffs well), slashes left as they are, dates as ISO 8601.
///
/// `--json` output, annotation exports, the metadata column of the library and the
/// window's state report all go through it, so a date or a key order never differs
/// between two of them.
public enum JSONCoding {
  /// An encoder with Quire's setup; `pretty` for what people read, compact for what a
  /// program reads (the library's metadata column, the window's state report).
  public static func encoder(pretty: Bool = true) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  /// A decoder that reads what `encoder` writes.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// `value` as pretty-printed JSON text, empty arrays and objects written `[]` and `{}`.
  public static func text(_ value: some Encodable) throws -> String {
    compactingEmptyContainers(String(decoding: try encoder().encode(value), as: UTF8.self))
  }

  /// Foundation on Linux prints an empty array or object over three lines; this makes it
  /// `[]` / `{}`. Safe because JSON strings cannot hold a raw newline.
  public static func compactingEmptyContainers(_ text: String) -> String {
    text.replacing(#/\[\n\s*\n\s*\]/#, with: "[]").replacing(#/\{\n\s*\n\s*\}/#, with: "{}")
  }
}
