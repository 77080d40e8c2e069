import Foundation
import QuireReading

/// How the library commands find the library: `--library PATH`, else `$QUIRE_LIBRARY`,
/// else `$XDG_DATA_HOME/quire/library.sqlite`. Tests pass `--library`, so they never touch
/// the real one.
///
/// Every command opens it through `Library.openRecovering`, so a library that cannot be
/// written still opens for reading, and what the user must know (read-only, moved aside)
/// goes to standard error. A command that writes says plainly why it cannot.
enum LibraryAccess {
  /// The `--library PATH` option every library command accepts.
  static let option = OptionSpec.value(
    "library", "PATH",
    help: "The library file (default: $QUIRE_LIBRARY, else $XDG_DATA_HOME/quire/library.sqlite).")

  /// What a command will do with the library.
  enum Purpose {
    /// Only read: a read-only library is enough, and a damaged one is moved aside (never
    /// deleted) for a new one, as `Library.openRecovering` does.
    case reading
    /// Write: a library that cannot be written, or a damaged one, is an error naming
    /// why, before anything is done — never a change into a library that is lost on exit
    /// or into damaged tables.
    case writing
  }

  /// The library file for an option value and an environment.
  static func path(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return option }
    if let variable = environment["QUIRE_LIBRARY"], !variable.isEmpty { return variable }
    return Library.defaultPath(environment: environment)
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

  /// Opens the library the arguments name, creating it (and the default folder) when
  /// needed and possible.
  static func open(
    _ arguments: ParsedArguments, for purpose: Purpose, in context: CommandContext
  ) throws -> Library {
    let environment = ProcessInfo.processInfo.environment
    let path = path(option: arguments.value("library"), environment: environment)
    if arguments.value("library") == nil {
      // The default place may not exist on a first run; an explicit path is taken as is,
      // so a mistyped folder is an error rather than a new library somewhere.
      let folder = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } else {
      let folder = (path as NSString).deletingLastPathComponent
      var isDirectory: ObjCBool = false
      if !folder.isEmpty,
        !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
          || !isDirectory.boolValue
      {
        throw LibraryError(.cannotOpen, path: path, "the folder \(folder) does not exist")
      }
    }
    let opening = try Library.openRecovering(
      path: path, movingDamagedAside: purpose == .reading)
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
