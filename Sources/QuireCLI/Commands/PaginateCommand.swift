import Foundation
import QuireBook
import QuireTypesetting

/// `quire paginate BOOK`: pages per chapter and, with `--stats`, where the time goes.
enum PaginateCommand: Command {
  static let signature = CommandSignature(
    name: "paginate",
    abstract: "Lay a book out into pages; print pages per chapter, timings and line quality.",
    discussion: [
      "Every chapter is paginated exactly, in reading order, with the same engine the "
        + "readers use: HarfBuzz shaping through a per-book shape cache, Knuth–Plass line "
        + "breaking with hyphenation, widow, orphan and keep-with-next control.",
      "--stats adds the time split (import: opening the book and reading its chapters; "
        + "shape: break analysis and shaping; break: choosing line breaks; fill: placing "
        + "glyphs and filling pages), the shape cache's hits, and the quality of the lines: "
        + "the mean and largest adjustment ratio |r| of justified lines (0 = natural spacing, "
        + "1 = all the stretch or shrink the spaces allow), the share of justified lines "
        + "looser than 1, the lines looser than 3 (and how many of them a better breaking of "
        + "their paragraph would avoid) and how many lines end in a hyphen.",
      "--lines lists every line, to find the loosest: sort its rows by the fourth column.",
    ],
    positionals: [BookArgument.required],
    options: [
      .value("width", "PX", help: "Page width in pixels (default 600)."),
      .value("height", "PX", help: "Page height in pixels (default 800)."),
      .value("font-size", "PX", help: "Body font size in pixels (default 16)."),
      .value("font", "FAMILY", help: "Body font family (default EB Garamond 12)."),
      .value("line-height", "X", help: "Line height as a multiple of the font size (default 1.4)."),
      .value("margins", "PX", help: "Margin on every side in pixels (default 48)."),
      .flag("no-hyphenation", help: "Do not hyphenate."),
      .flag("greedy", help: "Break lines greedily (first fit) instead of Knuth–Plass."),
      .flag(
        "no-embedded-fonts",
        help: "Set the book in the reader's fonts, ignoring the fonts it embeds (@font-face)."),
      .flag("stats", help: "Add timings, shape-cache figures and line quality."),
      .flag(
        "lines",
        help: "Add every line: chapter, page, line, |r| (justified lines), hyphen, first "
          + "words; tab-separated."),
      .flag(
        "digest",
        help: "Add a SHA-256 of every page's lines, glyphs and positions (equal digests: "
          + "identical pages)."),
      ExclusionOption.spec,
      BookArgument.json,
    ],
    examples: [
      .init(
        command: "quire paginate war-and-peace.txt --stats",
        explanation: "Pages per chapter, the time split and the quality of the lines."),
      .init(
        command: "quire paginate book.epub --width 400 --height 600 --font-size 18",
        explanation: "A smaller page with larger type."),
      .init(
        command: "quire paginate hongloumeng.txt --greedy --json | jq .pages",
        explanation: "The page count with greedy breaking, for a script."),
      .init(
        command: "quire paginate war-and-peace.txt --lines | sort -t$'\\t' -k4 -rn | head",
        explanation: "The ten loosest lines of the book, with where they are."),
      .init(
        command: "quire paginate war-and-peace.txt --digest | tail -1",
        explanation: "One hash of the whole book's pages: compare it before and after a change."),
      .init(
        command: "quire paginate alice.txt --exclude rect:300,200,150,250 --stats",
        explanation: "Pages when every page has a box on the right that text flows around."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    var page = try PageOptions(arguments)
    page.exclusions = try ExclusionOption.paths(arguments, command: signature.name)
    let started = Date()
    let book = try context.openBook(arguments.positional(0)!)
    var texts: [(index: Int, text: StyledText)] = []
    for index in book.readingOrder { texts.append((index, try book.text(ofChapter: index))) }
    let importSeconds = Date().timeIntervalSince(started)
    let fonts = try FontContext(bodyFamily: page.font)
    var report = PaginationReport(
      title: book.metadata.title, settings: page, importSeconds: importSeconds)
    var statistics = PaginationStatistics()
    var digest = arguments.has("digest") ? PageDigest() : nil
    var lines: [LineRecord] = []
    var settings = page.settings
    // Text without a language of its own is in the book's.
    if let language = book.metadata.language, !language.isEmpty {
      settings.hyphenationLanguage = language
    }
    for (index, text) in texts {
      let paginator = Paginator(
        text: text, container: page.container, settings: settings, fonts: fonts)
      let pages = paginator.paginateAll()
      digest?.add(chapter: index, pages: pages)
      if arguments.has("lines") {
        lines.append(contentsOf: LineRecord.records(chapter: index + 1, pages: pages, text: text))
      }
      statistics.add(paginator.statistics)
      report.chapters.append(
        .init(number: index + 1, title: book.chapters[index].title, pages: pages.count))
    }
    if arguments.has("lines") { report.lines = lines }
    report.statistics = .init(statistics, importSeconds: importSeconds)
    report.digest = digest?.finish()
    if arguments.has("json") {
      if !arguments.has("stats") { report.statistics = nil }
      context.print(try JSONOutput.encode(report))
    } else {
      context.print(report.text(showStatistics: arguments.has("stats")))
    }
  }
}
