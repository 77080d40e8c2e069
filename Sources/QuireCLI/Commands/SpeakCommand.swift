import Foundation
import QuireBook
import QuireSpeech
import QuireUI

/// `quire speak BOOK -o out.wav`: a chapter read aloud by espeak-ng into a WAV file, or
/// the book's own narration; `--events` prints when each sentence and word is heard.
enum SpeakCommand: Command {
  static let signature = CommandSignature(
    name: "speak",
    abstract: "Read a chapter aloud into a WAV file, with the time of each sentence and word.",
    discussion: [
      "The chapter is read as the reader sees it, sentence by sentence, by espeak-ng in the "
        + "voice of each passage's language (a French quotation in an English book is read in "
        + "French), at the rate, pitch and voice of the preferences (quire config set speechRate "
        + "200). Note references are not read; images are read as their alt text and ruby as "
        + "its reading only when speechReadsAltText and speechReadsRuby are on.",
      "--events prints one JSON line per sentence and word, in the order they are heard: "
        + "{\"chapter\":N,\"kind\":\"sentence\"|\"word\",\"range\":[FROM,TO],\"start\":S,\"end\":E}, "
        + "with the range in UTF-16 units of the chapter's text (as 'quire cat --json') and the "
        + "times in seconds from the start of the WAV.",
      "--narration plays the book's own narration (EPUB 3 media overlays) instead: the "
        + "chapter's audio clips in order, one \"clip\" event each. A chapter without usable "
        + "narration is an error; what is wrong with it (a clip past its file's end, a missing "
        + "file, a broken SMIL) is printed as a warning.",
    ],
    positionals: [BookArgument.required],
    options: [
      .value("chapter", "N", help: "The chapter to read, from 1 (default 1)."),
      .value(
        "from", "OFFSET", help: "Start at the sentence holding this UTF-16 offset (default 0)."),
      .value("sentences", "K", help: "Read at most K sentences."),
      OptionSpec(
        name: "output", short: "o", valueName: "FILE", help: "The WAV file to write (required)."),
      .flag("events", help: "Print each sentence and word heard, as JSON lines."),
      .flag(
        "narration", help: "Play the book's own narration (media overlays) instead of a voice."),
    ],
    examples: [
      .init(
        command: "quire speak pride.txt --chapter 3 -o chapter3.wav",
        explanation: "Chapter 3 as an audiobook chapter."),
      .init(
        command: "quire speak book.epub --chapter 2 --sentences 5 --events -o /dev/null",
        explanation: "When the first five sentences of chapter 2 and their words are heard."),
      .init(
        command: "quire speak narrated.epub --narration --events -o narration.wav",
        explanation: "The book's own narration of chapter 1, clip by clip."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let number = try CatCommand.chapterNumber(arguments.value("chapter"))
    let offset =
      try arguments.value("from").map {
        try WholeNumber.value($0, for: "--from", in: 0...Int.max, command: signature.name)
      } ?? 0
    let limit =
      try arguments.value("sentences").map {
        try WholeNumber.value($0, for: "--sentences", in: 1...Int.max, command: signature.name)
      } ?? .max
    guard let output = arguments.value("output") else {
      throw UsageError("-o FILE is required: the WAV file to write", command: signature.name)
    }
    try OutputFile.check(output, command: signature.name)
    let book = try context.openBook(arguments.positional(0)!)
    let index =
      try WholeNumber.chapterIndex(
        number, chapterCount: book.chapters.count, command: signature.name)
    let events = arguments.has("events") ? context : nil
    if arguments.has("narration") {
      try narrate(book: book, chapter: index, to: output, events: events, context: context)
      return
    }
    let text = try book.text(ofChapter: index)
    if offset > text.length {
      throw UsageError(
        "--from \(offset) is past the end of chapter \(number) (\(text.length) UTF-16 units)",
        command: signature.name)
    }
    let settings = PreferencesFile.standard().load().preferences.speechSettings
    let language = book.metadata.language
    let utterances = SpeechScript.utterances(
      of: text, chapterIndex: index, language: language, from: offset, limit: limit,
      settings: settings)
    let speaker = try EspeakSpeaker(settings: settings, language: language)
    let writer = try WAVWriter(path: output, sampleRate: speaker.sampleRate)
    var failure: (any Error)?
    for utterance in utterances {
      let start = writer.sampleCount
      let timing = try speaker.speak(utterance) { samples in
        do {
          try writer.append(samples)
          return true
        } catch {
          failure = error
          return false
        }
      }
      if let failure { throw failure }
      guard let timing, let events else { continue }
      for mark in [timing.sentence] + timing.words {
        events.print(line(mark.shifted(by: start), rate: speaker.sampleRate))
      }
    }
    try writer.finish()
  }

  /// The book's narration of chapter `index` into `output`.
  static func narrate(
    book: Book, chapter index: Int, to output: String, events: CommandContext?,
    context: CommandContext
  ) throws {
    let (narration, warnings) = Narration.load(book: book, chapter: index)
    for warning in warnings { context.printError("quire speak: warning: \(warning)\n") }
    guard let narration else {
      throw BookError(
        .missingResource, path: book.path,
        "chapter \(index + 1) has no narration that can be played; quire speak without "
          + "--narration reads it with a voice")
    }
    let renderer = try NarrationRenderer(narration: narration, book: book)
    let writer = try WAVWriter(path: output, sampleRate: renderer.sampleRate)
    var failure: (any Error)?
    _ = try renderer.render { samples in
      do {
        try writer.append(samples)
        return true
      } catch {
        failure = error
        return false
      }
    } mark: { mark in
      events?.print(line(mark, rate: renderer.sampleRate))
    }
    if let failure { throw failure }
    try writer.finish()
  }

  /// One `--events` line: compact JSON, keys in a fixed order, times to the millisecond.
  static func line(_ mark: SpeechMark, rate: Int) -> String {
    func seconds(_ frame: Int) -> String {
      let millis = Int((Double(frame) * 1000 / Double(rate)).rounded())
      return "\(millis / 1000).\(String(millis % 1000 + 1000).dropFirst())"
    }
    return "{\"chapter\":\(mark.chapterIndex + 1),\"kind\":\"\(mark.kind.rawValue)\","
      + "\"range\":[\(mark.range.lowerBound),\(mark.range.upperBound)],"
      + "\"start\":\(seconds(mark.startFrame)),\"end\":\(seconds(mark.endFrame))}\n"
  }
}
