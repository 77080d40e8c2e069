import QuireBook

/// A book's table of contents resolved to locators: the lines of `quire toc`.
///
/// A book without a TOC is listed by its chapters, so the command always shows where
/// things are.
struct TOCListing: Sendable {
  /// One entry: its depth in the tree, its title, and where it points.
  struct Line: Equatable, Sendable {
    var depth: Int
    var title: String
    /// Nil when the entry points outside the book.
    var locator: Locator?
  }

  var lines: [Line]

  /// Resolves every entry of `book`'s TOC (loading chapters whose fragments need it).
  init(book: Book) {
    if book.toc.isEmpty {
      lines = book.chapters.indices.map {
        Line(depth: 0, title: book.chapters[$0].title, locator: Locator(chapterIndex: $0))
      }
    } else {
      lines = book.toc.flattened().map { entry, depth in
        Line(depth: depth, title: entry.title, locator: book.locator(for: entry))
      }
    }
  }

  /// The listing as text: entry number, title indented two spaces per level, and
  /// `[ch N @ OFFSET]` (chapter numbers are 1-based, as `quire cat --chapter` takes them)
  /// in a column that long titles may push to the right.
  ///
  ///      1  Welcome to Quire          [ch 1 @ 0]
  ///      2    What Quire reads        [ch 1 @ 412]
  func text(width: Int) -> String {
    let numberWidth = String(lines.count).count
    let titles = lines.map { String(repeating: "  ", count: $0.depth) + Self.clean($0.title) }
    let longest = titles.map { DisplayWidth.of($0) }.max() ?? 0
    let column = min(longest, max(width - numberWidth - 20, 20))
    var output = ""
    for (index, line) in lines.enumerated() {
      let number = String(index + 1).leftPadded(to: numberWidth)
      output += "\(number)  \(titles[index].padded(to: column))  \(Self.place(line.locator))\n"
    }
    return output
  }

  /// "[ch 3 @ 1204]", or "[not in this book]".
  static func place(_ locator: Locator?) -> String {
    guard let locator else { return "[not in this book]" }
    return "[ch \(locator.chapterIndex + 1) @ \(locator.offset)]"
  }

  /// A title on one line: whitespace runs (including newlines) become one space.
  static func clean(_ title: String) -> String {
    title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
