/// Whole numbers on the command line: ASCII decimal digits and nothing else.
///
/// `Double` would take "1.5" (and truncate it), "1e3" and "0x10" (sixteen, as a hex
/// float); `Int` would take "+5". A page, a chapter, an offset or a count is typed as
/// digits, so anything else is a usage error.
enum WholeNumber {
  /// The number `text` spells, or nil when it is not only digits (or does not fit).
  static func parse(_ text: String) -> Int? {
    guard !text.isEmpty,
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int(text)
  }

  /// A decimal number as people type one ("16", "12.5"), or nil: unlike `Double(_:)`,
  /// never hexadecimal ("0x10"), an exponent ("1e3"), a sign, "inf" or "nan".
  static func decimal(_ text: String) -> Double? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ part in
        !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      })
    else { return nil }
    return Double(text)
  }

  /// The value of `--name`, checked against `range`; nil when the option is absent.
  ///
  /// - Throws: `UsageError` "--name expects a whole number from A to B, got 'X'" (or
  ///   "from A" for an open range).
  static func option(
    _ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Int>, command: String
  ) throws(UsageError) -> Int? {
    guard let text = arguments.value(name) else { return nil }
    return try value(text, for: "--\(name)", in: range, command: command)
  }

  /// `text` as a whole number in `range`, for the argument called `what` in messages.
  static func value(
    _ text: String, for what: String, in range: ClosedRange<Int>, command: String
  ) throws(UsageError) -> Int {
    guard let number = parse(text), range.contains(number) else {
      let bounds =
        range.upperBound == Int.max
        ? "from \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
      throw UsageError("\(what) expects a whole number \(bounds), got '\(text)'", command: command)
    }
    return number
  }

  /// The 0-based chapter index for a 1-based chapter number of `book`.
  ///
  /// - Throws: `UsageError` when the book has no such chapter: the same message and exit
  ///   code in every command.
  static func chapterIndex(_ number: Int, chapterCount: Int, command: String)
    throws(UsageError) -> Int
  {
    guard (1...max(chapterCount, 1)).contains(number), chapterCount > 0 else {
      throw UsageError(
        "--chapter \(number) does not exist (the book has \(chapterCount))", command: command)
    }
    return number - 1
  }
}
