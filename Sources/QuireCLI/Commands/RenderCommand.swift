import Foundation
import QuireBook
import QuireReading
import QuireRendering
import QuireTypesetting

/// `quire render BOOK --page N -o page.png`: one typeset page drawn to a PNG.
///
/// Structured for more modes (a page turn's frames): option parsing (`PageSetup`),
/// finding a page (`BookPages`) and drawing are separate steps a mode can reuse.
enum RenderCommand: Command {
  static let signature = CommandSignature(
    name: "render",
    abstract: "Draw a typeset page of a book to a PNG, in a theme, with or without the HUD.",
    discussion: [
      "--page N counts pages through the whole book: chapters in reading order are laid out "
        + "one after another until page N is reached. --chapter C --page P picks page P of "
        + "chapter C (both from 1; chapters numbered as in 'quire toc'). Without --page the "
        + "first page is drawn. The pages are the reader's (the preferences on a 600 × 800 px "
        + "page, as `paginate`, `progress` and `search` number them) unless --width, "
        + "--height or --font-size change them.",
      "--hud adds the reading HUD: a progress bar, the book and chapter titles, the page "
        + "number (\"about\" while the total is estimated), percent and time left in the "
        + "chapter. --overlay shows the tap-to-open overlay with its slider and buttons.",
      "--turn MODE writes a whole page turn instead of one page: from page --from N (or "
        + "--page N) to the next one (--backward: to the one before), as an animated PNG, "
        + "or as numbered PNG frames with --sequence (turn-000.png, turn-001.png, …). "
        + "Modes: curl, leaf, slide, cover, scroll, none.",
      "--theme takes day, sepia, night, or a JSON file with a custom theme (the fields of "
        + "Quire's Theme: name, background, text, link, … as {\"red\":…,\"green\":…,\"blue\":…,"
        + "\"alpha\":…}).",
    ],
    positionals: [BookArgument.required],
    options: pageOptions + turnOptions + [
      OptionSpec(
        name: "output", short: "o", valueName: "FILE", help: "The PNG to write (required).")
    ],
    examples: [
      .init(
        command: "quire render pride.txt --page 3 -o page.png",
        explanation: "The third page of the book, day theme, 600 × 800."),
      .init(
        command: "quire render moby-dick.epub --chapter 5 --page 2 --theme night --hud -o p.png",
        explanation: "Page 2 of chapter 5 on a dark page, with the HUD."),
      .init(
        command:
          "quire render hongloumeng.txt --page 10 --width 480 --height 720 --font-size 20 -o p.png",
        explanation: "A Chinese page at a phone-like size and a larger type."),
      .init(
        command: "quire render alice.epub --turn curl --from 5 -o turn.png",
        explanation: "An animated PNG of page 5 curling over to page 6."),
      .init(
        command:
          "quire render sherlock.epub --page 5 --exclude ellipse:200,300,200,200 "
          + "--show-exclusions -o p.png",
        explanation: "Text flowing around a circle in the middle of the page, outlined."),
    ])

  /// The options of a page-turn animation.
  static let turnOptions: [OptionSpec] = [
    .value("turn", "MODE", help: "Write a page turn: curl, leaf, slide, cover, scroll or none."),
    .value("from", "N", help: "The page the turn starts from (same as --page)."),
    .flag("backward", help: "Turn back to the previous page instead of on to the next."),
    .value("frames", "COUNT", help: "Frames in the turn, 2 to 240 (default 30)."),
    .flag("sequence", help: "Write numbered PNG frames beside FILE instead of one APNG."),
  ]

