import Foundation
import QuireReading
import QuireUI

/// How `quire annotations BOOK` lists a book's annotations: a line of counts, then each
/// chapter's name and under it, indented, each bookmark or highlight (kind and id,
/// colour and style, place in the book, date), its text and its note.
enum AnnotationListing {
  /// The listing, wrapped to `width`.
  static func text(_ list: AnnotationList, title: String, width: Int) -> String {
    let entries = list.entries
    let bookmarks = entries.filter { $0.kind == .bookmark }.count
    let notes = entries.filter { !($0.note ?? "").isEmpty }.count
    func counted(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
    var output =
      "“\(title)”: \(counted(bookmarks, "bookmark")), "
      + "\(counted(entries.count - bookmarks, "highlight")), \(counted(notes, "note"))\n"
    // One formatter for the whole list (as `ReadingTimeText.date` formats): making one a
    // row was most of the time a long list took.
    let dates = DateFormatter()
    dates.locale = Locale(identifier: "en_US_POSIX")
    dates.dateFormat = "yyyy-MM-dd HH:mm"
    for group in list.groups {
      output += "\n" + OneLineText.of(group.title) + "\n"
      for entry in group.entries {
        var heading = "  \(entry.kind == .bookmark ? "bookmark" : "highlight") \(entry.number)"
        if let colour = entry.colour {
          heading += " · " + colour.rawValue
          if let style = entry.style, style != .background { heading += " " + style.rawValue }
        }
        if let progression = entry.locator.totalProgression {
          heading += " · " + ReadingTimeText.percent(progression)
        }
        heading += " · " + dates.string(from: entry.createdAt)
        output += heading + "\n"
        if !entry.snippet.isEmpty {
          output += TextWrapper.wrap("“\(entry.snippet)”", width: width, indent: 4)
            .map { $0 + "\n" }.joined()
        }
        if let note = entry.note, !note.isEmpty {
          output += TextWrapper.wrap("Note: " + note, width: width, indent: 4)
            .map { $0 + "\n" }.joined()
        }
      }
    }
    return output
  }
}
