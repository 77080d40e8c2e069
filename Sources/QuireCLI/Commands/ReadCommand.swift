import Foundation
import QuireBook
import QuireDesktop
import QuireReading
import QuireTerminal
import QuireUI

#if canImport(Glibc)
  import Glibc
#endif

/// `quire read [BOOK]`: the full-screen terminal reader.
enum ReadCommand: Command {
  static let signature = CommandSignature(
    name: "read",
    abstract: "Read a book full screen in the terminal.",
    discussion: [
      "Pages are set by Quire's own typesetter on the terminal's cells: justified with evenly "
        + "spread spaces, hyphenated, Chinese punctuation kept off the start of lines. The "
        + "position, bookmarks, notes and reading time are saved to the library as you read, and "
        + "reopening the book returns to the same first character.",
      "With no BOOK the library is shown over the book read last (Enter opens another), or the "
        + "Quire Handbook when the library is empty. Press ? in the reader for every key; keys "
        + "can be changed in $XDG_CONFIG_HOME/quire/keys.json ('quire config keys').",
    ],
    positionals: [
      .optional("BOOK", help: "A .txt file, an .epub file, or an unpacked EPUB folder.")
    ],
    options: [LibraryAccess.option],
    examples: [
      .init(command: "quire read pride-and-prejudice.epub", explanation: "Read a book."),
      .init(command: "quire read", explanation: "The library, over the book read last."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    guard TerminalReader.isAvailable else {
      throw UsageError(
        "the terminal reader needs a terminal on standard input and output; "
          + "'quire cat BOOK --chapter N' prints a chapter instead", command: "read")
    }
    if let reason = Terminfo.unsuitability(environment: ProcessInfo.processInfo.environment) {
      throw UsageError(
        "the terminal reader needs a terminal that can move the cursor, and \(reason); "
          + "'quire cat BOOK --chapter N' prints a chapter instead", command: "read")
    }
    try read(arguments.positional(0), arguments, in: context)
  }

  /// Opens the reader on `path`, or on the last book (with the library shown), or on the
  /// handbook; exits with 128 + the signal's number when a signal stopped it.
  static func read(_ path: String?, _ arguments: ParsedArguments, in context: CommandContext)
    throws
  {
    // Before any thread but this one allocates (`MallocArenas`).
    MallocArenas.useOne()
    let library = try LibraryAccess.openForReader(arguments, in: context)
    let (book, showLibrary) = try chooseBook(path, library: library, context: context)
    let configuration = ReaderConfiguration.load()
    let ending = try ReaderLoop.run {
      try await TerminalReader.run(
        book: book, library: library, configuration: configuration, showLibrary: showLibrary)
    }
    if case .signal(let number) = ending { exit(128 + number) }
  }

  /// Opens the desktop window on `path`, or on the last book (the library shown over it),
  /// or on the handbook.
  static func readInWindow(
    _ path: String?, _ arguments: ParsedArguments, in context: CommandContext
  ) throws {
    let library = try LibraryAccess.openForReader(arguments, in: context)
    var configuration = ReaderConfiguration.load()
    let book: Book
    let showLibrary: Bool
    do {
      (book, showLibrary) = try chooseBook(path, library: library, context: context)
    } catch let error where path != nil {
      // A launcher (a file manager, a desktop entry) has no terminal to read stderr: the
      // window opens on the library, over the book read last or the handbook, and says
      // why the book did not open.
      (book, _) = try chooseBook(nil, library: library, context: context)
      showLibrary = library != nil
      configuration.startupMessages.insert(Self.whyNotOpened(error), at: 0)
    }
    do {
      _ = try DesktopReader.run(
        book: book, library: library, configuration: configuration, showLibrary: showLibrary)
    } catch let error as DesktopError {
      throw CommandFailure(error.description)
    }
  }

  /// Why a book given to the window did not open, in a line.
  static func whyNotOpened(_ error: any Error) -> String {
    "\(error)".split(separator: "\n").first.map(String.init) ?? "the book could not be opened"
  }

  /// The book to open: the one named, else the library's last read (shown with the
  /// library), else the handbook.
  static func chooseBook(_ path: String?, library: Library?, context: CommandContext) throws
    -> (Book, showLibrary: Bool)
  {
    if let path { return (try context.openBook(path), false) }
    if let library,
      let last = try? library.books(sortedBy: .recent).first(where: { PathName.exists($0.path) }),
      let book = try? context.openBook(last.path)
    {
      return (book, true)
    }
    guard let handbook = context.handbookPath else {
      throw BookError(
        .fileNotFound, path: "Handbook",
        "the bundled handbook is missing; give a BOOK or reinstall Quire")
    }
    return (try context.openBook(handbook), false)
  }
}

/// Runs the reader's event loop on Swift's global executor while the main thread waits.
///
/// Unlike `CallingThreadExecutor`, which suits commands that run to an end, the reader
/// waits on input from another thread for as long as it is open; its tasks, the session's
/// work ahead and the search run on the pool like any app's.
enum ReaderLoop {
  static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Result<T, any Error>?>(nil)
    Task.detached {
      let outcome: Result<T, any Error>
      do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    return try result.withLock { $0 }!.get()
  }
}

/// The reader's preferences and keys from the XDG config folder, with what was wrong in
/// them as messages for the first screen.
enum ReaderConfiguration {
  static func load() -> ReaderController.Configuration {
    let file = PreferencesFile.standard()
    let (preferences, problems) = file.load()
    let (keys, keyProblems) = KeyMap.loading(from: file.keysURL)
    return ReaderController.Configuration(
      preferences: preferences, preferencesFile: file, keyMap: keys,
      startupMessages: problems + keyProblems)
  }
}