  /// The options that choose and lay out the page, shared with other render modes.
  static let pageOptions: [OptionSpec] = [
    .value("page", "N", help: "Page N of the book, or of --chapter, from 1 (default 1)."),
    .value("chapter", "C", help: "Count --page within chapter C (from 1)."),
    .value("theme", "NAME", help: "day (default), sepia, night, or a theme JSON file."),
    .flag("hud", help: "Draw the HUD: progress bar, header and footer."),
    .flag("overlay", help: "Draw the HUD's overlay (title, slider, buttons); implies --hud."),
    .value("width", "PX", help: "Page width in pixels (default 600)."),
    .value("height", "PX", help: "Page height in pixels (default 800)."),
    .value("font-size", "PX", help: "Body font size in pixels (default: the preferences')."),
    ExclusionOption.spec,
    LibraryAccess.option,
    .flag(
      "no-embedded-fonts",
      help: "Set the book in the reader's fonts, ignoring the fonts it embeds (@font-face)."),
    .value(
      "writing-mode", "MODE",
      help: "auto (as the book says), horizontal, or vertical for Chinese, Japanese, Korean."),
    .flag("show-exclusions", help: "Outline the --exclude shapes faintly on the page."),
  ]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    guard let output = arguments.value("output") else {
      throw UsageError("-o FILE is required: the PNG to write", command: signature.name)
    }
    try OutputFile.check(output, command: signature.name)
    let setup = try PageSetup(
      arguments, reading: context.readingSettings(), command: signature.name)
    let turn = try TurnSetup(arguments, command: signature.name)
    let book = try context.openBook(arguments.positional(0)!)
    let pages = try BookPages(
      book: book, setup: setup, library: try LibraryAccess.openToPeek(arguments, in: context))
    let found = try pages.locate(chapter: setup.chapter, page: setup.page, command: signature.name)
    let renderer = try PageRenderer(resources: { try book.resource(at: $0) }, fonts: pages.fonts)
    let draw = { (found: BookPages.Found) in
      let hud = setup.showsHUD ? pages.hud(for: found, showsOverlay: setup.showsOverlay) : nil
      var rendered = renderer.render(found.page, text: found.text, theme: setup.theme, hud: hud)
      if arguments.has("show-exclusions") {
        ExclusionOption.drawOutlines(setup.exclusions, on: &rendered.image)
      }
      return rendered
    }
    let rendered = draw(found)
    warn(about: rendered, context)
    if let turn {
      try writeTurn(
        turn, from: found, rendered.image, pages: pages, draw: draw, to: output, context)
      return
    }
    try rendered.image.writePNG(to: output)
    context.print(
      "\(output): chapter \(found.chapter + 1) page \(found.page.index + 1), book page "
        + "\(found.bookPage), \(rendered.image.width) × \(rendered.image.height) px, "
        + "\(setup.theme.name) theme\n")
  }
}

extension RenderCommand {
  /// Says on standard error which pictures of a page were drawn as placeholders, and why.
  fileprivate static func warn(about page: RenderedPage, _ context: CommandContext) {
    for problem in page.pictureProblems {
      context.printError("quire render: \(problem); a placeholder was drawn\n")
    }
  }
}

// MARK: - Page turns

extension RenderCommand {
  /// Renders the neighbouring page and writes the turn's frames.
  fileprivate static func writeTurn(
    _ turn: TurnSetup, from found: BookPages.Found, _ image: RGBAImage, pages: BookPages,
    draw: (BookPages.Found) -> RenderedPage, to output: String, _ context: CommandContext
  ) throws {
    let step = turn.direction == .forward ? 1 : -1
    let target: BookPages.Found
    do {
      target = try pages.locate(chapter: nil, page: found.bookPage - 1 + step, command: "render")
    } catch {
      let side = turn.direction == .forward ? "after" : "before"
      throw UsageError(
        "there is no page \(side) book page \(found.bookPage) to turn to", command: "render")
    }
    let targetPage = draw(target)
    warn(about: targetPage, context)
    let frames = TurnAnimation.render(
      from: image, to: targetPage.image, mode: turn.mode, direction: turn.direction,
      frames: turn.frames, rightToLeft: pages.book.metadata.progressesRightToLeft)
    if turn.writesSequence {
      let paths = try APNGWriter.writeSequence(frames: frames, to: output)
      context.print(
        "\(paths.count) frames of a \(turn.mode.rawValue) turn from book page \(found.bookPage) "
          + "to \(target.bookPage): \(paths.first ?? "") … \(paths.last ?? "")\n")
    } else {
      try APNGWriter.write(frames: frames, delay: 1.0 / 30, to: output)
      context.print(
        "\(output): \(frames.count)-frame \(turn.mode.rawValue) turn (animated PNG) from book page "
          + "\(found.bookPage) to \(target.bookPage), \(image.width) × \(image.height) px\n")
    }
  }
}

