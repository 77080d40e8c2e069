import Foundation
import QuireBook
import QuireTestSupport
import Testing

/// The terminal reader as a person uses it: the real `quire read` in tmux, keys typed with
/// `send-keys`, the screen read with `capture-pane`.
@Suite(
  .serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd),
  .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalReaderTests {
  static let pride = Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt")
  static let sherlock = Corpus.path("epub/se-the-adventures-of-sherlock-holmes.epub")
  /// An EPUB that opens on text (Standard Ebooks books open on their title page's picture,
  /// the heading beside it being for screen readers only).
  static let wasteland = Corpus.path("epub/idpf-wasteland-otf-obf.epub")
  static let hongloumeng = Corpus.path("txt/zh/hongloumeng_simplified_gb18030.txt")
  static let childrens = Corpus.path("epub/idpf-childrens-literature.epub")

  /// The rows of the page: without the header above and the bar and status line below.
  static func textRows(_ screen: String) -> [String] {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return Array(lines.dropFirst(2).dropLast(3))
  }

  /// The page's first line of text.
  static func firstTextLine(_ screen: String) -> String? {
    textRows(screen).first { !$0.allSatisfy(\.isWhitespace) }?
      .trimmingCharacters(in: .whitespaces)
  }

  /// The SGR background colours (`48;2;r;g;b`) set right before `word` in a capture, by
  /// the escape sequences that precede it (tmux may write colours in several).
  static func backgrounds(before word: String, in capture: String) -> Set<String> {
    var found = Set<String>()
    var rest = capture[...]
    while let range = rest.range(of: word) {
      var head = rest[..<range.lowerBound]
      while head.hasSuffix("m"), let escape = head.range(of: "\u{1B}[", options: .backwards) {
        let parameters = head[escape.upperBound...].dropLast()
        guard parameters.allSatisfy({ $0.isNumber || $0 == ";" }) else { break }
        if let background = parameters.range(of: "48;2;") {
          found.insert(
            parameters[background.lowerBound...].split(separator: ";").prefix(5)
              .joined(separator: ";"))
        }
        head = head[..<escape.lowerBound]
      }
      rest = rest[range.upperBound...]
    }
    return found
  }

  /// The background set most often in a capture: the page's.
  static func commonestBackground(in capture: String) -> String {
    var counts: [String: Int] = [:]
    var rest = capture[...]
    while let range = rest.range(of: "48;2;") {
      let colour = rest[range.lowerBound...].prefix { $0 != "m" }.split(separator: ";").prefix(5)
        .joined(separator: ";")
      counts[colour, default: 0] += 1
      rest = rest[range.upperBound...]
    }
    return counts.max { $0.value < $1.value }?.key ?? ""
  }

  /// The first `count` words (or, for Chinese, characters) of the book's text.
  static func firstWords(_ path: String, count: Int) throws -> [String] {
    let book = try Book.open(path)
    let text = try book.text(ofChapter: book.readingOrder.first ?? 0).string
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    if let first = words.first, first.unicodeScalars.first.map({ $0.value >= 0x2E80 }) == true {
      return [String(first.prefix(count))]
    }
    return Array(words.prefix(count))
  }

  @Test(
    .enabled(if: Corpus.isAvailable, Corpus.skipMessage),
    arguments: [pride, wasteland, hongloumeng])
  func theFirstScreenShowsTheBooksFirstWords(_ path: String) throws {
    let reader = try TmuxReader([path])
    defer { reader.removeFolder() }
    let words = try Self.firstWords(path, count: 4)
    let screen = try reader.wait("the first page") { screen in
      Self.textRows(screen).joined(separator: " ").contains(words[0])
    }
    let flowing = Self.textRows(screen).joined(separator: " ").split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(flowing.contains(words.joined(separator: " ")), "\(words) on\n\(screen)")
    try reader.send("q")
    #expect(try reader.waitForExit() == 0)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func fiftyTurnsForwardThenFiftyBackShowTheSameScreen() throws {
    let reader = try TmuxReader([Self.pride])
    defer { reader.removeFolder() }
    let page = try reader.firstPage(showing: "Illustration")
    for _ in 0..<3 { try reader.send("Space") }
    let start = try reader.waitForPage(page + 3)
    for _ in 0..<50 { try reader.send("j") }
    let far = try reader.waitForPage(page + 53)
    #expect(Self.textRows(far) != Self.textRows(start))
    for _ in 0..<50 { try reader.send("k") }
    let back = try reader.waitForPage(page + 3)
    #expect(Self.textRows(back) == Self.textRows(start))
    try reader.send("q")
    #expect(try reader.waitForExit() == 0)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aResizeKeepsTheFirstCharacterAndGrowingBackRestoresTheScreen() throws {
    let reader = try TmuxReader([Self.pride], columns: 100, rows: 40)
    defer { reader.removeFolder() }
    let page = try reader.firstPage(showing: "Illustration")
    for _ in 0..<12 { try reader.send("j") }
    let start = try reader.waitForPage(page + 12)
    let firstWord = try #require(Self.firstTextLine(start)?.split(separator: " ").first)
    try reader.resize(columns: 60, rows: 20)
    // The pane is cut to its new size at once; the reader's own frame ends in its status
    // line.
    let settled = try reader.wait("the page laid out again for 60 × 20") {
      $0.split(separator: "\n").count <= 20 && TmuxReader.page(in: $0) != nil
    }
    // The word that began the page is still on screen (the page holding it may start
    // earlier); a hyphen at a line's end joins the word again.
    let flowing = Self.textRows(settled).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ").replacing(#/(\p{L})- /#) { $0.output.1 }
    #expect(
      flowing.contains(String(firstWord)),
      "the first word \(firstWord) is still on screen:\n\(settled)")
    #expect(Self.textRows(settled).allSatisfy { $0.count <= 60 })
    try reader.resize(columns: 100, rows: 40)
    try reader.wait("the large screen again") { Self.textRows($0) == Self.textRows(start) }
    try reader.send("q")
    #expect(try reader.waitForExit() == 0)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aContentsJumpLandsOnTheChapterTitle() throws {
    let reader = try TmuxReader([Self.sherlock])
    defer { reader.removeFolder() }
    try reader.wait("the first page") { $0.contains("Sherlock") }
    try reader.send("t")
    try reader.wait("the contents") {
      $0.contains("Contents") && $0.contains("The Five Orange Pips")
    }
    try reader.type("orange")
    try reader.wait("the filtered contents") { !$0.contains("The Redheaded League") }
    try reader.send("Enter")
    let screen = try reader.wait("the chapter") { !$0.contains("Contents") }
    #expect(Self.firstTextLine(screen) == "The Five Orange Pips")
    try reader.send("q")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aSearchHighlightsTheMatchAndNMovesToTheNext() throws {
    let reader = try TmuxReader([Self.pride])
    defer { reader.removeFolder() }
    try reader.wait("the first page") { $0.contains("Illustration") }
    try reader.send("/")
    try reader.type("Netherfield")
    try reader.send("Enter")
    let results = try reader.wait("every result") { $0.contains("73 found") }
    #expect(results.contains("Netherfield"))
    try reader.send("Enter")
    let page = try reader.wait("the page of the first match") { !$0.contains("Find:") }
    #expect(page.contains("Netherfield"))
    // The match is drawn on a background of its own, unlike the page around it (the
    // expectations below say what the capture held if it never is).
    var coloured = ""
    try? Deadline.wait(for: "the match's background", seconds: 10) {
      coloured = try reader.screen(escapes: true)
      return !Self.backgrounds(before: "Netherfield", in: coloured).isEmpty
    }
    let backgrounds = Self.backgrounds(before: "Netherfield", in: coloured)
    #expect(
      !backgrounds.isEmpty,
      "the match has an SGR background; the capture was:\n\(coloured.replacing("\u{1B}", with: "^["))"
    )
    #expect(!backgrounds.contains(Self.commonestBackground(in: coloured)), "\(backgrounds)")
    try reader.send("n")
    let next = try reader.wait("the next match") { $0.contains("Match 2 of 73") }
    #expect(next.contains("Netherfield"))
    try reader.send("q")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func withNoColorTheMatchIsInReverseVideo() throws {
    let reader = try TmuxReader(
      [Self.pride], environment: ["NO_COLOR": "1", "TERM": "xterm-256color"])
    defer { reader.removeFolder() }
    try reader.wait("the first page") { $0.contains("Illustration") }
    try reader.send("/")
    try reader.type("Netherfield")
    try reader.send("Enter")
    try reader.wait("every result") { $0.contains("73 found") }
    try reader.send("Enter")
    try reader.wait("the page of the first match") { !$0.contains("Find:") }
    let coloured = try reader.screen(escapes: true)
    #expect(coloured.contains("\u{1B}[7mNetherfield"), "the match is in reverse video")
    #expect(!coloured.contains("38;2;") && !coloured.contains("48;2;"), "no colour at all")
    try reader.send("q")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func noLineOfAChineseNovelStartsWithClosingPunctuation() throws {
    let reader = try TmuxReader([Self.hongloumeng], columns: 90, rows: 36)
    defer { reader.removeFolder() }
    let page = try reader.firstPage(showing: "红楼梦")
    let closing = Set("，。、；：？！）》」』】〉”’…")
    var pagesSeen = 0
    for turned in 0..<25 {
      let screen = try reader.waitForPage(page + turned)
      for row in Self.textRows(screen) {
        let text = row.trimmingCharacters(in: .whitespaces)
        guard let first = text.first else { continue }
        #expect(!closing.contains(first), "a line starts with \(first): \(text)")
      }
      pagesSeen += 1
      try reader.send("j")
    }
    #expect(pagesSeen == 25)
    try reader.send("q")
  }

  /// A fatal signal stands for a crash: a Swift runtime trap is SIGILL (or SIGTRAP), a bad
  /// access SIGSEGV; the reader's handler restores the terminal and dies of the signal.
  @Test(arguments: ["q", "SIGTERM", "SIGHUP", "C-c", "SIGILL", "SIGSEGV"])
  func everyWayOutRestoresTheTerminal(_ way: String) throws {
    let reader = try TmuxReader([UIHandbook.path])
    defer { reader.removeFolder() }
    try reader.wait("the handbook") { $0.contains("Quire") }
    #expect(try reader.isInAlternateScreen())
    let signals = ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP, "SIGILL": SIGILL, "SIGSEGV": SIGSEGV]
    if let number = signals[way] {
      kill(try reader.pid(), number)
    } else {
      try reader.send(way)
    }
    let status = try reader.waitForExit()
    let expected = signals[way].map { 128 + Int($0) } ?? 0
    #expect(status == expected)
    let (before, after) = try reader.terminalSettings()
    #expect(before == after, "stty -g before and after")
    #expect(try !reader.isInAlternateScreen())
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func reopeningShowsTheSamePage() throws {
    let reader = try TmuxReader([Self.sherlock])
    defer { reader.removeFolder() }
    let number = try reader.firstPage(showing: "Sherlock")
    for _ in 0..<9 { try reader.send("j") }
    let page = try reader.waitForPage(number + 9)
    try reader.send("q")
    #expect(try reader.waitForExit() == 0)
    let again = try TmuxReader([Self.sherlock], folder: reader.folder)
    let reopened = try again.wait("the same page") {
      Self.textRows($0) == Self.textRows(page)
    }
    #expect(Self.firstTextLine(reopened) == Self.firstTextLine(page))
    try again.send("q")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func picturesArePlaceholdersWithTheirAltText() throws {
    let reader = try TmuxReader([Self.childrens])
    defer { reader.removeFolder() }
    let page = try reader.firstPage(showing: "Children")
    var found = false
    for turned in 0..<40 where !found {
      let screen = try reader.waitForPage(page + turned)
      found = screen.contains("image: ")
      try reader.send("j")
    }
    #expect(found, "a page shows an image's placeholder")
    try reader.send("q")
    #expect(try reader.waitForExit() == 0)
    #expect(!reader.standardError.contains("Fatal"))
  }
}

/// The bundled handbook, found from the test sources.
enum UIHandbook {
  static let path: String = {
    let tests = URL(fileURLWithPath: Corpus.fixtures).deletingLastPathComponent()
    return tests.deletingLastPathComponent().appendingPathComponent("Sources/QuireCLI/Handbook")
      .path
  }()
}
