import Foundation
import QuireBook
import QuireReading
import QuireRendering

extension ReaderController {
  /// Feeds `action` to the reducer and carries out the effects it returns, in order, each
  /// one's results fed back (and their effects run) before the next effect starts.
  func dispatch(_ action: ReaderAction) async {
    let effects = state.reduce(action)
    for effect in effects {
      for result in await run(effect) {
        await dispatch(result)
      }
    }
  }

  /// Carries out one effect; what it found, as actions for the reducer.
  func run(_ effect: ReaderEffect) async -> [ReaderAction] {
    switch effect {
    case .navigate(let navigation): return [await navigate(navigation)]
    case .search(let query, let generation):
      startSearch(query, generation: generation)
      return []
    case .cancelSearch:
      searchTask?.cancel()
      searchTask = nil
      return []
    case .write(let change): return [await write(change)]
    case .readAnnotations(let forPanel): return [readAnnotations(forPanel: forPanel)]
    case .readLibrary(let sort): return [readLibrary(sort)]
    case .readStatistics:
      await session.saveReadingSoFar()
      return [readStatistics()]
    case .openBook(let path, let settings): return await openBook(atPath: path, settings: settings)
    case .openURL(let url): return [openExternal(url)]
    case .savePreferences(let preferences): return save(preferences)
    case .readTheme(let path): return [readTheme(path)]
    case .exportAnnotations(let path): return [exportAnnotations(to: path)]
    case .lookUp(let request): return [await lookUp(request)]
    case .prepareSpeech, .speak, .pauseSpeech, .resumeSpeech, .stopSpeech, .clock:
      return runListening(effect)
    case .redraw:
      updateSink.yield()
      return []
    }
  }

  /// Searches the book on a background task; results come back chapter by chapter as
  /// actions, so a new search (a new generation) leaves the old one's out.
  private func startSearch(_ query: String, generation: Int) {
    searchTask?.cancel()
    let search = BookSearch(book: state.book, query: query, limit: SearchState.limit)
    searchTask = Task.detached { [weak self] in
      do {
        for try await result in search.results() {
          await self?.dispatch(.searchFound(result.matches, generation: generation))
        }
      } catch {}
      await self?.dispatch(.searchFinished(generation: generation))
    }
  }

  /// Waits for the search in progress to finish (tests and benchmarks).
  public func waitForSearch() async {
    await searchTask?.value
  }

  /// Writes a bookmark, note or highlight of the book to the library. A passage's ends
  /// are saved with their progression and snippets, so the highlight is found again when
  /// the book changes.
  private func write(_ change: LibraryChange) async -> ReaderAction {
    guard let library, let bookID = state.bookID else {
      return .libraryWritten(change, failure: "the book is not in a library")
    }
    let now = configuration.clock()
    func placed(_ locator: Locator) async -> Locator {
      await session.locator(chapter: locator.chapterIndex, offset: locator.offset)
    }
    do {
      switch change {
      case .addBookmark(let locator):
        _ = try library.addBookmark(at: locator, inBook: bookID, at: now)
      case .removeBookmarks(let ids):
        for id in ids { _ = try library.removeBookmark(id) }
      case .saveNote(let note, .bookmark(let id, _)):
        try library.updateBookmark(id, note: note.isEmpty ? nil : note, at: now)
      case .saveNote(let note, .highlight(let id, _, _)):
        try library.updateHighlight(id, note: note.isEmpty ? nil : note, at: now)
      case .saveNote(let note, .passage(let from, let to)):
        _ = try library.addHighlight(
          from: await placed(from), to: await placed(to), inBook: bookID, note: note, at: now)
      case .addHighlight(let from, let to, let colour, let style):
        _ = try library.addHighlight(
          from: await placed(from), to: await placed(to), inBook: bookID, colour: colour,
          style: style, at: now)
      case .remove(.bookmark(let bookmark)): _ = try library.removeBookmark(bookmark.id)
      case .remove(.highlight(let highlight)): _ = try library.removeHighlight(highlight.id)
      case .restore(.bookmark(let bookmark)): try library.restoreBookmark(bookmark)
      case .restore(.highlight(let highlight)): try library.restoreHighlight(highlight)
      case .recolour(let id, let colour): try library.updateHighlight(id, colour: colour, at: now)
      }
      return .libraryWritten(change, failure: nil)
    } catch {
      return .libraryWritten(change, failure: "\(error)")
    }
  }

