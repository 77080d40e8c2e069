public import QuireReading

/// Every action a reader can take, in any front end.
///
/// A front end turns a key, a click or a gesture into one of these (through the `KeyMap`
/// for keys) and hands it to the `ReaderController`; it never decides what an action does.
/// Commands without a payload have a stable name (`turn-forward`), used by `keys.json`
/// and the help screen.
public enum ReaderCommand: Hashable, Sendable {
  // MARK: Turning and moving
  case turnForward
  case turnBackward
  /// The page to the left: the next one in a book whose pages turn right to left
  /// (`page-progression-direction="rtl"`, vertical Japanese), else the previous one.
  case turnLeft
  /// The page to the right: the previous one in a right-to-left book, else the next.
  case turnRight
  case firstPage
  case lastPage
  case chapterStart
  case chapterEnd
  case nextChapter
  case previousChapter
  /// Jumps to a fraction (0…1) of the book, as a slider does.
  case goToProgression(Double)
  /// Returns to where the reader was before the last jump (a link, the contents, a search).
  case back

  // MARK: Panels
  case contents
  case search
  case bookmarks
  case help
  case settings
  case library
  /// Reading statistics: today, this week, this month, the days read, time and pages a
  /// day, speed, the books.
  case statistics
  /// Numbers the links on the page; typing a number follows one.
  case linkHints
  /// Shows the next or previous match of the last search.
  case searchNext
  case searchPrevious
  /// Searches the whole book for `query`, with the results panel open.
  case runSearch(String)

  // MARK: Annotations
  /// Adds a bookmark at the page shown, or removes the one there.
  case toggleBookmark
  /// Writes a note on the selection, or without one on the page's first sentence (or
  /// edits the note there).
  case addNote
  /// Highlights a character range of a chapter.
  case highlight(chapter: Int, range: Range<Int>)

  // MARK: Selecting
  /// Starts a selection at the page's first word (`v`), or ends the one there is.
  case select
  /// Selects all the text of the page shown (Ctrl+A).
  case selectPage
  /// Moves the selection's moving end by a character, word, sentence or paragraph; the
  /// page turns when it leaves the page.
  case extendSelection(Selection.Unit, Selection.Direction)
  /// Moves the selection's moving end to the line below or above, at the same column.
  case extendSelectionByLine(Selection.Direction)
  /// Copies the selected text to the clipboard.
  case copySelection
  /// Asks for the colour of a highlight in a style (H, U, X); the next key picks it.
  case chooseHighlight(Highlight.Style)
  /// Highlights the selection in a colour (a number key), in the style chosen (background
  /// when none was).
  case highlightSelection(Highlight.Colour)
  /// Looks the selected word up in the dictionaries, its definitions in a popup.
  case lookUpSelection
  /// Looks a word up: one a definition's link leads to (in the popup, the word before it
  /// kept for Back), or any word a front end names.
  case lookUpWord(String)
  /// Searches the book for the selected text.
  case searchSelection
  /// Removes the highlight chosen with the pointer (a right-click on it in the window),
  /// whose passage is the selection.
  case removeChosenHighlight
  /// Ends the selection.
  case clearSelection

  // MARK: Listening
  /// Reads aloud from the selection or the page's first sentence (`r`); while reading,
  /// pauses, and goes on again.
  case readAloud
  /// Stops reading aloud (`R`).
  case stopReading
  /// Reading aloud: on to the next sentence, or back to the previous one.
  case nextSentence
  case previousSentence
  /// Reading aloud stops by itself after the next length of the sleep timer (15, 30, 45,
  /// 60 minutes, then none).
  case sleepTimer
  /// The page turns by itself at the chosen pace, or stops doing so; any key or click
  /// pauses it.
  case autoTurn

  // MARK: Going somewhere
  /// Asks where to go: a page, a percent, a chapter or a title (`:`, Ctrl+G).
  case goTo

  // MARK: Links
  /// Follows the n-th link of the page (from 1), as link hints number them.
  case followLink(Int)
  /// Follows the link or opens the footnote at a character of the page.
  case activate(chapter: Int, offset: Int)

  // MARK: Settings
  case fontLarger
  case fontSmaller
  case fontReset
  case lineHeightLarger
  case lineHeightSmaller
  case marginsWider
  case marginsNarrower
  case toggleJustification
  case toggleHyphenation
  case toggleEmbeddedFonts
  case nextTheme
  case nextTurnMode
  /// The terminal's text column, in cells.
  case columnWider
  case columnNarrower
  /// Two pages side by side, or one.
  case toggleSpread
  case toggleStatus
  case quit

  // MARK: Inside a panel
  case moveUp
  case moveDown
  case pageUpInPanel
  case pageDownInPanel
  /// Enter: jump to the selected entry, confirm, or finish typing.
  case choose
  /// Esc: close the panel or popup, or leave what is being typed.
  case dismiss
  /// Removes the selected bookmark or note.
  case deleteSelected
  /// Edits the selected note.
  case editSelected
  /// Types text into the panel's field (a query, a filter, a note).
  case type(String)
  /// Removes the last character typed.
  case erase
  /// Changes the selected setting (-1 or +1).
  case adjust(Int)
  /// Annotations: puts back the last one removed.
  case undo
  /// Annotations: the selected highlight in the next colour.
  case recolour
  /// Annotations: only highlights of a colour (nil: all).
  case filterColour(Highlight.Colour?)
  /// Annotations: type text to narrow the list to.
  case filterText
  /// Annotations: write them to a file (its name typed first).
  case exportAnnotations
  /// The next sort order of the library.
  case nextSort
}
