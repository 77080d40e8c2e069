import QuireBook

/// Finds a locator again in a changed book by its text snippets.
///
/// The snippets are searched in the locator's chapter first, then in the neighbouring
/// chapters (a passage rarely moves further): first `textBefore + textAfter` together,
/// then `textAfter` alone, then `textBefore` alone (a partial snippet must be at least
/// `minimumPartialLength` UTF-16 units so that it identifies a place). Among several
/// matches the one nearest to the old offset wins. When nothing matches, the locator
/// keeps its chapter and its offset clamped to the chapter's new length.
///
/// - Complexity: O(n·m) per searched chapter of n UTF-16 units for a snippet of m; each
///   chapter's text is converted to UTF-16 once per `LocatorAnchoring` value.
struct LocatorAnchoring {
  /// How a locator was placed in the new text.
  enum Outcome {
    /// Its snippet was found.
    case found
    /// No snippet matched: same chapter, offset clamped (or unchanged if the chapter is gone).
    case clamped
  }

  /// Partial snippets shorter than this are too common to trust.
  static let minimumPartialLength = 8
  /// Chapters on each side of the locator's own that are searched too.
  static let neighbourChapters = 2

  private let textOfChapter: (Int) -> String?
  private var chapters: [Int: [UInt16]?] = [:]
  /// When set, a snippet not found near its chapter is looked for in every chapter of
  /// the book, in order: for an export from another edition, whose chapters may differ.
  private let chapterCount: Int?

  /// - Parameter chapterCount: the new book's chapters, to search all of them after the
  ///   neighbours; nil searches the neighbours only.
  init(textOfChapter: @escaping (Int) -> String?, chapterCount: Int? = nil) {
    self.textOfChapter = textOfChapter
    self.chapterCount = chapterCount
  }

  /// The locator's place in the new text.
  mutating func reanchor(_ locator: Locator) -> (Locator, Outcome) {
    let before = Array((locator.textBefore ?? "").utf16)
    let after = Array((locator.textAfter ?? "").utf16)
    var probes: [(needle: [UInt16], anchor: Int)] = []
    if !before.isEmpty || !after.isEmpty { probes.append((before + after, before.count)) }
    if after.count >= Self.minimumPartialLength && !before.isEmpty { probes.append((after, 0)) }
    if before.count >= Self.minimumPartialLength && !after.isEmpty {
      probes.append((before, before.count))
    }
    for chapter in searchOrder(around: locator.chapterIndex) {
      guard let text = utf16(ofChapter: chapter) else { continue }
      for probe in probes {
        let matches = Self.occurrences(of: probe.needle, in: text)
        guard
          let best = matches.min(by: {
            abs($0 + probe.anchor - locator.offset) < abs($1 + probe.anchor - locator.offset)
          })
        else { continue }
        var found = locator
        found.chapterIndex = chapter
        found.offset = best + probe.anchor
        return (found, .found)
      }
    }
    var clamped = locator
    if let text = utf16(ofChapter: locator.chapterIndex) {
      clamped.offset = max(0, min(locator.offset, text.count))
    }
    return (clamped, .clamped)
  }

  private func searchOrder(around chapter: Int) -> [Int] {
    var order = [chapter]
    for distance in 1...Self.neighbourChapters {
      order.append(chapter + distance)
      if chapter - distance >= 0 { order.append(chapter - distance) }
    }
    if let chapterCount {
      order += (0..<chapterCount).filter { !order.contains($0) }
    }
    return order
  }

  private mutating func utf16(ofChapter index: Int) -> [UInt16]? {
    if let cached = chapters[index] { return cached }
    let text = textOfChapter(index).map { Array($0.utf16) }
    chapters[index] = text
    return text
  }

  /// Start offsets of every occurrence of `needle` in `text` (overlapping ones included).
  static func occurrences(of needle: [UInt16], in text: [UInt16]) -> [Int] {
    guard let first = needle.first, needle.count <= text.count else { return [] }
    var found: [Int] = []
    let last = text.count - needle.count
    var index = 0
    while index <= last {
      if text[index] == first && text[index..<(index + needle.count)].elementsEqual(needle) {
        found.append(index)
      }
      index += 1
    }
    return found
  }
}
