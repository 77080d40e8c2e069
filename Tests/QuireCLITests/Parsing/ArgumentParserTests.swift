import Testing

@testable import QuireCLI

@Suite struct ArgumentParserTests {
  let signature = CommandSignature(
    name: "cat", abstract: "test",
    positionals: [.required("BOOK", help: "The book.")],
    options: [
      .value("chapter", "N", help: "The chapter."),
      .flag("styled", help: "Styles."),
      .flag("json", help: "JSON."),
    ])

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try ArgumentParser(signature).parse(arguments)
  }

  @Test func valueAsNextArgumentOrAfterEquals() throws {
    #expect(try parse(["b.txt", "--chapter", "3"]).value("chapter") == "3")
    #expect(try parse(["--chapter=3", "b.txt"]).value("chapter") == "3")
    #expect(try parse(["--chapter=", "b.txt"]).value("chapter") == "")
    #expect(try parse(["b.txt", "--chapter", "1", "--chapter", "2"]).value("chapter") == "2")
  }

  @Test func flagsAndPositionalsInAnyOrder() throws {
    let parsed = try parse(["--json", "book.epub", "--styled"])
    #expect(parsed.flags == ["json", "styled"])
    #expect(parsed.positionals == ["book.epub"])
    #expect(!parsed.has("help"))
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try parse(["--json", "--", "--odd.txt"])
    #expect(parsed.positionals == ["--odd.txt"])
    #expect(parsed.has("json"))
  }

  @Test func singleDashAndNegativeNumbersAreValues() throws {
    #expect(try parse(["-"]).positionals == ["-"])
    #expect(try parse(["b", "--chapter", "-1"]).value("chapter") == "-1")
  }

  @Test func unknownOptionSuggestsTheClosest() {
    #expect(throws: UsageError("unknown option '--jsn' (did you mean '--json'?)", command: "cat")) {
      try parse(["b", "--jsn"])
    }
    #expect(throws: UsageError("unknown option '--frobnicate'", command: "cat")) {
      try parse(["b", "--frobnicate"])
    }
    #expect(throws: UsageError("unknown option '-x'", command: "cat")) { try parse(["b", "-x"]) }
  }

  @Test func missingValue() {
    let error = UsageError("option '--chapter' needs a value (--chapter N)", command: "cat")
    #expect(throws: error) { try parse(["b", "--chapter"]) }
    #expect(throws: error) { try parse(["b", "--chapter", "--json"]) }
  }

  @Test func flagWithValueIsAnError() {
    #expect(throws: UsageError("option '--json' takes no value", command: "cat")) {
      try parse(["b", "--json=yes"])
    }
  }

  @Test func missingAndExtraPositionals() {
    #expect(throws: UsageError("missing BOOK (the book.)", command: "cat")) { try parse([]) }
    #expect(throws: UsageError("unexpected argument 'c'", command: "cat")) {
      try parse(["b", "c"])
    }
  }

  @Test func helpWinsOverEveryOtherProblem() throws {
    #expect(try parse(["--nonsense", "-h"]).has("help"))
    #expect(try parse(["--help"]).has("help"))
    #expect(try parse(["--", "--help"]).positionals == ["--help"])
  }

  @Test func editDistances() {
    #expect(editDistance("json", "jsn") == 1)
    #expect(editDistance("", "abc") == 3)
    #expect(editDistance("toc", "toc") == 0)
  }
}
