import Foundation
package import QuireBook
package import QuireReading
import QuireUI

/// What a command runs with: where its output goes, how it opens books, and where the
/// bundled handbook is. `quire` uses the real ones; tests capture output and may open
/// books they built in memory.
package struct CommandContext: Sendable {
  /// Where standard output and standard error go.
  package var output: any OutputSink
  /// Opens the book at a path (`Book.open` in `quire`).
  package var openBook: @Sendable (String) throws -> Book
  /// The path of the bundled handbook, used by `quire open` without a book.
  package var handbookPath: String?
  /// The width, in terminal columns, that running text is wrapped to.
  package var lineWidth: Int
  /// The reading page the commands that number pages lay out (`CommandSettings`); tests
  /// pin the defaults so a developer's own preferences never change their pages.
  package var readingSettings: @Sendable () -> ReadingSettings
  /// Where `quire lookup` finds dictionaries and which the reader prefers.
  package var lookupSetup: @Sendable () -> LookupSetup

  /// Creates a context.
  package init(
    output: any OutputSink, openBook: @escaping @Sendable (String) throws -> Book,
    handbookPath: String?, lineWidth: Int = 80,
    readingSettings: @escaping @Sendable () -> ReadingSettings = { CommandSettings.reading() },
    lookupSetup: @escaping @Sendable () -> LookupSetup = { .standard() }
  ) {
    self.output = output
    self.openBook = openBook
    self.handbookPath = handbookPath
    self.lineWidth = lineWidth
    self.readingSettings = readingSettings
    self.lookupSetup = lookupSetup
  }

  /// The context of the `quire` executable: the process's streams, `Book.open` with the
  /// reader's import preferences (site lines, Chinese script, replace rules), the
  /// handbook from the module's resources, and `$COLUMNS` (capped at 100) or 80 columns.
  package static var standard: CommandContext {
    let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap { Int($0) }
    return CommandContext(
      output: StandardOutputSink(),
      openBook: { try Book.open($0, options: PreferencesFile.standard().importOptions()) },
      handbookPath: Handbook.path, lineWidth: min(max(columns ?? 80, 40), 100))
  }

  /// Writes `text` to standard output.
  func print(_ text: String) {
    output.write(text, to: .standardOutput)
  }

  /// Writes `text` to standard error.
  func printError(_ text: String) {
    output.write(text, to: .standardError)
  }
}
