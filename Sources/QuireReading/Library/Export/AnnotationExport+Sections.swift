import Foundation
import QuireBook

extension AnnotationExport {
  /// One bookmark or highlight of an export, for the documents written for people.
  enum Item {
    case bookmark(ExportedBookmark)
    case highlight(ExportedHighlight)

    var locator: Locator {
      switch self {
      case .bookmark(let bookmark): bookmark.locator
      case .highlight(let highlight): highlight.start
      }
    }

    var note: String? {
      switch self {
      case .bookmark(let bookmark): bookmark.note
      case .highlight(let highlight): highlight.note
      }
    }
  }

  /// A heading of a document written for people and the annotations under it.
  struct Section {
    var title: String
    var items: [Item]
  }

  /// What unplaced highlights are listed under.
  static let unplacedTitle = "Not found in this edition"

  /// The annotations in reading order (at one place, bookmarks first), under the name of
  /// the contents entry they are in ("Chapter n" when the export does not name it), one
  /// section for each run of one name; unplaced highlights last, under their own heading.
  func sections() -> [Section] {
    var placed = bookmarks.map { Item.bookmark($0) }
    var unplaced: [Item] = []
    for highlight in highlights {
      if highlight.isUnplaced {
        unplaced.append(.highlight(highlight))
      } else {
        placed.append(.highlight(highlight))
      }
    }
    // A stable sort: bookmarks were added first, so they lead at one place.
    placed = placed.enumerated().sorted {
      let left = ($0.element.locator.chapterIndex, $0.element.locator.offset)
      let right = ($1.element.locator.chapterIndex, $1.element.locator.offset)
      return left != right ? left < right : $0.offset < $1.offset
    }.map(\.element)
    var sections: [Section] = []
    for item in placed {
      let title = Self.chapterName(of: item)
      if sections.last?.title == title {
        sections[sections.count - 1].items.append(item)
      } else {
        sections.append(Section(title: title, items: [item]))
      }
    }
    if !unplaced.isEmpty { sections.append(Section(title: Self.unplacedTitle, items: unplaced)) }
    return sections
  }

  /// "2 bookmarks, 1 highlight, 3 notes" (notes counted on both).
  var countsDescription: String {
    func counted(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
    let notes =
      bookmarks.filter { !($0.note ?? "").isEmpty }.count
      + highlights.filter { !($0.note ?? "").isEmpty }.count
    return [
      counted(bookmarks.count, "bookmark"), counted(highlights.count, "highlight"),
      counted(notes, "note"),
    ].joined(separator: ", ")
  }

  /// The name an item is listed under.
  private static func chapterName(of item: Item) -> String {
    let name: String?
    switch item {
    case .bookmark(let bookmark): name = bookmark.chapter
    case .highlight(let highlight): name = highlight.chapter
    }
    return name ?? "Chapter \(item.locator.chapterIndex + 1)"
  }

  /// "42%", rounded down like the bookmark list (so 100% means the end), or nil when the
  /// progression is unknown.
  static func percent(_ progression: Double?) -> String? {
    progression.map { "\(Int((min(max($0, 0), 1) * 100).rounded(.down)))%" }
  }

  /// A snippet on one line: paragraph and line breaks become spaces.
  static func oneLine(_ text: String?) -> String {
    guard let text else { return "" }
    return text.replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "\u{2028}", with: " ")
  }

  /// What a bookmark's place says: the text around it.
  static func snippet(of bookmark: ExportedBookmark) -> String {
    oneLine(bookmark.locator.textBefore) + oneLine(bookmark.locator.textAfter)
  }

  /// The highlighted text, or when the export lacks it, the start of it and an ellipsis.
  static func passage(of highlight: ExportedHighlight) -> String? {
    if let text = highlight.text, !text.isEmpty { return text }
    let start = oneLine(highlight.start.textAfter)
    return start.isEmpty ? nil : start + "…"
  }

  /// "Pink", "Pink underline", "Yellow strike".
  static func appearance(of highlight: ExportedHighlight) -> String {
    let colour = highlight.colour.rawValue.capitalized
    switch highlight.style {
    case .background: return colour
    case .underline: return colour + " underline"
    case .strikethrough: return colour + " strike"
    }
  }

  /// A formatter of `format` in `timeZone`, in the POSIX locale.
  static func dateFormatter(_ format: String, _ timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = format
    return formatter
  }
}
