import Foundation
import QuireBook

/// The JSON every `--json` option prints: pretty-printed with sorted keys, so output is
/// stable from run to run and diffs well.
enum JSONOutput {
  /// `value` as pretty-printed JSON with sorted keys and a final newline.
  static func encode(_ value: some Encodable) throws -> String {
    try JSONCoding.text(value) + "\n"
  }
}
