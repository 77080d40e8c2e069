/// Aligned "key: value" lines, the format of `quire info`.
enum KeyValueTable {
  /// Renders `rows` with values aligned in one column and wrapped to `width`.
  static func render(_ rows: [(String, String)], width: Int) -> String {
    let column = (rows.map { DisplayWidth.of($0.0) }.max() ?? 0) + 2
    var output = ""
    for (key, value) in rows {
      let lines = TextWrapper.wrap(value, width: width, indent: column)
      let first = lines.first.map { String($0.dropFirst(column)) } ?? ""
      output += "\(key):".padded(to: column) + first + "\n"
      output += lines.dropFirst().map { $0 + "\n" }.joined()
    }
    return output
  }
}
