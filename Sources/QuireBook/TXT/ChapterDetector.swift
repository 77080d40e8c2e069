import Glibc

/// A chapter heading found in a TXT book.
package struct DetectedHeading: Hashable, Sendable {
  /// Index of the heading's first line.
  package var line: Int
  /// Lines the heading spans: 2 when a short title line follows "CHAPTER I.".
  package var lineCount: Int
  /// The heading as shown in the TOC, whitespace runs collapsed.
  package var title: String
  /// TOC level after folding: 0 = top; a folded parent can go below 0.
  package var level: Int
  /// True when the heading has no text of its own before the next heading: it becomes a
  /// TOC parent whose text opens the next chapter, not an empty chapter.
  package var isFolded = false
  /// True when the heading repeats the previous one with the same text under it (a web
  /// source that pasted a chapter twice): its lines are left out.
  package var isDuplicate = false
  /// UTF-16 length of the title line under a bare heading, when there is one.
  package var subtitleLength: Int?
  /// True when the heading was found inside a picture's caption (`[Illustration:
  /// ·PRIDE AND PREJUDICE· Chapter I.]`, the printed book's heading drawn in the picture):
  /// the chapter opens at the caption's first line (`line`), the caption stays whole as
  /// the picture's, and no heading of its own is set (`lineCount` is 0).
  package var isInCaption = false

  /// The heading as set on the page: a title line under "CHAPTER I." stays on its own
  /// line (U+2028, as long as the space of `title`, so offsets agree).
  package var displayText: String {
    guard lineCount == 2, let subtitleLength, subtitleLength < title.utf16.count else {
      return title
    }
    let utf16 = Array(title.utf16)
    let cut = utf16.count - subtitleLength - 1
    return String(decoding: utf16[..<cut], as: UTF16.self) + "\u{2028}"
      + String(decoding: utf16[(cut + 1)...], as: UTF16.self)
  }
}

