public import Foundation
public import QuireBook
public import QuireReading

/// A book's bookmarks, highlights and notes as the annotations panel (and
/// `quire annotations`) lists them: grouped under the contents entry they are in, in
/// reading order, each with its text, colour, style, note and dates; unplaced highlights
/// last, under a heading of their own.
///
/// A pure value: built from the library's annotations, the book's contents names and a
/// way to read a chapter's text, and filtered without the library.
public struct AnnotationList: Hashable, Sendable {
  /// What a row is.
  public enum Kind: Hashable, Sendable {
    case bookmark
    case highlight
  }

  /// One bookmark or highlight.
  public struct Entry: Hashable, Sendable, Identifiable {
    /// A row's identity across kinds (ids are the library's, per kind).
    public struct ID: Hashable, Sendable {
      public var kind: Kind
      public var number: Int
    }

    public var kind: Kind
    /// The library's id of the bookmark or highlight.
    public var number: Int
    /// Where it is (a highlight's start).
    public var locator: Locator
    /// A highlight's end.
    public var end: Locator?
    /// The highlighted text, or the text at a bookmark, on one line and at most
    /// `AnnotationList.snippetLength` characters (cut with an ellipsis).
    public var snippet: String
    public var colour: Highlight.Colour?
    public var style: Highlight.Style?
    public var note: String?
    public var createdAt: Date
    public var modifiedAt: Date
    /// A highlight whose text the book no longer has.
    public var isUnplaced: Bool

    public var id: ID { ID(kind: kind, number: number) }
  }

  /// A contents entry's name and the annotations in it.
  public struct Group: Hashable, Sendable {
    public var title: String
    public var entries: [Entry]
  }

  /// What a reader narrows the list to; the empty filter keeps everything.
  public struct Filter: Hashable, Sendable {
    /// Only highlights of this colour (and no bookmarks).
    public var colour: Highlight.Colour?
    /// Only entries whose text, note or group title contains this, case and accents aside.
    public var text: String

    /// Creates a filter.
    public init(colour: Highlight.Colour? = nil, text: String = "") {
      self.colour = colour
      self.text = text
    }

    /// Whether it keeps everything.
    public var isEmpty: Bool { colour == nil && text.isEmpty }
  }

  /// The longest snippet a row shows, in characters.
  public static let snippetLength = 160
  /// What unplaced highlights are listed under.
  public static let unplacedTitle = "Not found in this edition"

  public var groups: [Group]

  /// Every entry in list order.
  public var entries: [Entry] { groups.flatMap(\.entries) }

  /// A list of `groups` as they are.
  public init(groups: [Group]) {
    self.groups = groups
  }

  /// The list of a book's annotations.
  ///
  /// - Parameters:
  ///   - names: the book's contents names.
  ///   - chapterText: a chapter's text, nil when it cannot be read (the snippet then comes
  ///     from the locator's own).
  public init(
    bookmarks: [Bookmark], highlights: [Highlight], names: ContentsNames,
    chapterText: (Int) -> StyledText?
  ) {
    var placed: [Entry] = []
    var unplaced: [Entry] = []
    for bookmark in bookmarks {
      placed.append(
        Entry(
          kind: .bookmark, number: bookmark.id, locator: bookmark.locator, end: nil,
          snippet: Self.snippet(at: bookmark.locator, chapterText: chapterText),
          colour: nil, style: nil, note: bookmark.note, createdAt: bookmark.createdAt,
          modifiedAt: bookmark.modifiedAt, isUnplaced: false))
    }
    for highlight in highlights {
      let entry = Entry(
        kind: .highlight, number: highlight.id, locator: highlight.start, end: highlight.end,
        snippet: highlight.isUnplaced
          ? Self.cut(highlight.start.textAfter ?? "")
          : Self.snippet(of: highlight, chapterText: chapterText),
        colour: highlight.colour, style: highlight.style, note: highlight.note,
        createdAt: highlight.createdAt, modifiedAt: highlight.modifiedAt,
        isUnplaced: highlight.isUnplaced)
      if highlight.isUnplaced { unplaced.append(entry) } else { placed.append(entry) }
    }
    // Stable: at one place a bookmark comes before a highlight.
    placed = placed.enumerated().sorted {
      let left = ($0.element.locator.chapterIndex, $0.element.locator.offset)
      let right = ($1.element.locator.chapterIndex, $1.element.locator.offset)
      return left != right ? left < right : $0.offset < $1.offset
    }.map(\.element)
    var groups: [Group] = []
    for entry in placed {
      let title = names.name(at: entry.locator)
      if groups.last?.title == title {
        groups[groups.count - 1].entries.append(entry)
      } else {
        groups.append(Group(title: title, entries: [entry]))
      }
    }
    if !unplaced.isEmpty { groups.append(Group(title: Self.unplacedTitle, entries: unplaced)) }
    self.groups = groups
  }

  /// The list narrowed by `filter`; groups left empty are dropped.
  public func filtered(by filter: Filter) -> AnnotationList {
    guard !filter.isEmpty else { return self }
    let wanted = GoToTarget.folded(filter.text)
    return AnnotationList(
      groups: groups.compactMap { group in
        let title = GoToTarget.folded(group.title)
        let kept = group.entries.filter { entry in
          if let colour = filter.colour, entry.colour != colour { return false }
          guard !wanted.isEmpty else { return true }
          return title.contains(wanted) || GoToTarget.folded(entry.snippet).contains(wanted)
            || GoToTarget.folded(entry.note ?? "").contains(wanted)
        }
        return kept.isEmpty ? nil : Group(title: group.title, entries: kept)
      })
  }

  /// The text at a bookmark: from its place on, in its chapter.
  private static func snippet(at locator: Locator, chapterText: (Int) -> StyledText?) -> String {
    guard let text = chapterText(locator.chapterIndex) else {
      return cut((locator.textBefore ?? "") + (locator.textAfter ?? ""))
    }
    let start = min(max(0, locator.offset), text.length)
    return cut(PassageText.text(of: start..<min(text.length, start + snippetLength * 2), in: text))
  }

  /// A highlight's text, read no further than a snippet needs.
  private static func snippet(of highlight: Highlight, chapterText: (Int) -> StyledText?)
    -> String
  {
    guard let text = chapterText(highlight.start.chapterIndex) else {
      return cut(highlight.start.textAfter ?? "")
    }
    let start = min(max(0, highlight.start.offset), text.length)
    let end =
      highlight.end.chapterIndex == highlight.start.chapterIndex
      ? min(highlight.end.offset, text.length) : text.length
    let limit = min(end, start + snippetLength * 2)
    let snippet = cut(PassageText.text(of: start..<max(start, limit), in: text))
    let continues = limit < end || highlight.end.chapterIndex != highlight.start.chapterIndex
    return continues && !snippet.hasSuffix("…") ? snippet + "…" : snippet
  }

  /// Text on one line (paragraphs and line breaks become spaces), at most
  /// `snippetLength` characters.
  ///
  /// - Complexity: O(`snippetLength`): the text is read no further than the cut.
  static func cut(_ text: String) -> String {
    var line = ""
    var count = 0
    var lastWasBreak = true
    for character in text {
      if count == snippetLength {
        // One character too many: the last one gives way to the ellipsis.
        line.removeLast()
        return line + "…"
      }
      let isBreak = character == "\n" || character == "\u{2028}"
      if isBreak {
        if lastWasBreak { continue }
        line.append(" ")
      } else {
        line.append(character)
      }
      lastWasBreak = isBreak
      count += 1
    }
    return lastWasBreak && line.hasSuffix(" ") ? String(line.dropLast()) : line
  }
}
