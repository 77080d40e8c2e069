import Foundation

/// Where a reader asked to go by typing it (`:` in the terminal, Ctrl+G in the window):
/// parsed from what was typed, then resolved against the book (`resolved(in:)`).
///
/// What is understood, case and surrounding spaces aside:
/// - `45` or `p45`, `p. 45`, `page 45` — a page of the book, from 1;
/// - `+10`, `-3` — pages forward or back from the one shown;
/// - `45%`, `12.5 %` — a place by progress through the book, 0 to 100;
/// - `c12`, `ch 12`, `ch. XII`, `chapter 12`, `第12章`, `第十二回` — a chapter by its
///   number, as its title gives it;
/// - anything else — the first contents entry whose title starts with it.
public enum GoToTarget: Hashable, Sendable {
  case page(Int)
  case relativePages(Int)
  case percent(Double)
  case chapter(Int)
  case title(String)

  /// Why what was typed names no place.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The place `input` asks for.
  ///
  /// - Throws: `ParseError` with a message for the reader: nothing typed, page 0, a
  ///   percent past 100.
  public static func parse(_ input: String) throws(ParseError) -> GoToTarget {
    let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw ParseError(
        description: "Type a page number, a percent (45%), a chapter (ch 12) or a title.")
    }
    let lower = text.lowercased()
    if let number = wholeNumber(lower) { return try pageTarget(number) }
    if let first = lower.first, first == "+" || first == "-",
      let number = wholeNumber(String(lower.dropFirst()).trimmingCharacters(in: .whitespaces))
    {
      return .relativePages(first == "+" ? number : -number)
    }
    if lower.hasSuffix("%") {
      let digits = String(lower.dropLast()).trimmingCharacters(in: .whitespaces)
      if let value = decimal(digits) {
        guard value <= 100 else {
          throw ParseError(description: "\(text) is past the end: a percent goes up to 100%.")
        }
        return .percent(value)
      }
    }
    for prefix in ["page", "p.", "p"] where lower.hasPrefix(prefix) {
      let rest = lower.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
      if let number = wholeNumber(rest) { return try pageTarget(number) }
    }
    if let number = ChapterNumber.inQuery(lower) {
      guard number > 0 else { throw ParseError(description: "Chapters are numbered from 1.") }
      return .chapter(number)
    }
    return .title(text)
  }

  private static func pageTarget(_ number: Int) throws(ParseError) -> GoToTarget {
    guard number > 0 else { throw ParseError(description: "Pages are numbered from 1.") }
    return .page(number)
  }

  /// ASCII digits only, at most 9 of them (no sign, no spaces); nil otherwise.
  static func wholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return Int(text)
  }

  /// "12", "12.5" or "12,5" with ASCII digits; nil otherwise.
  private static func decimal(_ text: String) -> Double? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
    guard parts.count <= 2, let whole = parts.first, wholeNumber(String(whole)) != nil else {
      return nil
    }
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].count <= 6,
        parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
      else { return nil }
    }
    return Double(parts.joined(separator: "."))
  }
}