/// Finds chapter headings in decoded text, guarding against false positives.
///
/// A heading is a short line on its own matching a `ChapterPattern`. Adjacent duplicates
/// (web sources repeat a heading) are merged; a run of headings with (almost) no text
/// between them is a contents list and stays text, except its last entries when they are
/// the real first headings right after the list.
package enum ChapterDetector {
  /// Runs only the chapter detection on already decoded text: the benchmark hook.
  /// - Complexity: O(n) in the text's bytes; regular expressions run on candidate lines only.
  package static func detectHeadings(in text: String, patterns: [ChapterPattern]? = nil)
    -> [DetectedHeading]
  {
    var text = text
    return text.withUTF8 { bytes in
      let lines = LineTable(bytes)
      let matcher = HeadingMatcher(patterns: patterns ?? ChapterPattern.defaults)
      return detectHeadings(bytes, lines, 0..<lines.count, matcher)
    }
  }

  /// The headings among `range` of `lines`.
  static func detectHeadings(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>,
    _ matcher: HeadingMatcher
  ) -> [DetectedHeading] {
    detect(bytes, lines, range, matcher).headings
  }

  /// The headings among `range` of `lines`, the lines of the contents lists set aside,
  /// and the identical repeats of chapters that were left out.
  static func detect(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>,
    _ matcher: HeadingMatcher
  ) -> (headings: [DetectedHeading], contentsLines: Set<Int>) {
    let all = candidates(bytes, lines, range, matcher)
    var found = mergingDuplicates(all, bytes, lines, range)
    found = removingContentsLists(found, bytes, lines, range)
    folding(&found, bytes, lines, range)
    let kept = Set(found.map(\.line))
    var contents = Set<Int>()
    for heading in all where !kept.contains(heading.line) {
      contents.formUnion(heading.line..<(heading.line + heading.lineCount))
    }
    return (found, contents)
  }

  // MARK: - Candidates

  private static func candidates(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>,
    _ matcher: HeadingMatcher
  ) -> [DetectedHeading] {
    var found: [DetectedHeading] = []
    var previousBlank = true
    var line = range.lowerBound
    // The first line of the `[Illustration: …]` caption being read, and how many of its
    // brackets are still open.
    var caption: (line: Int, open: Int, headed: Bool)?
    while line < range.upperBound {
      let start = lines.starts[line]
      let end = lines.ends[line]
      if lines.isBlank(line, bytes) {
        previousBlank = true
        line += 1
        continue
      }
      if let open = caption?.open, open > 0 {
        if let match = matcher.match(bytes, start, end), previousBlank, !match.isBareNumeral,
          caption?.headed == false, let first = caption?.line
        {
          var heading = DetectedHeading(
            line: first, lineCount: 0, title: match.title, level: match.level)
          heading.isInCaption = true
          found.append(heading)
          caption?.headed = true
        }
        caption?.open = open + Self.bracketBalance(bytes, start, end)
        previousBlank = false
        line += 1
        continue
      }
      if Self.startsCaption(bytes, start, end) {
        caption = (line, Self.bracketBalance(bytes, start, end), false)
        previousBlank = false
        line += 1
        continue
      }
      let afterHeading = found.last.map { $0.line + $0.lineCount == line } ?? false
      if let match = matcher.match(bytes, start, end),
        !match.isLatin || previousBlank || afterHeading,
        !match.isBareNumeral || (previousBlank && isBlankOrEnd(line + 1, bytes, lines, range))
      {
        var heading = DetectedHeading(
          line: line, lineCount: 1, title: match.title, level: match.level)
        if match.isLatin, let subtitle = subtitle(after: line, bytes, lines, range, matcher),
          match.title.count <= 14
        {
          heading.title += " " + subtitle
          heading.subtitleLength = subtitle.utf16.count
          heading.lineCount = 2
        }
        found.append(heading)
        line += heading.lineCount
        previousBlank = false
        continue
      }
      previousBlank = false
      line += 1
    }
    return found
  }

  /// What an illustration's caption starts with, as bytes (made once, not a line).
  private static let captionMark = Array("[Illustration".utf8)

  /// Whether a line opens a picture's caption: `[Illustration` after any indent.
  private static func startsCaption(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    var index = start
    while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    let mark = captionMark
    guard end - index >= mark.count else { return false }
    return mark.indices.allSatisfy { bytes[index + $0] == mark[$0] }
  }

  /// Opening minus closing square brackets on a line.
  private static func bracketBalance(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) -> Int {
    var balance = 0
    for index in start..<end {
      if bytes[index] == UInt8(ascii: "[") { balance += 1 }
      if bytes[index] == UInt8(ascii: "]") { balance -= 1 }
    }
    return balance
  }

  private static func isBlankOrEnd(
    _ line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>
  ) -> Bool {
    line >= range.upperBound || lines.isBlank(line, bytes)
  }

  /// The title line under a bare "CHAPTER I.": short, alone, followed by a blank line.
  private static func subtitle(
    after line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable,
    _ range: Range<Int>, _ matcher: HeadingMatcher
  ) -> String? {
    let next = line + 1
    guard next < range.upperBound, !lines.isBlank(next, bytes) else { return nil }
    guard next + 1 >= range.upperBound || lines.isBlank(next + 1, bytes) else { return nil }
    let start = TextBytes.skipLeadingWhitespace(bytes, lines.starts[next], lines.ends[next])
    let end = lines.ends[next]
    guard end - start <= 60, matcher.match(bytes, start, end) == nil else { return nil }
    let last = bytes[end - 1]
    guard last != UInt8(ascii: ","), last != UInt8(ascii: ";"), last != UInt8(ascii: ":")
    else { return nil }
    return collapsedWhitespace(TextBytes.string(bytes, start, end))
  }

  // MARK: - Filters

  /// Non-blank lines and bytes between each heading and the next (or the range's end).
  private static func gaps(
    _ found: [DetectedHeading], _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable,
    _ range: Range<Int>
  ) -> [(lines: Int, bytes: Int)] {
    found.indices.map { index in
      let from = found[index].line + found[index].lineCount
      let to = index + 1 < found.count ? found[index + 1].line : range.upperBound
      var gap = (lines: 0, bytes: 0)
      var line = from
      while line < to && gap.bytes <= 4096 {
        if !lines.isBlank(line, bytes) {
          gap.lines += 1
          gap.bytes += lines.ends[line] - lines.starts[line]
        }
        line += 1
      }
      return gap
    }
  }

  /// Merges a heading that repeats the previous heading's title: adjacent repeats are
  /// dropped, and a repeated chapter whose text is identical is marked `isDuplicate`;
  /// with different text the repeat's text joins the previous chapter.
  private static func mergingDuplicates(
    _ found: [DetectedHeading], _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable,
    _ range: Range<Int>
  ) -> [DetectedHeading] {
    let gap = gaps(found, bytes, lines, range)
    var kept: [DetectedHeading] = []
    var lastKept: Int?
    for index in found.indices {
      guard let previous = lastKept, found[index].title == found[previous].title else {
        kept.append(found[index])
        lastKept = index
        continue
      }
      if gap[index - 1].lines == 0 { continue }
      let end = index + 1 < found.count ? found[index + 1].line : range.upperBound
      if previous == index - 1,
        sameText(
          bytes, lines, (found[previous].line + found[previous].lineCount)..<found[index].line,
          (found[index].line + found[index].lineCount)..<end)
      {
        var duplicate = found[index]
        duplicate.isDuplicate = true
        kept.append(duplicate)
      }
    }
    return kept
  }

  /// Whether two line ranges hold the same text, ignoring blank lines at their ends.
  private static func sameText(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ first: Range<Int>,
    _ second: Range<Int>
  ) -> Bool {
    func span(_ range: Range<Int>) -> Range<Int>? {
      guard let from = range.first(where: { !lines.isBlank($0, bytes) }),
        let to = range.last(where: { !lines.isBlank($0, bytes) })
      else { return nil }
      return lines.starts[from]..<lines.ends[to]
    }
    guard let a = span(first), let b = span(second), a.count == b.count else { return false }
    return memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count)
      == 0
  }

  /// Drops contents lists: runs of 4+ headings, 3+ of them chapter-level, with at most one
  /// short line between neighbours. The run's tail that reads as a real heading chain
  /// (a chapter preceded by its parents) is kept.
  private static func removingContentsLists(
    _ found: [DetectedHeading], _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable,
    _ range: Range<Int>
  ) -> [DetectedHeading] {
    let gap = gaps(found, bytes, lines, range)
    var kept: [DetectedHeading] = []
    var runStart = 0
    for index in found.indices {
      let adjacent = gap[index].lines <= 1 && gap[index].bytes <= 120
      if adjacent && index + 1 < found.count { continue }
      let run = found[runStart...index]
      runStart = index + 1
      guard run.count >= 4, run.filter({ $0.level >= 1 }).count >= 3 else {
        kept.append(contentsOf: run)
        continue
      }
      // Only a contiguous chain counts: stop at the first non-parent. A last entry whose
      // title comes again later but not earlier in the list is the list's own last line
      // ("Chapter 24" before the real one), not the first heading after the list (which
      // the list names: "CHAPTER I" after a list of them).
      let last = run.last!
      let comesAgain = found[(index + 1)...].contains { $0.title == last.title }
      let isListed = run.dropLast().contains { $0.title == last.title }
      if comesAgain && !isListed { continue }
      var chain: [DetectedHeading] = [last]
      for heading in run.dropLast().reversed() {
        guard heading.level < chain[0].level else { break }
        chain.insert(heading, at: 0)
      }
      kept.append(contentsOf: chain)
    }
    return kept
  }

  /// Marks headings with no text before the next heading as folded TOC parents, one level
  /// above what follows them.
  private static func folding(
    _ found: inout [DetectedHeading], _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable,
    _ range: Range<Int>
  ) {
    let gap = gaps(found, bytes, lines, range)
    for index in found.indices.dropLast().reversed()
    where gap[index].lines == 0 && !found[index].isDuplicate && !found[index + 1].isDuplicate {
      found[index].isFolded = true
      found[index].level = min(found[index].level, found[index + 1].level - 1)
    }
  }
}
