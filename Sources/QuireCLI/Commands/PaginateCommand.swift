import Foundation
import QuireBook
import QuireReading
import QuireTypesetting

/// `quire paginate BOOK`: pages per chapter and, with `--stats`, where the time goes.
enum PaginateCommand: Command {
  static let signature = CommandSignature(
    name: "paginate",
    abstract: "Lay a book out into pages; print pages per chapter, timings and line quality.",
    discussion: [
      "Every chapter is paginated exactly, with the same engine the readers use: HarfBuzz "
        + "shaping through a per-book shape cache, Knuth–Plass line breaking with "
        + "hyphenation, widow, orphan and keep-with-next control. Chapters are laid out on "
        + "every core at once, as a reader's exact pass is, and reported in reading order.",
      "--stats adds the time split (import: opening the book and reading its chapters, "
        + "which each core does for the chapters it lays out; shape: break analysis and "
        + "shaping; break: choosing line breaks; fill: placing glyphs and filling pages; all "
        + "but the opening add up the time of every core), the "
        + "shape caches' hits, and the quality of the lines: "
        + "the mean and largest adjustment ratio |r| of justified lines (0 = natural spacing, "
        + "1 = all the stretch or shrink the spaces allow), the share of justified lines "
        + "looser than 1, the lines looser than 3 (and how many of them a better breaking of "
        + "their paragraph would avoid) and how many lines end in a hyphen.",
      "--lines lists every line, to find the loosest: sort its rows by the fourth column.",
      "Without layout options the pages are the reader's: the preferences "
        + "(`quire config list`) on a 600 × 800 px page, the pages `render`, `progress` and "
        + "`search` number too. Their page breaks are then stored in the library's "
        + "pagination cache (when there is a library), so page numbers are exact everywhere "
        + "afterwards.",
    ],
    positionals: [BookArgument.required],
    options: [
      .value("width", "PX", help: "Page width in pixels (default 600)."),
      .value("height", "PX", help: "Page height in pixels (default 800)."),
      .value("font-size", "PX", help: "Body font size in pixels (default: the preferences')."),
      .value("font", "FAMILY", help: "Body font family (default: the preferences')."),
      .value(
        "line-height", "X",
        help: "Line height as a multiple of the font size (default: the preferences')."),
      .value("margins", "PX", help: "Margin on every side in pixels (default: the preferences')."),
      .flag("no-hyphenation", help: "Do not hyphenate."),
      .flag("greedy", help: "Break lines greedily (first fit) instead of Knuth–Plass."),
      .flag(
        "no-embedded-fonts",
        help: "Set the book in the reader's fonts, ignoring the fonts it embeds (@font-face)."),
      .value(
        "writing-mode", "MODE",
        help: "auto (as the book says), horizontal, or vertical for Chinese, Japanese, Korean."),
      .value("cores", "N", help: "Lay chapters out on N cores at once (default: all)."),
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
      LibraryAccess.option,
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
    var page = try PageOptions(arguments, reading: context.readingSettings())
    let cores =
      try WholeNumber.option(arguments, "cores", in: 1...256, command: signature.name)
      ?? PaginationPass.coreCount
    page.exclusions = try ExclusionOption.paths(arguments, command: signature.name)
    let family = page.reading.fontFamily
    // Fonts that cannot be loaded are said here, before any worker starts. They are looked
    // for while the book opens: loading fontconfig's configuration and font list (once a
    // process) cost a third of what opening a 2.5 MB book did, with the other core idle.
    let fonts = FontCheck(family: family)
    let started = Stopwatch.now()
    let opened = Result { try context.openBook(arguments.positional(0)!) }
    let openSeconds = Stopwatch.seconds(since: started)
    let found = fonts.wait()
    let book = try opened.get()
    try found.get()
    let order = book.readingOrder
    var report = PaginationReport(title: book.metadata.title, settings: page, importSeconds: 0)
    let settings = page.settings(language: book.metadata.language)
    let reading = page.reading
    let chapters = Locked(
      ChapterCollector(
        digest: arguments.has("digest") ? PageDigest() : nil, listsLines: arguments.has("lines")))
    // Every chapter on every core (as a reading session's exact pass); each finished
    // chapter is taken in reading order, so the report and the digest are a single core's.
    // A worker reads its chapter's text itself, and the book forgets it once the chapter
    // is laid out: the texts of a long book are never all in memory at once.
    let texts = Locked(ChapterReading())
    let shared = cores > 1 ? SharedWords() : nil
    let container = page.container
    let cache = PaginationPass.run(
      ChapterQueue(Array(order.indices)), workers: cores,
      source: { try? FontContext(bodyFamily: family, sharing: shared) }, shared: shared,
      paginator: { position, source in
        let started = Stopwatch.now()
        let text: StyledText
        do {
          text = try book.text(ofChapter: order[position])
        } catch {
          texts.withLock { $0.failure = $0.failure ?? error }
          return nil
        }
        texts.withLock {
          $0.seconds += Stopwatch.seconds(since: started)
          $0.inFlight[position] = text
        }
        return Paginator(
          text: reading.prepared(text), container: container, settings: settings,
          source: source)
      },
      finished: { position, paginator in
        guard let text = texts.withLock({ $0.inFlight.removeValue(forKey: position) }) else {
          return
        }
        let done = ChapterCollector.Chapter(
          index: order[position], text: text, pages: paginator.laidOutPages,
          statistics: paginator.statistics)
        chapters.withLock { $0.add(done, at: position) }
        book.evictChapterTexts()
      })
    let read = texts.withLock { $0 }
    if let failure = read.failure { throw failure }
    var collected = chapters.withLock { $0 }
    guard collected.next == order.count else {
      throw CommandFailure("quire paginate: the fonts could not be loaded on every core")
    }
    for chapter in collected.chapters {
      report.chapters.append(
        .init(
          number: chapter.index + 1, title: book.chapters[chapter.index].title,
          pages: chapter.pages))
    }
    if page.isReadingPage {
      storeInCache(collected.breaks, of: book, settings: page.reading, arguments, context)
    }
    if arguments.has("lines") { report.lines = collected.lines }
    collected.statistics.shapeCacheHits = cache.hits
    collected.statistics.shapeCacheLookups = cache.lookups
    report.statistics = .init(collected.statistics, importSeconds: openSeconds + read.seconds)
    report.digest = collected.digest?.finish()
    if arguments.has("json") {
      if !arguments.has("stats") { report.statistics = nil }
      context.print(try JSONOutput.encode(report))
    } else {
      context.print(report.text(showStatistics: arguments.has("stats")))
    }
  }

  /// Stores the reading page's breaks in the library's pagination cache, where the readers
  /// and `progress` find them; a library that cannot take them is said, not fatal. Only
  /// a library that exists is written: paginating makes none.
  private static func storeInCache(
    _ breaks: [Int: [Int]], of book: Book, settings: ReadingSettings,
    _ arguments: ParsedArguments, _ context: CommandContext
  ) {
    let path = LibraryAccess.path(
      option: arguments.value("library"), environment: ProcessInfo.processInfo.environment)
    guard FileManager.default.fileExists(atPath: path) else { return }
    do {
      let library = try LibraryAccess.open(arguments, for: .writing, in: context)
      let key = PaginationKey(
        contentHash: book.contentHash, settingsHash: settings.layoutHash,
        engineVersion: Typesetting.engineVersion)
      try library.storePageBreaks(breaks, for: key)
    } catch {
      context.printError("quire paginate: page breaks not stored in the library: \(error)\n")
    }
  }
}

/// Whether the body family's fonts can be loaded, found out on a thread of its own.
private final class FontCheck: Sendable {
  private let result = Locked<Result<Void, TypesettingError>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts looking for `family`'s fonts.
  init(family: String?) {
    let thread = Thread { [result, done] in
      let found = Result<Void, TypesettingError> { () throws(TypesettingError) in
        _ = try FontContext(bodyFamily: family)
      }
      result.withLock { $0 = found }
      done.signal()
    }
    thread.name = "quire fonts"
    thread.start()
  }

  /// Waits for the answer: a failure when the fonts cannot be loaded.
  func wait() -> Result<Void, TypesettingError> {
    done.wait()
    return result.withLock { $0 } ?? .success(())
  }
}

/// The chapter texts of a `quire paginate` pass: read by its workers, held only while
/// their chapter is laid out.
private struct ChapterReading {
  /// Texts by position in reading order, from the worker that read one until the chapter
  /// is taken.
  var inFlight: [Int: StyledText] = [:]
  /// Time spent reading chapters, added up over the workers.
  var seconds = 0.0
  /// The first chapter that could not be read.
  var failure: (any Error)?
}
