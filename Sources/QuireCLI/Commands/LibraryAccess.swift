import Foundation
import QuireReading

/// How the library commands find the library: `--library PATH`, else `$QUIRE_LIBRARY`,
/// else `$XDG_DATA_HOME/quire/library.sqlite`. Tests pass `--library`, so they never touch
/// the real one.
enum LibraryAccess {
  /// The `--library PATH` option every library command accepts.
  static let option = OptionSpec.value(
    "library", "PATH",
    help: "The library file (default: $QUIRE_LIBRARY, else $XDG_DATA_HOME/quire/library.sqlite).")

  /// The library file for an option value and an environment.
  static func path(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return option }
    if let variable = environment["QUIRE_LIBRARY"], !variable.isEmpty { return variable }
    return Library.defaultPath(environment: environment)
  }

  /// Opens the library the arguments name when its file exists; nil otherwise (for
  /// commands that only read it, so that they never create one).
  static func openIfPresent(_ arguments: ParsedArguments) throws -> Library? {
    let environment = ProcessInfo.processInfo.environment
    let path = path(option: arguments.value("library"), environment: environment)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try Library(path: path)
  }

  /// Opens the library the arguments name, creating the default folder when needed.
  static func open(_ arguments: ParsedArguments) throws -> Library {
    let environment = ProcessInfo.processInfo.environment
    let path = path(option: arguments.value("library"), environment: environment)
    if arguments.value("library") == nil {
      // The default place may not exist on a first run; an explicit path is taken as is,
      // so a mistyped folder is an error rather than a new library somewhere.
      let folder = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return try Library(path: path)
  }
}
