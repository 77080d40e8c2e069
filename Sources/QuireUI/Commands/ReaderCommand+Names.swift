extension ReaderCommand {
  /// The commands a key can be bound to, with their names and what the help screen says,
  /// in the order the help screen lists them.
  public static let bindable: [(command: ReaderCommand, name: String, summary: String)] = [
    (.turnForward, "turn-forward", "Next page"),
    (.turnBackward, "turn-backward", "Previous page"),
    (.turnLeft, "turn-left", "Page to the left (next in a right-to-left book)"),
    (.turnRight, "turn-right", "Page to the right (previous in a right-to-left book)"),
    (.firstPage, "first-page", "First page of the book"),
    (.lastPage, "last-page", "Last page of the book"),
    (.chapterStart, "chapter-start", "Start of the chapter"),
    (.chapterEnd, "chapter-end", "End of the chapter"),
    (.nextChapter, "next-chapter", "Next chapter"),
    (.previousChapter, "previous-chapter", "Previous chapter"),
    (.back, "back", "Back to where you were before a jump"),
    (.contents, "contents", "Contents"),
    (.search, "search", "Search the book"),
    (.searchNext, "search-next", "Next match"),
    (.searchPrevious, "search-previous", "Previous match"),
    (.toggleBookmark, "toggle-bookmark", "Bookmark this page, or remove its bookmark"),
    (.addNote, "add-note", "Write a note on the selection, or on this page"),
    (.bookmarks, "bookmarks", "Bookmarks and notes"),
    (.linkHints, "link-hints", "Number the links on the page; type a number to follow one"),
    (.goTo, "go-to", "Go to a page, a percent (45%), a chapter (ch 12) or a title"),
    (.select, "select", "Select from the page's first word; again to stop"),
    (.selectPage, "select-page", "Select the page"),
    (
      .extendSelection(.character, .forward), "select-character-forward",
      "Selection: a character on"
    ),
    (
      .extendSelection(.character, .backward), "select-character-backward",
      "Selection: a character back"
    ),
    (
      .extendSelection(.word, .forward), "select-word-forward",
      "Selection: to the end of the next word"
    ),
    (
      .extendSelection(.word, .backward), "select-word-backward",
      "Selection: to the start of the previous word"
    ),
    (
      .extendSelection(.sentence, .forward), "select-sentence-forward",
      "Selection: to the end of the sentence"
    ),
    (
      .extendSelection(.sentence, .backward), "select-sentence-backward",
      "Selection: to the start of the sentence"
    ),
    (
      .extendSelection(.paragraph, .forward), "select-paragraph-forward",
      "Selection: to the end of the paragraph"
    ),
    (
      .extendSelection(.paragraph, .backward), "select-paragraph-backward",
      "Selection: to the start of the paragraph"
    ),
    (.extendSelectionByLine(.forward), "select-line-down", "Selection: a line down"),
    (.extendSelectionByLine(.backward), "select-line-up", "Selection: a line up"),
    (.copySelection, "copy", "Copy the selection"),
    (.chooseHighlight(.background), "highlight", "Highlight the selection (then 1–5: the colour)"),
    (.chooseHighlight(.underline), "underline", "Underline the selection (then 1–5: the colour)"),
    (.chooseHighlight(.strikethrough), "strike", "Strike the selection through (then 1–5)"),
    (.highlightSelection(.yellow), "highlight-yellow", "Highlight the selection in yellow"),
    (.highlightSelection(.green), "highlight-green", "Highlight the selection in green"),
    (.highlightSelection(.blue), "highlight-blue", "Highlight the selection in blue"),
    (.highlightSelection(.pink), "highlight-pink", "Highlight the selection in pink"),
    (.highlightSelection(.purple), "highlight-purple", "Highlight the selection in purple"),
    (.lookUpSelection, "look-up", "Look the selected word up"),
    (.searchSelection, "search-selection", "Search the book for the selected text"),
    (.removeChosenHighlight, "remove-highlight", "Remove the highlight chosen with the pointer"),
    (.clearSelection, "clear-selection", "End the selection"),
    (.readAloud, "read-aloud", "Read aloud from the selection or the page; again to pause"),
    (.stopReading, "stop-reading", "Stop reading aloud"),
    (.nextSentence, "next-sentence", "Reading aloud: the next sentence"),
    (.previousSentence, "previous-sentence", "Reading aloud: the previous sentence"),
    (.sleepTimer, "sleep-timer", "Reading aloud stops in 15, 30, 45 or 60 min, or no timer"),
    (.autoTurn, "auto-turn", "Turn pages by themselves at the chosen pace; any key pauses"),
    (.fontLarger, "font-larger", "Larger text"),
    (.fontSmaller, "font-smaller", "Smaller text"),
    (.fontReset, "font-reset", "Text size as it was"),
    (.lineHeightLarger, "line-height-larger", "More space between lines"),
    (.lineHeightSmaller, "line-height-smaller", "Less space between lines"),
    (.marginsWider, "margins-wider", "Wider margins"),
    (.marginsNarrower, "margins-narrower", "Narrower margins"),
    (.columnWider, "column-wider", "Wider text column"),
    (.columnNarrower, "column-narrower", "Narrower text column"),
    (.toggleJustification, "toggle-justification", "Justified or ragged right"),
    (.toggleHyphenation, "toggle-hyphenation", "Hyphenation on or off"),
    (.toggleEmbeddedFonts, "toggle-publisher-fonts", "The book's own fonts on or off"),
    (.nextTheme, "next-theme", "Next theme (day, sepia, night)"),
    (.nextTurnMode, "next-turn-mode", "Next page-turn animation"),
    (.toggleSpread, "toggle-spread", "Two pages side by side, or one"),
    (.toggleStatus, "toggle-status", "Show or hide the status line"),
    (.settings, "settings", "Settings"),
    (.library, "library", "Library"),
    (.statistics, "statistics", "Reading statistics"),
    (.help, "help", "This help"),
    (.quit, "quit", "Quit"),
    (.moveUp, "move-up", "Panel: previous entry"),
    (.moveDown, "move-down", "Panel: next entry"),
    (.pageUpInPanel, "panel-page-up", "Panel: a screen up"),
    (.pageDownInPanel, "panel-page-down", "Panel: a screen down"),
    (.choose, "choose", "Panel: open or confirm the entry"),
    (.dismiss, "dismiss", "Close the panel or popup"),
    (.deleteSelected, "delete", "Panel: delete the bookmark or note"),
    (.editSelected, "edit", "Panel: edit the note"),
    (.erase, "erase", "Panel: erase the last character typed"),
    (
      .adjust(-1), "setting-down",
      "Settings: smaller value, or the previous choice; look-up: the previous link"
    ),
    (
      .adjust(1), "setting-up",
      "Settings: larger value, or the next choice; look-up: the next link"
    ),
    (.nextSort, "next-sort", "Library: next sort order"),
    (.undo, "undo", "Annotations: put back the last one deleted"),
    (.recolour, "recolour", "Annotations: the highlight in the next colour"),
    (.filterText, "filter", "Annotations: type text to narrow the list"),
    (.filterColour(nil), "filter-all-colours", "Annotations: every colour"),
    (.filterColour(.yellow), "filter-yellow", "Annotations: only yellow highlights"),
    (.filterColour(.green), "filter-green", "Annotations: only green highlights"),
    (.filterColour(.blue), "filter-blue", "Annotations: only blue highlights"),
    (.filterColour(.pink), "filter-pink", "Annotations: only pink highlights"),
    (.filterColour(.purple), "filter-purple", "Annotations: only purple highlights"),
    (.exportAnnotations, "export", "Annotations: export them to a file"),
  ]

  /// The command bound to `name` in `keys.json`; nil for an unknown name.
  public init?(name: String) {
    guard let entry = Self.bindable.first(where: { $0.name == name }) else { return nil }
    self = entry.command
  }

  /// The command's name in `keys.json`; nil for commands with a payload.
  public var name: String? {
    Self.bindable.first { $0.command == self }?.name
  }

  /// What the help screen says the command does.
  public var summary: String {
    Self.bindable.first { $0.command == self }?.summary ?? "\(self)"
  }
}
