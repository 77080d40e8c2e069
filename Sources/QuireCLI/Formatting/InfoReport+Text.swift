extension InfoReport {
  /// Role codes (MARC relators) in words, for the contributors line.
  private static let roleNames = [
    "aut": "author", "trl": "translator", "edt": "editor", "ill": "illustrator",
    "nrt": "narrator", "aui": "introduction", "aft": "afterword", "ann": "annotator",
    "bkp": "producer", "cov": "cover designer", "ctb": "contributor", "pbl": "publisher",
    "art": "artist", "com": "compiler", "dsr": "designer", "pht": "photographer",
    "trc": "transcriber", "tyd": "typographer", "pfr": "proofreader", "mrk": "markup editor",
    "cre": "creator", "tyg": "typographer", "prt": "printer",
  ]

  /// The report as aligned "key: value" lines, long values wrapped under their column;
  /// `showWarnings` lists the warnings after their count.
  func text(width: Int, showWarnings: Bool) -> String {
    var rows: [(String, String)] = [("format", format.name), ("title", title)]
    if let subtitle { rows.append(("subtitle", subtitle)) }
    if !authors.isEmpty {
      rows.append((authors.count == 1 ? "author" : "authors", authors.joined(separator: "; ")))
    }
    let others = creators.filter { $0.role != nil && $0.role != "aut" }
    if !others.isEmpty {
      let names = others.map { "\($0.name) (\(Self.roleNames[$0.role!] ?? $0.role!))" }
      rows.append(("contributors", names.joined(separator: "; ")))
    }
    let optional: [(String, String?)] = [
      ("language", language), ("identifier", identifier), ("publisher", publisher),
      ("date", date),
      ("series", series.map { s in s.position.map { "\(s.name) #\($0)" } ?? s.name }),
      ("description", description),
    ]
    rows += optional.compactMap { key, value in value.map { (key, $0) } }
    rows.append(("chapters", "\(chapters.linear.grouped) linear / \(chapters.total.grouped) total"))
    rows.append(("characters", characters.grouped))
    rows.append(("words", words.grouped))
    if let cover { rows.append(("cover", coverText(cover))) }
    if let narration {
      let chapters =
        narration.chapters == 1 ? "1 chapter" : "\(narration.chapters.grouped) chapters"
      rows.append(("narration", "\(chapters) read by the book's own audio (media overlays)"))
    }
    let chapterLines = chapterWarningLines()
    rows.append(("warnings", (warnings.count + chapterLines.count).grouped))
    var output = KeyValueTable.render(rows, width: width)
    if showWarnings {
      output += warningList(chapterLines)
    }
    return output
  }

  private func coverText(_ cover: Cover) -> String {
    guard cover.isPresent else { return "\(cover.href) (missing from the book)" }
    guard let width = cover.width, let height = cover.height else {
      return "\(cover.href) (size unknown)"
    }
    return "\(cover.href) (\(width) × \(height) px)"
  }
}