/// What `--turn` asks for, or nil without it.
struct TurnSetup {
  var mode: TurnMode
  var direction: TurnDirection
  var frames: Int
  var writesSequence: Bool

  init?(_ arguments: ParsedArguments, command: String) throws {
    guard let name = arguments.value("turn") else {
      for option in ["backward", "sequence"] where arguments.has(option) {
        throw UsageError("--\(option) needs --turn MODE", command: command)
      }
      for option in ["frames", "from"] where arguments.value(option) != nil {
        throw UsageError("--\(option) needs --turn MODE", command: command)
      }
      return nil
    }
    guard let mode = TurnMode(rawValue: name) else {
      let modes = TurnMode.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("--turn expects one of \(modes), got '\(name)'", command: command)
    }
    self.mode = mode
    direction = arguments.has("backward") ? .backward : .forward
    writesSequence = arguments.has("sequence")
    frames = 30
    if let value = arguments.value("frames") {
      frames = try WholeNumber.value(value, for: "--frames", in: 2...240, command: command)
    }
  }
}

// MARK: - Options

/// The page size, type size, theme and page choice of a render command line.
struct PageSetup {
  /// The commands' reading page (`CommandSettings`), changed by the size options.
  var reading: ReadingSettings
  var theme = Theme.day
  var showsHUD = false
  var showsOverlay = false
  /// 0-based chapter when `--chapter` was given.
  var chapter: Int?
  /// 0-based page (in the chapter, or in the book).
  var page = 0
  /// Shapes the text flows around (`--exclude`), in page pixels.
  var exclusions: [ExclusionPath] = []

  init(_ arguments: ParsedArguments, reading base: ReadingSettings, command: String) throws {
    reading = base
    if arguments.has("no-embedded-fonts") { reading.embeddedFonts = false }
    if let mode = try WritingModeOption.value(arguments, command: command) {
      reading.writingMode = mode
    }
    func number(_ name: String, range: ClosedRange<Double>) throws -> Double? {
      guard let value = arguments.value(name) else { return nil }
      guard let number = WholeNumber.decimal(value), range.contains(number) else {
        throw UsageError(
          "--\(name) expects a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), "
            + "got '\(value)'", command: command)
      }
      return number
    }
    if let width = try number("width", range: 100...8192) { reading.pageWidth = width.rounded() }
    if let height = try number("height", range: 100...8192) {
      reading.pageHeight = height.rounded()
    }
    if let size = try number("font-size", range: 4...200) { reading.fontSize = size }
    let pageNumber =
      try WholeNumber.option(arguments, "page", in: 1...Int.max, command: command)
      ?? WholeNumber.option(arguments, "from", in: 1...Int.max, command: command)
    if let pageNumber { page = pageNumber - 1 }
    if let chapter = try WholeNumber.option(arguments, "chapter", in: 1...Int.max, command: command)
    {
      self.chapter = chapter - 1
    }
    showsOverlay = arguments.has("overlay")
    showsHUD = arguments.has("hud") || showsOverlay
    if let name = arguments.value("theme") { theme = try Self.theme(name, command: command) }
    exclusions = try ExclusionOption.paths(arguments, command: command)
  }

  private static func theme(_ name: String, command: String) throws -> Theme {
    if let preset = Theme.named(name) { return preset }
    guard name.hasSuffix(".json") else {
      throw UsageError(
        "--theme expects day, sepia, night or a .json file, got '\(name)'", command: command)
    }
    let data: Data
    switch RegularFile.read(name, limit: 1 << 20) {
    case .missing: throw BookError(.fileNotFound, path: name, "no such theme file")
    case .unreadable(let reason): throw BookError(.unreadable, path: name, reason)
    case .data(let bytes): data = bytes
    }
    do {
      return try JSONDecoder().decode(Theme.self, from: data)
    } catch {
      throw BookError(.unreadable, path: name, "not a theme: \(SystemErrorText.describe(error))")
    }
  }

  /// The reading page's container with the shapes text flows around.
  var container: TextContainer {
    var container = reading.container
    container.exclusionPaths = exclusions
    return container
  }
}

