public import QuireBook

/// The name of the place a position is in, as the book's contents name it: what an
/// annotation list or an export groups annotations under.
///
/// A position is named by the deepest contents entry at or before it (a section inside a
/// chapter, else the chapter, else the part); a position before the first entry is front
/// matter. A book without contents names each position by its chapter's title.
public struct ContentsNames: Sendable {
  /// A contents entry with the place it points at.
  public struct Entry: Hashable, Sendable {
    public var title: String
    /// 0 for a top-level entry.
    public var depth: Int
    public var locator: Locator

    /// Creates an entry.
    public init(title: String, depth: Int, locator: Locator) {
      self.title = title
      self.depth = depth
      self.locator = locator
    }
  }

  /// What positions before the first contents entry are called.
  public static let frontMatter = "Front matter"

  /// The entries by place; at one place the deeper after the shallower.
  private let entries: [Entry]
  private let chapterTitles: [String]

  /// Names from resolved entries (in contents order) and the chapters' titles, used when
  /// there are no entries.
  public init(entries: [Entry], chapterTitles: [String]) {
    self.entries = entries.enumerated().sorted {
      let left = ($0.element.locator.chapterIndex, $0.element.locator.offset, $0.element.depth)
      let right = ($1.element.locator.chapterIndex, $1.element.locator.offset, $1.element.depth)
      return left != right ? left < right : $0.offset < $1.offset
    }.map(\.element)
    self.chapterTitles = chapterTitles
  }

  /// The names of `book`'s positions, from its table of contents.
  ///
  /// Entries that point at a fragment load their chapter's text to find its offset
  /// (`Book.locator(for:)`); entries that point nowhere in the book are left out.
  public init(book: Book) {
    var entries: [Entry] = []
    for (entry, depth) in book.toc.flattened() {
      guard let locator = book.locator(for: entry) else { continue }
      var title = Self.oneLine(entry.title)
      if title.isEmpty, book.chapters.indices.contains(locator.chapterIndex) {
        title = Self.oneLine(book.chapters[locator.chapterIndex].title)
      }
      entries.append(Entry(title: title, depth: depth, locator: locator))
    }
    self.init(entries: entries, chapterTitles: book.chapters.map { Self.oneLine($0.title) })
  }

  /// The name of the place `locator` is in.
  ///
  /// - Complexity: O(log entries).
  public func name(at locator: Locator) -> String {
    guard !entries.isEmpty else {
      guard chapterTitles.indices.contains(locator.chapterIndex),
        !chapterTitles[locator.chapterIndex].isEmpty
      else { return "Chapter \(locator.chapterIndex + 1)" }
      return chapterTitles[locator.chapterIndex]
    }
    // The last entry at or before the locator.
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].locator <= locator { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? Self.frontMatter : entries[low - 1].title
  }

  /// A title on one line, its runs of white space one space.
  static func oneLine(_ title: String) -> String {
    title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
