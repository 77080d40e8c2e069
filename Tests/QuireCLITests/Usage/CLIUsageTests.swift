import Testing

@testable import QuireCLI

/// Help pages, usage errors and exit codes, end to end through `CLI.run`.
@Suite struct CLIUsageTests {
  @Test func noArgumentsAndHelpPrintTheCommandList() {
    for arguments in [[], ["--help"], ["-h"], ["help"]] {
      let result = runQuire(arguments)
      #expect(result.status == 0)
      #expect(result.standardError.isEmpty)
      for command in ["open", "info", "toc", "cat", "help"] {
        #expect(result.standardOutput.contains("\n  \(command) "), "\(arguments) lists \(command)")
      }
    }
  }

  @Test func versionPrintsTheVersion() {
    let result = runQuire(["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "quire \(CLI.version)\n")
  }

  @Test(arguments: ["open", "info", "toc", "cat"])
  func everyCommandHasHelpWithUsageAndExamples(command: String) {
    let viaHelp = runQuire(["help", command])
    let viaFlag = runQuire([command, "--help"])
    #expect(viaHelp.status == 0)
    #expect(viaHelp.standardOutput == viaFlag.standardOutput)
    #expect(viaHelp.standardOutput.hasPrefix("quire \(command) — "))
    #expect(viaHelp.standardOutput.contains("Usage: quire \(command) "))
    #expect(viaHelp.standardOutput.contains("Examples:\n  quire \(command)"))
    #expect(viaHelp.standardOutput.contains("-h, --help"))
  }

  @Test func catHelpShowsItsUsageLine() {
    #expect(
      runQuire(["cat", "-h"]).standardOutput.contains(
        "Usage: quire cat BOOK [--chapter N] [--styled] [--json]\n"))
  }

  @Test func unknownCommandIsAUsageError() {
    let result = runQuire(["frob"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError == """
        quire: unknown command 'frob'
        Usage: quire COMMAND [OPTIONS] [BOOK]
        Run 'quire --help' for the list of commands.

        """)
  }

  @Test func misspelledCommandGetsASuggestion() {
    let result = runQuire(["inf", "x"])
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("quire: unknown command 'inf' (did you mean 'info'?)\n"))
  }

  @Test func unknownOptionShowsTheCommandsUsage() {
    let result = runQuire(["info", "book.epub", "--jsn"])
    #expect(result.status == 2)
    #expect(
      result.standardError == """
        quire info: unknown option '--jsn' (did you mean '--json'?)
        Usage: quire info BOOK [--json] [--warnings]
        Run 'quire help info' for details.

        """)
  }

  @Test func unknownTopLevelOptionAndHelpTopic() {
    #expect(runQuire(["--frob"]).status == 2)
    #expect(runQuire(["help", "frob"]).status == 2)
    #expect(runQuire(["help", "cat", "toc"]).status == 2)
  }

  @Test func missingBookIsAUsageError() {
    let result = runQuire(["toc"])
    #expect(result.status == 2)
    #expect(result.standardError.hasPrefix("quire toc: missing BOOK"))
  }

  @Test func badChapterNumbersAreUsageErrors() {
    for value in ["0", "-2", "two", ""] {
      let result = runQuire(["cat", "b.txt", "--chapter=\(value)"], book: SampleBook.make())
      #expect(result.status == 2, "--chapter=\(value)")
      #expect(result.standardError.contains("--chapter expects a whole number from 1"))
    }
    #expect(runQuire(["cat", "b", "--styled", "--json"], book: SampleBook.make()).status == 2)
  }

  @Test func missingFileIsARuntimeErrorNamingTheFile() {
    let result = runQuire(["info", "/nonexistent/book.epub"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError == "quire: /nonexistent/book.epub: no such file or folder\n")
  }

  /// The same mistake as in `render` and `bookmarks add`: a usage error, exit 2.
  @Test func chapterOutOfRangeIsAUsageError() {
    let result = runQuire(["cat", "sample.epub", "--chapter", "9"], book: SampleBook.make())
    #expect(result.status == 2)
    #expect(
      result.standardError.hasPrefix("quire cat: --chapter 9 does not exist (the book has 3)\n"))
  }
}
