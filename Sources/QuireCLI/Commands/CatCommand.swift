import QuireBook

/// `quire cat BOOK --chapter N`: one chapter's text, plain, styled, or as JSON.
enum CatCommand: Command {
  static let signature = CommandSignature(
    name: "cat",
    abstract: "Print the text of one chapter, plain or with its styles.",
    discussion: [
      "Chapters are numbered from 1 over all of the book's chapters, in the order of "
        + "'quire toc' and 'quire info' (non-linear EPUB chapters included). Plain text has one "
        + "line per paragraph; images appear as [image: ALT].",
      "--styled shows each paragraph (¶) with its role and layout, its text, its character "
        + "runs with their styles, and its links, images and anchors. Ranges are UTF-16 offsets.",
    ],
    positionals: [BookArgument.required],
    options: [
      .value("chapter", "N", help: "The chapter to print, from 1 (default 1)."),
      .flag("styled", help: "Show paragraph styles, style runs, links, images and anchors."),
      BookArgument.json,
    ],
    examples: [
      .init(command: "quire cat alice.txt --chapter 2", explanation: "Chapter 2 as plain text."),
      .init(
        command: "quire cat moby-dick.epub --chapter=5 --styled",
        explanation: "Chapter 5 with headings, emphasis, links and notes made visible."),
      .init(
        command: "quire cat book.epub --chapter 3 --json",
        explanation: "The string, runs, paragraphs, links, attachments and anchors as JSON."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let number = try chapterNumber(arguments.value("chapter"))
    if arguments.has("styled") && arguments.has("json") {
      throw UsageError("--styled and --json cannot be combined", command: signature.name)
    }
    let book = try context.openBook(arguments.positional(0)!)
    _ = try WholeNumber.chapterIndex(
      number, chapterCount: book.chapters.count, command: signature.name)
    let text = try book.text(ofChapter: number - 1)
    if arguments.has("json") {
      let chapter = ChapterJSON(index: number - 1, chapter: book.chapters[number - 1], text: text)
      context.print(try JSONOutput.encode(chapter))
    } else if arguments.has("styled") {
      context.print(StyleDump.of(text))
    } else {
      context.print(PlainText.of(text))
    }
  }

  /// The 1-based chapter number of `--chapter`, 1 when absent.
  static func chapterNumber(_ value: String?) throws(UsageError) -> Int {
    guard let value else { return 1 }
    return try WholeNumber.value(value, for: "--chapter", in: 1...Int.max, command: signature.name)
  }
}
