package import QuireBook
package import QuireReading

/// Work the reducer asks for and the `ReaderController` carries out: everything that
/// touches the session, the library, files, other programs or time.
///
/// Each effect's result comes back as a `ReaderAction` (named in each case), so the
/// reducer never waits and stays a pure function.
package enum ReaderEffect: Hashable, Sendable {
  /// Moves the session, or lays its pages out again: `.navigated`.
  case navigate(Navigation)
  /// Searches the whole book in the background, cancelling a search in progress: `.searchFound`
  /// for each chapter with matches, then `.searchFinished`.
  case search(query: String, generation: Int)
  case cancelSearch
  /// Writes a bookmark, note or highlight: `.libraryWritten`.
  case write(LibraryChange)
  /// Reads the book's bookmarks and highlights: `.annotationsRead` (or `.annotationsUnreadable`).
  case readAnnotations(forPanel: Bool)
  /// Reads the library's books in `sort` order: `.libraryRead` (or `.libraryUnreadable`).
  case readLibrary(LibrarySort)
  /// Reads the library's reading sessions as the statistics' charts: `.statisticsRead`
  /// (or `.statisticsUnreadable`).
  case readStatistics
  /// Opens the book at `path` in place of this one, laid out with `settings`: `.bookOpened`
  /// (nothing when it is the book open), or `.bookNotOpened`.
  case openBook(path: String, settings: ReadingSettings)
  /// Opens an address with the desktop's handler (`xdg-open`): `.urlOpened`.
  case openURL(String)
  /// Writes the preferences file, when there is one: `.preferencesNotSaved` on failure.
  case savePreferences(Preferences)
  /// Reads a theme file: `.themeRead`.
  case readTheme(path: String)
  /// Writes the book's annotations to a new file (Markdown, or Org or JSON by its
  /// extension), never over an existing one: `.annotationsExported`.
  case exportAnnotations(path: String)
  /// Looks a word up in the dictionaries on the machine (QuireLookup's `DictionaryShelf`,
  /// chosen by the book's language and the `dictionaries` preference) and adds it to the
  /// library's look-up history: `.lookedUp`.
  case lookUp(LookUpRequest)
  /// Makes ready what is read aloud of chapter `chapter` from `offset` (its sentences and
  /// the engine, or the book's narration), off the actor: `.speechPrepared` or
  /// `.speechUnavailable`, of `generation`.
  case prepareSpeech(chapter: Int, offset: Int, generation: Int)
  /// Reads the prepared chapter aloud from sentence `sentence` (an index in its plan's
  /// sentences), after stopping what plays; what is heard comes back as `.speechHeard` of
  /// `generation`.
  case speak(chapter: Int, sentence: Int, generation: Int)
  case pauseSpeech
  case resumeSpeech
  /// Silences speech at once; no event of what played comes back.
  case stopSpeech
  /// Starts or stops the clock that sends `.tick` about twice a second (auto turn, the sleep
  /// timer, the reader's presence while speech turns pages).
  case clock(running: Bool)
  /// Tells the front end that the screen changed without a command of its own.
  case redraw
}

/// A move of the reading session.
package enum Navigation: Hashable, Sendable {
  /// `pages` pages forward or back (two for facing pages); stops at either end.
  case turn(forward: Bool, pages: Int)
  case first
  case last
  /// The page holding a position (remembered for Back).
  case to(Locator)
  /// The page at a fraction (0…1) of the book, as a slider goes.
  case progression(Double)
  case back
  /// The same position laid out with new settings (a size, a preference, a viewport).
  case layOut(ReadingSettings)
  /// The page holding a position, not remembered for Back: where a selection's end went.
  case reveal(Locator)
  /// Page `n` of the book, from 1 (remembered for Back).
  case page(Int)
  /// The next page or spread, turned by speech or auto turn rather than by the reader: it
  /// counts as reading only when `countsAsReading` (the reader is there).
  case handsFree(countsAsReading: Bool)
}

/// A change to the book's annotations in the library.
package enum LibraryChange: Hashable, Sendable {
  case addBookmark(Locator)
  case removeBookmarks([Int])
  /// A note on a bookmark or a highlight, or on a new highlight of a passage; an empty
  /// note removes it (and makes no new highlight).
  case saveNote(String, PanelState.NoteTarget)
  /// Highlights a passage (merging with those of its colour and style it overlaps).
  case addHighlight(from: Locator, to: Locator, colour: Highlight.Colour, style: Highlight.Style)
  /// Removes a bookmark or a highlight listed in the annotations panel.
  case remove(AnnotationsPanel.Removed)
  /// Puts back what was removed (an undo).
  case restore(AnnotationsPanel.Removed)
  /// Changes a highlight's colour.
  case recolour(highlightID: Int, Highlight.Colour)
}
