/// The `BOOK` argument and `--json` flag that every book command shares.
enum BookArgument {
  /// The positional `BOOK`, required.
  static let required = PositionalSpec.required(
    "BOOK", help: "A .txt file, an .epub file, or an unpacked EPUB folder.")

  /// The `--json` flag.
  static let json = OptionSpec.flag(
    "json", help: "Print JSON for scripts (pretty-printed, keys sorted, offsets in UTF-16 units).")
}
