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
    (.addNote, "add-note", "Write a note on this page"),
    (.bookmarks, "bookmarks", "Bookmarks and notes"),
    (.linkHints, "link-hints", "Number the links on the page; type a number to follow one"),
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
    (.adjust(-1), "setting-down", "Settings: smaller value, or the previous choice"),
    (.adjust(1), "setting-up", "Settings: larger value, or the next choice"),
    (.nextSort, "next-sort", "Library: next sort order"),
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