  /// Writes the book's annotations to a new file: Markdown, or Org or JSON by the name's
  /// extension. A relative name is in the working folder, `~` is home; a file that is
  /// there already is left alone (Quire never writes over what it did not make).
  private func exportAnnotations(to name: String) -> ReaderAction {
    let expanded = (name as NSString).expandingTildeInPath
    let path =
      expanded.hasPrefix("/")
      ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
    guard let library, let bookID = state.bookID else {
      return .annotationsExported(path: path, count: 0, failure: "the book is not in a library")
    }
    do {
      let export = try library.exportAnnotations(
        ofBook: bookID, book: state.book, at: configuration.clock())
      let data: Data
      switch (path as NSString).pathExtension.lowercased() {
      case "json": data = try export.jsonData()
      case "org": data = Data(export.org().utf8)
      default: data = Data(export.markdown().utf8)
      }
      try data.write(to: URL(filePath: path), options: .withoutOverwriting)
      return .annotationsExported(
        path: path, count: export.bookmarks.count + export.highlights.count, failure: nil)
    } catch CocoaError.fileWriteFileExists {
      return .annotationsExported(
        path: path, count: 0, failure: "there is a file of that name already")
    } catch {
      return .annotationsExported(path: path, count: 0, failure: error.localizedDescription)
    }
  }

  /// Reads the book's bookmarks and highlights (none without a library).
  private func readAnnotations(forPanel: Bool) -> ReaderAction {
    guard let library, let bookID = state.bookID else {
      return .annotationsRead(AnnotationState(), forPanel: forPanel)
    }
    do {
      let read = AnnotationState(
        bookmarks: try library.bookmarks(inBook: bookID),
        highlights: try library.highlights(inBook: bookID))
      return .annotationsRead(read, forPanel: forPanel)
    } catch {
      return .annotationsUnreadable(reason: "\(error)", forPanel: forPanel)
    }
  }

  private func readLibrary(_ sort: LibrarySort) -> ReaderAction {
    guard let library else {
      return .libraryUnreadable(reason: "there is no library", sort: sort)
    }
    do {
      let books = try library.books(sortedBy: sort)
      return .libraryRead(.init(books: books, sort: sort, readAt: configuration.clock()))
    } catch {
      return .libraryUnreadable(reason: "\(error)", sort: sort)
    }
  }

  /// Reads the statistics of every reading session in the library (this one's stretch
  /// written first, up to its last page turned), as of the clock.
  private func readStatistics() -> ReaderAction {
    guard let library else { return .statisticsUnreadable(reason: "there is no library") }
    do {
      let report = try library.statisticsReport(now: configuration.clock())
      return .statisticsRead(StatisticsCharts(report: report))
    } catch {
      return .statisticsUnreadable(reason: "\(error)")
    }
  }

  /// Opens the book at `path` in place of this one (added to the library when it is new),
  /// read in with the import preferences in force; nothing when it reads in as the book
  /// open. The book open itself, read in again (another script, other site lines), keeps
  /// its place: the library follows its text, and without a library the place is kept.
  private func openBook(atPath path: String, settings: ReadingSettings) async -> [ReaderAction] {
    do {
      let next = try Book.open(path, options: importOptions)
      guard next.contentHash != state.book.contentHash else { return [] }
      let place = path == state.book.path ? await session.current?.locator : nil
      let newSession = try await ReadingSession(
        book: next, library: library, settings: settings, options: configuration.sessionOptions,
        clock: configuration.clock)
      if library == nil, let place { _ = await newSession.go(to: place) }
      await session.close()
      session = newSession
      sessionCovered = false
      watchEvents()
      return [.bookOpened(next, bookID: await newSession.bookID, await sessionView())]
    } catch {
      // What is wrong, without the path the message names anyway.
      let reason =
        (error as? BookError).map { error in (error.entry.map { "\($0): " } ?? "") + error.detail }
        ?? "\(error)"
      return [.bookNotOpened(path: path, reason: reason)]
    }
  }

  /// Opens an external link with the desktop's handler, after the reader confirmed it;
  /// says so when there is none to run.
  private func openExternal(_ url: String) -> ReaderAction {
    guard let opener = Self.linkOpener() else {
      return .urlOpened(url, failure: Self.noLinkOpener)
    }
    let process = Process()
    process.executableURL = URL(filePath: opener)
    process.arguments = [url]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return .urlOpened(url, failure: nil)
    } catch {
      return .urlOpened(url, failure: error.localizedDescription)
    }
  }

  /// The desktop's opener (`xdg-open`) on `path` (the process's `PATH`), if installed.
  package static func linkOpener(
    path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  ) -> String? {
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = String(folder) + "/xdg-open"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Why a link was not opened when no opener is installed.
  package static let noLinkOpener =
    "nothing here opens links (xdg-open, from the xdg-utils package, is not installed)"

  /// Writes the preferences file; a failure is said, and reading goes on.
  private func save(_ preferences: Preferences) -> [ReaderAction] {
    guard let file = configuration.preferencesFile else { return [] }
    do {
      return try file.save(preferences).map { [.preferencesSaved(notice: $0)] } ?? []
    } catch {
      return [.preferencesNotSaved(path: file.url.path, reason: error.localizedDescription)]
    }
  }

  /// Reads a theme file (JSON, as `Theme` encodes); nil when it cannot be read.
  private func readTheme(_ path: String) -> ReaderAction {
    guard case .data(let data) = ConfigurationFile.read(URL(filePath: path)) else {
      return .themeRead(source: path, nil)
    }
    let theme = try? JSONDecoder().decode(Theme.self, from: data)
    return .themeRead(source: path, theme)
  }
}
