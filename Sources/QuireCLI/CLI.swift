import QuireBook

/// The `quire` command line: finds the subcommand, parses its arguments, runs it, and
/// turns what went wrong into a message and an exit code.
public enum CLI {
  /// Quire's version, printed by `quire --version`.
  public static let version = "0.1.0"

  /// The subcommands, in the order `quire --help` lists them.
  static let commands: [CommandEntry] = [
    OpenCommand.entry, ReadCommand.entry, ConfigCommand.entry, InfoCommand.entry, TOCCommand.entry,
    CatCommand.entry,
    PaginateCommand.entry, RenderCommand.entry, SearchCommand.entry, LookupCommand.entry,
    LibraryCommand.entry, BookmarksCommand.entry, AnnotationsCommand.entry,
    ProgressCommand.entry, StatsCommand.entry, SpeakCommand.entry, BenchCommand.entry,
  ]

  /// Exit codes: 0 success, 1 a runtime error (the book could not be read), 2 a usage
  /// error (the command line was wrong).
  enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
  }

  /// The process's arguments without the program name, file names that are not UTF-8
  /// kept byte for byte (`PathName`): `CommandLine.arguments` replaces their bytes.
  public static func processArguments() -> [String] {
    PathName.arguments()
  }

  /// Runs `arguments` (without the program name) on the process's streams and returns
  /// the exit code.
  public static func run(_ arguments: [String]) -> Int32 {
    // Before any file is opened: a closed standard stream must not lend its number to one.
    StandardOutputSink.claim()
    return run(arguments, in: .standard)
  }

  /// Runs `arguments` in `context` and returns the exit code.
  package static func run(_ arguments: [String], in context: CommandContext) -> Int32 {
    do {
      try dispatch(arguments, in: context)
      return ExitCode.success.rawValue
    } catch let error as UsageError {
      context.printError(usageMessage(for: error))
      return ExitCode.usage.rawValue
    } catch let error as BookError {
      context.printError("quire: \(error)\n")
      return ExitCode.failure.rawValue
    } catch {
      context.printError("quire: \(SystemErrorText.describe(error))\n")
      return ExitCode.failure.rawValue
    }
  }

  // MARK: - Dispatch

  private static func dispatch(_ arguments: [String], in context: CommandContext) throws {
    guard let first = arguments.first else {
      context.print(HelpFormatter.programHelp(commands.map(\.signature)))
      return
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--help", "-h":
      context.print(HelpFormatter.programHelp(commands.map(\.signature)))
    case "--version":
      context.print("quire \(version)\n")
    case "help":
      try help(rest, in: context)
    default:
      let command = try command(named: first)
      let parsed = try ArgumentParser(command.signature).parse(rest)
      if parsed.has("help") {
        context.print(HelpFormatter.help(command.signature))
      } else {
        try command.run(parsed, context)
      }
    }
  }

  /// `quire help [COMMAND]`.
  private static func help(_ arguments: [String], in context: CommandContext) throws {
    guard let name = arguments.first else {
      context.print(HelpFormatter.programHelp(commands.map(\.signature)))
      return
    }
    if arguments.count > 1 { throw UsageError("help takes one command, got '\(arguments[1])'") }
    if name == "help" {
      context.print(HelpFormatter.programHelp(commands.map(\.signature)))
      return
    }
    context.print(HelpFormatter.help(try command(named: name).signature))
  }

  private static func command(named name: String) throws(UsageError) -> CommandEntry {
    if let command = commands.first(where: { $0.signature.name == name }) { return command }
    if name.hasPrefix("-") { throw UsageError("unknown option '\(name)'") }
    let names = commands.map(\.signature.name)
    let best = names.min { editDistance($0, name) < editDistance($1, name) }
    let hint = best.flatMap { editDistance($0, name) <= 2 ? " (did you mean '\($0)'?)" : nil }
    throw UsageError("unknown command '\(name)'\(hint ?? "")")
  }

  // MARK: - Messages

  /// The text printed for a usage error: the message, the usage line, and where to look.
  static func usageMessage(for error: UsageError) -> String {
    if let name = error.command, let command = commands.first(where: { $0.signature.name == name })
    {
      return """
        quire \(name): \(error.message)
        Usage: \(HelpFormatter.usage(command.signature))
        Run 'quire help \(name)' for details.

        """
    }
    return """
      quire: \(error.message)
      Usage: \(HelpFormatter.programUsage)
      Run 'quire --help' for the list of commands.

      """
  }
}
