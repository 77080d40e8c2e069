import Foundation
import QuireBook
import QuireReading

/// How the library commands find the library: `--library PATH`, else `$QUIRE_LIBRARY`,
/// else `$XDG_DATA_HOME/quire/library.sqlite`. Tests pass `--library`, so they never touch
/// the real one.
///
/// Every command opens it through `Library.openRecovering`, so a library that cannot be
/// written still opens for reading, and what the user must know (read-only, salvaged)
/// goes to standard error. A command that writes says plainly why it cannot.
///
/// What is not Quire's is never touched: a file that is not a Quire library is refused
/// (exit 1, the message naming it), and a command that only reads never creates, moves or
/// rewrites a library file at a path the user gave (`--library`, `$QUIRE_LIBRARY`).
enum LibraryAccess {
  /// The `--library PATH` option every library command accepts.
  static let option = OptionSpec.value(
    "library", "PATH",
    help: "The library file (default: $QUIRE_LIBRARY, else $XDG_DATA_HOME/quire/library.sqlite).")

  /// What a command will do with the library.
  enum Purpose {
    /// Only read. The default library is made when missing and salvaged when damaged (the
    /// damaged file moved aside, never deleted), as `Library.openRecovering` does; a
    /// library the user named is only opened — missing (or an empty file), an empty one in
    /// memory stands in for the command; damaged, the command fails saying so.
    case reading
    /// Write: a library that cannot be written, or a damaged one, is an error naming
    /// why, before anything is done — never a change into a library that is lost on exit
    /// or into damaged tables.
    case writing
    /// The readers, which save positions and notes as the reader reads: the library is
    /// made when missing, and a damaged one of Quire's salvaged wherever it is.
    case reader
  }

  /// The library file for an option value and an environment.
  static func path(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return option }
    if let variable = environment["QUIRE_LIBRARY"], !variable.isEmpty { return variable }
    return Library.defaultPath(environment: environment)
  }

  /// Whether the arguments or the environment name the library (rather than the default).
  static func isNamed(_ arguments: ParsedArguments, environment: [String: String]) -> Bool {
    !(arguments.value("library") ?? "").isEmpty || !(environment["QUIRE_LIBRARY"] ?? "").isEmpty
  }

  /// Opens the library the arguments name when its file exists; nil otherwise (for
  /// commands that only read it, so that they never create one).
  static func openIfPresent(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> Library?
  {
    let environment = ProcessInfo.processInfo.environment
    let path = path(option: arguments.value("library"), environment: environment)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try open(arguments, for: .reading, in: context)
  }

  /// The library for a command that only looks into it for what it can add (`quire
  /// render`'s page numbers and reading speed): one that cannot be opened (locked, newer,
  /// damaged) leaves the command without it, said on standard error; a file that is not
  /// a Quire library is still refused.
  static func openToPeek(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> Library?
  {
    try withoutIfUnavailable("going on without the library", context) {
      try openIfPresent(arguments, in: context)
    }
  }

  /// The library for a reader (`quire read`, `quire open`): a library that cannot be had
  /// (locked, newer) leaves the reader without one, said on standard error; a file that is
  /// not a Quire library is refused, so the reader never starts on the user's own file.
  static func openForReader(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> Library?
  {
    try withoutIfUnavailable("reading without a library", context) {
      try open(arguments, for: .reader, in: context)
    }
  }

  /// The library `open` gives, or none when it cannot be had (said on standard error,
  /// with what the command does instead); a file that is not a Quire library is still
  /// refused.
  private static func withoutIfUnavailable(
    _ instead: String, _ context: CommandContext, _ open: () throws -> Library?
  ) throws -> Library? {
    do {
      return try open()
    } catch let error as LibraryError where error.code == .notALibrary {
      throw error
    } catch {
      context.printError("quire: \(error); \(instead)\n")
      return nil
    }
  }

  /// Opens the library the arguments name, creating it (and the default folder) when
  /// needed and allowed.
  ///
  /// - Throws: `LibraryError` for a file that is not a Quire library (`.notALibrary`), a
  ///   damaged library a command may not salvage, or one it cannot write.
  static func open(
    _ arguments: ParsedArguments, for purpose: Purpose, in context: CommandContext
  ) throws -> Library {
    let environment = ProcessInfo.processInfo.environment
    let path = path(option: arguments.value("library"), environment: environment)
    let named = isNamed(arguments, environment: environment)
    if !named {
      // The default place may not exist on a first run; a named path is taken as is, so a
      // mistyped folder is an error rather than a new library somewhere.
      let folder = PathName.folder(of: path)
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } else {
      let folder = PathName.folder(of: path)
      var isDirectory: ObjCBool = false
      if !folder.isEmpty,
        !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
          || !isDirectory.boolValue
      {
        throw LibraryError(.cannotOpen, path: path, "the folder \(folder) does not exist")
      }
      // An empty file is no library either: reading must not turn it into one.
      let status = PathName.status(path)
      if purpose == .reading && (status == nil || status == FileStatus(kind: .regular, size: 0)) {
        context.printError(
          "quire: \(path): there is no library there yet; a command that saves makes one\n")
        return try Library.inMemory()
      }
    }
    let opening: LibraryOpening
    do {
      opening = try Library.openRecovering(
        path: path, movingDamagedAside: purpose == .reader || (purpose == .reading && !named))
    } catch let error as LibraryError where error.code == .corrupt {
      throw LibraryError(
        .corrupt, path: path,
        error.detail + "; nothing was changed. 'quire library salvage"
          + (named ? " --library \(path)" : "") + "' copies what can be read into a new "
          + "library and keeps the damaged file beside it")
    }
    switch (purpose, opening.state) {
    case (.writing, .readOnly), (.writing, .inMemory):
      throw LibraryError(
        .readOnly, path: path, "cannot save: \(opening.reason ?? "the library cannot be written")")
    default:
      for notice in opening.notices { context.printError("quire: \(notice)\n") }
      return opening.library
    }
  }
}
