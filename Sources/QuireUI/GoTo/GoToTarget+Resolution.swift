import Foundation
public import QuireBook
public import QuireReading

extension GoToTarget {
  /// Where a target leads in a book: what the controller turns to.
  public enum Destination: Hashable, Sendable {
    /// A page of the book, from 1.
    case page(Int)
    /// A place by progress through the book, 0…1.
    case fraction(Double)
    case locator(Locator)
  }

  /// The destination of this target in a book with these contents and pages.
  ///
  /// A relative move stops at the first or last page. A chapter number is the first
  /// contents entry whose title gives that number (`ChapterNumber.inTitle`), else the
  /// entry of that rank among the top-level ones. A title is the first entry, in contents
  /// order, whose title starts with the text typed, case and accents aside, else the
  /// first whose title contains it.
  ///
  /// - Parameters:
  ///   - contents: the book's contents entries in contents order.
  ///   - currentPage: the page shown, from 1.
  ///   - pageCount: the pages of the book, exact or estimated (`isExact`).
  /// - Throws: `ParseError` saying why there is no such place.
  public func resolved(
    in contents: [ContentsNames.Entry], currentPage: Int, pageCount: Int, isExact: Bool = true
  ) throws(ParseError) -> Destination {
    switch self {
    case .page(let number):
      guard number <= pageCount else {
        throw ParseError(
          description: "There is no page \(number): the book has \(isExact ? "" : "about ")"
            + "\(pageCount) page\(pageCount == 1 ? "" : "s").")
      }
      return .page(number)
    case .relativePages(let delta):
      return .page(min(max(1, currentPage + delta), max(1, pageCount)))
    case .percent(let value):
      return .fraction(min(max(value / 100, 0), 1))
    case .chapter(let number):
      if let entry = contents.first(where: { ChapterNumber.inTitle($0.title) == number }) {
        return .locator(entry.locator)
      }
      let top = contents.filter { $0.depth == 0 }
      guard top.indices.contains(number - 1) else {
        throw ParseError(
          description: "There is no chapter \(number): the contents list \(top.count) "
            + "chapter\(top.count == 1 ? "" : "s").")
      }
      return .locator(top[number - 1].locator)
    case .title(let text):
      let wanted = Self.folded(text)
      let folded = contents.map { (entry: $0, title: Self.folded($0.title)) }
      if let match = folded.first(where: { $0.title.hasPrefix(wanted) })
        ?? folded.first(where: { $0.title.contains(wanted) })
      {
        return .locator(match.entry.locator)
      }
      throw ParseError(description: "No chapter in the contents is called “\(text)”.")
    }
  }

  /// A title compared without case, accents or width (full-width letters as ASCII), its
  /// runs of spaces one space.
  static func folded(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
