import QuireBook

extension InfoReport {
  /// One line of the chapter warnings: a problem, under the first chapter it was met in.
  struct ChapterWarningLine: Equatable {
    /// Index into `chapterWarnings` of the chapter it is listed under.
    var group: Int
    /// The warning without the chapter's own file (the heading names it).
    var text: String
    /// Numbers of the later chapters with the same problem.
    var alsoIn: [Int]
  }

  /// The chapter warnings, each distinct problem once: a stylesheet missing from 40
  /// chapters is one line under the first, saying how many others link it.
  func chapterWarningLines() -> [ChapterWarningLine] {
    var lines: [ChapterWarningLine] = []
    var lineOfText: [String: Int] = [:]
    for (group, chapter) in chapterWarnings.enumerated() {
      for warning in chapter.warnings {
        let text = warning.entry == chapter.href ? warning.message : warning.description
        if let line = lineOfText[text] {
          if lines[line].group != group { lines[line].alsoIn.append(chapter.chapter) }
          continue
        }
        lineOfText[text] = lines.count
        lines.append(ChapterWarningLine(group: group, text: text, alsoIn: []))
      }
    }
    return lines
  }

  /// The warnings as "  - " lines: those found opening the book, then each chapter's
  /// under a heading naming its number and file.
  func warningList(_ chapterLines: [ChapterWarningLine]) -> String {
    guard !chapterLines.isEmpty else { return warnings.map { "  - \($0)\n" }.joined() }
    var output = ""
    if !warnings.isEmpty {
      output += "  opening the book:\n" + warnings.map { "  - \($0)\n" }.joined()
    }
    var lastGroup: Int?
    for line in chapterLines {
      if line.group != lastGroup {
        let chapter = chapterWarnings[line.group]
        output += "  chapter \(chapter.chapter)" + (chapter.href.map { " (\($0))" } ?? "") + ":\n"
        lastGroup = line.group
      }
      output += "  - \(line.text)\(Self.alsoIn(line.alsoIn))\n"
    }
    return output
  }

  /// " (also in chapters 4, 9)", or " (also in 39 other chapters)" when there are many.
  private static func alsoIn(_ chapters: [Int]) -> String {
    switch chapters.count {
    case 0: return ""
    case 1: return " (also in chapter \(chapters[0]))"
    case 2...4: return " (also in chapters \(chapters.map(String.init).joined(separator: ", ")))"
    default: return " (also in \(chapters.count.grouped) other chapters)"
    }
  }
}
