import Foundation
import QuireBook
import QuireReading

extension ReaderController {
  /// What opening a book takes from the preferences in force, with the replace rules
  /// beside the preferences file (none when the controller saves no preferences).
  var importOptions: ImportOptions {
    guard let file = configuration.preferencesFile else {
      return configuration.preferences.importOptions()
    }
    let rules = ReplaceRulesFile(beside: file).load()
    return configuration.preferences.importOptions(rules: rules.rules, ruleProblems: rules.problems)
  }

  /// Whether a change from `before` to the preferences in force changes how books are
  /// read in: the script, site lines, or vertical books' direction.
  func changesImport(from before: Preferences) -> Bool {
    let now = configuration.preferences
    return before.chineseConversion != now.chineseConversion
      || before.removeSiteJunk != now.removeSiteJunk
      || (before.writingMode == "horizontal") != (now.writingMode == "horizontal")
  }

  /// Opens the book again as the import preferences now say (another script, site lines
  /// kept or left out), at the place being read: the library finds its saved places
  /// again by their text when the text changed. Nothing happens when the book reads in
  /// the same either way (a book that is not Chinese).
  func reopenBook() async {
    let next: Book
    do {
      next = try Book.open(book.path, options: importOptions)
    } catch {
      say("\(book.path): \(error)", isError: true)
      return
    }
    guard next.contentHash != book.contentHash || next.metadata != book.metadata else { return }
    let place = await session.current?.locator
    await session.close()
    do {
      let settings = Self.settings(
        for: configuration.preferences, viewport: viewport, layout: layout)
      let newSession = try await ReadingSession(
        book: next, library: library, settings: settings, options: configuration.sessionOptions,
        clock: configuration.clock)
      // Without a library nothing was saved: the offsets are the same when only the
      // script changed.
      if library == nil, let place { _ = await newSession.go(to: place) }
      book = next
      session = newSession
      bookID = await newSession.bookID
      contents = Self.contents(of: next)
      reloadAnnotations()
      search = SearchState()
      await refreshSides()
    } catch {
      say("\(book.path): \(error)", isError: true)
    }
  }
}

extension ReaderController {
  /// The settings row's value for the replace rules: how many, and the first problem.
  var replaceRulesSummary: String {
    guard let preferencesFile = configuration.preferencesFile else { return "none" }
    let file = ReplaceRulesFile(beside: preferencesFile)
    let (rules, problems) = file.load()
    let enabled = rules.filter(\.isEnabled).count
    var summary =
      rules.isEmpty && problems.isEmpty
      ? "none (\(file.url.path))"
      : "\(enabled) rule\(enabled == 1 ? "" : "s") in \(file.url.lastPathComponent)"
    if let problem = problems.first {
      summary +=
        "; \(problems.count) not used: \(problem.split(separator: ": ", maxSplits: 1).last ?? "")"
    }
    return summary
  }
}
