import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Output that cannot be written, through the real `quire`: a full disk or a closed
/// standard output is exit 1 with "cannot write to standard output: …" (each of these
/// died of a trap in FileHandle); a reader that goes away (`| head -1`) ends `quire`
/// quietly by SIGPIPE, as it ends `cat`.
@Suite(.enabled(if: QuireProgram.path != nil, "needs the built quire"))
final class OutputFailureTests {
  let folder: String
  var book: String { folder + "/pride.txt" }

  init() throws {
    folder = try ScratchFolder.make("output")
    let paragraph =
      "It is a truth universally acknowledged, that a single man in possession of a good "
      + "fortune, must be in want of a wife.\n\n"
    try
      ("Pride and Prejudice\n\nby Jane Austen\n\n\nCHAPTER I.\n\n"
      + String(repeating: paragraph, count: 3000)).write(
        toFile: book, atomically: true, encoding: .utf8)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The tests' environment with the library (`QUIRE_LIBRARY`), settings and caches in the
  /// folder.
  private var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = folder
    environment["QUIRE_LIBRARY"] = folder + "/library.sqlite"
    environment["XDG_CACHE_HOME"] = folder + "/cache"
    environment["XDG_CONFIG_HOME"] = folder + "/config"
    environment["XDG_DATA_HOME"] = folder + "/data"
    return environment
  }

  /// What a shell gives: `status` is the exit status, or 128 + the signal.
  struct Outcome {
    var status: Int32
    var standardError: String
  }

  /// Runs `quire ARGUMENTS REDIRECTION` through `/bin/sh` in `environment`.
  private func shell(_ arguments: [String], _ redirection: String) throws -> Outcome {
    let program = try #require(QuireProgram.path)
    let words = ([program] + arguments)
      .map { "'" + $0 + "'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \(words) \(redirection)"]
    process.environment = environment
    let error = Pipe()
    process.standardError = error
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return Outcome(status: status, standardError: text)
  }

  static let commands: [[String]] = [
    ["cat", "BOOK", "--chapter", "2"], ["toc", "BOOK"], ["info", "BOOK", "--json"],
    ["search", "BOOK", "truth"], ["paginate", "BOOK", "--lines"],
    ["bookmarks", "BOOK", "export"],
  ]

  private func arguments(_ command: [String]) -> [String] {
    command.map { $0 == "BOOK" ? book : $0 }
  }

  @Test(arguments: commands)
  func aFullDiskIsExitOneWithTheReason(_ command: [String]) throws {
    let outcome = try shell(arguments(command), "> /dev/full")
    #expect(outcome.status == 1, "\(command): \(outcome.standardError)")
    #expect(
      outcome.standardError.hasSuffix(
        "quire: cannot write to standard output: No space left on device\n"),
      "\(command): \(outcome.standardError)")
    #expect(!outcome.standardError.contains("Fatal error"))
  }

  @Test(arguments: commands)
  func aClosedStandardOutputIsExitOne(_ command: [String]) throws {
    let outcome = try shell(arguments(command), ">&-")
    #expect(outcome.status == 1, "\(command): \(outcome.standardError)")
    #expect(
      outcome.standardError.hasSuffix(
        "quire: cannot write to standard output: Bad file descriptor\n"),
      "\(command): \(outcome.standardError)")
  }

  /// `quire paginate --lines` writes far more than a pipe holds, so it meets the closed
  /// pipe whether SIGPIPE is left to its default or ignored by the parent.
  @Test(arguments: ["", "trap '' PIPE; "])
  func aClosedPipeEndsQuietlyAsCatDoes(_ setup: String) throws {
    let program = try #require(QuireProgram.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c",
      "\(setup)'\(program)' paginate '\(book)' --lines --no-hyphenation "
        + "| head -c 10 > /dev/null; echo \"${PIPESTATUS[0]}\" >&2",
    ]
    process.environment = environment
    let error = Pipe()
    process.standardError = error
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text == "141\n", "the status and everything quire said: \(text)")
  }

  @Test func aStreamClosedAtStartLendsItsNumberToNoFile() throws {
    let output = folder + "/page.png"
    let outcome = try shell(["render", book, "--page", "1", "-o", output], ">&-")
    #expect(outcome.status == 1, "\(outcome.standardError)")
    // The PNG is a PNG: the line about it went nowhere, not into the file.
    let data = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(!String(decoding: data.suffix(200), as: UTF8.self).contains("page 1"))
  }
}
