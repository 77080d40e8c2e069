import Foundation
import QuireLookup
import QuireReading

/// `quire lookup WORD`: a word's definitions in the offline dictionaries, and the history
/// of words looked up.
enum LookupCommand: Command {
  static let signature = CommandSignature(
    name: "lookup",
    abstract: "Look a word up in the offline dictionaries (dictd, StarDict).",
    discussion: [
      "Dictionaries are read directly from their files: dictd databases in /usr/share/dictd "
        + "(Debian's dict-gcide, dict-wn and dict-freedict-* packages) and StarDict "
        + "dictionaries (KOReader's and sdcv's) in ~/.stardict/dic, $XDG_DATA_HOME/stardict/dic "
        + "or /usr/share/stardict/dic. $QUIRE_DICTIONARIES (folders separated by ':') replaces "
        + "those places.",
      "With --lang the dictionaries of that language are asked (and those that state no "
        + "language); the 'dictionaries' preference ('quire config set dictionaries gcide,wn') "
        + "chooses and orders them. Each dictionary that knows the word gives its entry; when "
        + "it lacks an English word as written it is asked for its base form (running → run, "
        + "flies → fly, reader's → reader).",
      "Each look-up is added to the history in the library (unless --no-history, or when "
        + "there is no library yet); --history prints it, oldest first.",
      "Exit status: 0 when a dictionary knew the word, 1 when none did or none is installed "
        + "(the message says what to install), 2 for a wrong command line.",
    ],
    positionals: [.repeating("WORD", help: "The word or phrase to look up.")],
    options: [
      .value("lang", "L", help: "The word's language, a BCP 47 tag (en, fr, de-AT…)."),
      .value(
        "dictionary", "NAME", help: "Ask only these dictionaries (ids or names, comma-separated)."),
      .flag("json", help: "Print JSON for scripts."),
      .flag("list", help: "List the installed dictionaries instead."),
      .flag("history", help: "Print the look-up history instead."),
      .flag("no-history", help: "Do not add this look-up to the history."),
      LibraryAccess.option,
    ],
    examples: [
      .init(
        command: "quire lookup serendipity",
        explanation: "WordNet's entry (and GCIDE's, had it one)."),
      .init(
        command: "quire lookup happier --dictionary wn",
        explanation: "WordNet's “happy”: it has no “happier”."),
      .init(
        command: "quire lookup abat-jour --lang fr", explanation: "A French–English FreeDict entry."
      ),
      .init(
        command: "quire lookup --list", explanation: "The dictionaries found, with their languages."
      ),
      .init(
        command: "quire lookup --history --json",
        explanation: "Every word looked up, for a vocabulary list."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    if arguments.has("history") {
      return try printHistory(arguments, in: context)
    }
    let setup = context.lookupSetup()
    let shelf = DictionaryShelf(locations: setup.locations)
    if arguments.has("list") { return try list(shelf, arguments, in: context) }
    let word = arguments.positionals.joined(separator: " ")
    guard !word.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw UsageError("WORD is missing", command: signature.name)
    }
    let language = try languageOption(arguments)
    let only = (arguments.value("dictionary") ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    if let unknown = only.first(where: { shelf.dictionary(named: $0) == nil }) {
      let ids = shelf.dictionaries.map(\.id).joined(separator: ", ")
      throw UsageError(
        "no dictionary is called '\(unknown)' (installed: \(ids.isEmpty ? "none" : ids))",
        command: signature.name)
    }
    let result = shelf.lookUp(word, language: language, preferred: setup.preferred, only: only)
    for problem in shelf.discoveryProblems + result.problems {
      context.printError("quire: \(problem)\n")
    }
    if !arguments.has("no-history") { record(result, arguments, in: context) }
    if arguments.has("json") {
      context.print(try JSONOutput.encode(LookupReport(result)))
    } else if result.isFound {
      context.print(
        LookupReport.text(
          result, width: context.lineWidth, styled: TerminalStyle.stylesStandardOutput(in: context))
      )
    }
    guard result.isFound else {
      throw CommandFailure(notFoundMessage(result))
    }
  }

  /// Why nothing was found, and what to do.
  private static func notFoundMessage(_ result: LookupResult) -> String {
    if result.consulted.isEmpty && result.problems.isEmpty {
      return result.advice ?? InstallAdvice.nothingInstalled
    }
    let names = result.consulted.map(\.id).joined(separator: ", ")
    var message =
      "“\(result.word)” is not in \(names.isEmpty ? "any dictionary that could be read" : names)"
    if let advice = result.advice { message += ". " + advice }
    return message
  }

  private static func languageOption(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    guard let tag = arguments.value("lang") else { return nil }
    let valid =
      !tag.isEmpty && tag.count <= 35
      && tag.split(separator: "-", omittingEmptySubsequences: false).allSatisfy {
        (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
    guard valid, tag.first!.isLetter else {
      throw UsageError(
        "--lang expects a language tag such as en or fr-CA, got '\(tag)'", command: signature.name)
    }
    return tag
  }

  /// Adds the look-up to the history of an existing library; a library that cannot take it
  /// is said on standard error, and the look-up still succeeds.
  private static func record(
    _ result: LookupResult, _ arguments: ParsedArguments, in context: CommandContext
  ) {
    do {
      guard let library = try LibraryAccess.openIfPresent(arguments, in: context) else { return }
      try library.recordLookup(
        LookupRecord(
          word: result.word, form: result.definitions.first?.form,
          dictionaries: result.definitions.map(\.dictionary.id), language: result.language))
    } catch {
      context.printError("quire: the look-up was not added to the history: \(error)\n")
    }
  }

  private static func printHistory(_ arguments: ParsedArguments, in context: CommandContext) throws
  {
    guard arguments.positionals.isEmpty else {
      throw UsageError("--history takes no WORD", command: signature.name)
    }
    guard let library = try LibraryAccess.openIfPresent(arguments, in: context) else {
      if arguments.has("json") { context.print("[]\n") }
      return
    }
    let records = try library.lookupHistory()
    if arguments.has("json") {
      context.print(try JSONOutput.encode(records.map(LookupHistoryReport.Entry.init)))
    } else {
      context.print(LookupHistoryReport.text(records, width: context.lineWidth))
    }
  }

  private static func list(
    _ shelf: DictionaryShelf, _ arguments: ParsedArguments, in context: CommandContext
  ) throws {
    guard arguments.positionals.isEmpty else {
      throw UsageError("--list takes no WORD", command: signature.name)
    }
    let (dictionaries, problems) = shelf.describeAll()
    for problem in problems { context.printError("quire: \(problem)\n") }
    if arguments.has("json") {
      context.print(try JSONOutput.encode(dictionaries))
      return
    }
    guard !dictionaries.isEmpty else { throw CommandFailure(InstallAdvice.nothingInstalled) }
    context.print(LookupReport.listing(dictionaries, width: context.lineWidth))
  }
}