// MARK: - Finding a page

/// Lays out a book's chapters in reading order, as far as a page needs, and knows the
/// numbers the HUD shows.
struct BookPages {
  /// A found page with where it is.
  struct Found {
    var page: Page
    var text: StyledText
    /// 0-based chapter index.
    var chapter: Int
    /// The page's number in the book, from 1 (pages of earlier linear chapters + its own).
    var bookPage: Int
    /// UTF-16 units of the linear chapters before this one.
    var charactersBefore: Int
  }

  let book: Book
  let setup: PageSetup
  let fonts: FontContext
  let settings: LayoutSettings
  /// Page numbers as a reading session numbers them (exact from the library's pagination
  /// cache, else estimated), and the reader's speed from the library's reading sessions.
  let numbering: PageNumbering
  let charactersPerMinute: Double?

  init(book: Book, setup: PageSetup, library: Library?) throws {
    self.book = book
    self.setup = setup
    fonts = try FontContext(bodyFamily: setup.reading.fontFamily)
    settings = setup.reading.layoutSettings(language: book.metadata.language)
    let peek = try ReadingPeek(book: book, library: library, settings: setup.reading)
    numbering = peek.numbering
    charactersPerMinute = peek.estimate?.charactersPerMinute
  }

  /// The page `page` (0-based) of chapter `chapter`, or of the book when `chapter` is nil.
  func locate(chapter: Int?, page: Int, command: String) throws -> Found {
    guard page >= 0 else { throw UsageError("pages count from 1", command: command) }
    var bookPage = 0
    var before = 0
    for index in book.readingOrder {
      if let chapter, index >= chapter { break }
      let pages = try paginate(index)
      if chapter == nil, page < bookPage + pages.pages.count {
        return Found(
          page: pages.pages[page - bookPage], text: pages.text, chapter: index,
          bookPage: page + 1, charactersBefore: before)
      }
      bookPage += pages.pages.count
      before += pages.text.length
    }
    guard let chapter else {
      throw UsageError(
        "--page \(page + 1) is past the book's end (\(bookPage) pages)", command: command)
    }
    _ = try WholeNumber.chapterIndex(
      chapter + 1, chapterCount: book.chapters.count, command: command)
    let pages = try paginate(chapter)
    guard pages.pages.indices.contains(page) else {
      throw UsageError(
        "chapter \(chapter + 1) has \(pages.pages.count) pages, not \(page + 1)", command: command)
    }
    return Found(
      page: pages.pages[page], text: pages.text, chapter: chapter, bookPage: bookPage + page + 1,
      charactersBefore: before)
  }

  private func paginate(_ chapter: Int) throws -> (text: StyledText, pages: [Page]) {
    let text = try book.text(ofChapter: chapter)
    let paginator = Paginator(
      text: setup.reading.prepared(text), container: setup.container, settings: settings,
      fonts: fonts)
    return (text, paginator.paginateAll())
  }

  /// The HUD for a found page: titles, page n of m ("about" until the library's cache
  /// makes it exact), percent, and time left in the chapter at the reader's speed (none
  /// before any reading was recorded).
  func hud(for found: Found, showsOverlay: Bool) -> HUD {
    let linear = book.readingOrder
    let total = max(
      1, linear.reduce(0) { $0 + book.chapters[$1].estimatedLength },
      found.charactersBefore + found.text.length)
    let left = Double(max(0, found.text.length - found.page.range.upperBound))
    return HUD(
      bookTitle: book.metadata.title, author: book.metadata.authors.joined(separator: ", "),
      chapterTitle: ContentsNames(book: book).name(
        at: Locator(chapterIndex: found.chapter, offset: found.page.range.lowerBound)),
      pageNumber: found.bookPage,
      pageCount: max(found.bookPage, numbering.pagesInBook),
      isPageCountEstimated: !numbering.isExact,
      progression: Double(found.charactersBefore + found.page.range.upperBound) / Double(total),
      minutesLeftInChapter: charactersPerMinute.map { Int((left / $0).rounded()) },
      showsOverlay: showsOverlay,
      fontSize: max(10, (setup.reading.fontSize * 0.72).rounded()),
      language: book.metadata.language ?? "en")
  }
}
