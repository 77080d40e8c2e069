/// Which key does what: the defaults both front ends share, with the reader's overrides
/// from `keys.json` on top.
///
/// Two layers: keys while reading, and keys in a panel (contents, bookmarks, help…). A
/// panel with a text field (search, a filter, a note) takes typed characters as text
/// before its layer is asked, so `j` types a `j` there.
public struct KeyMap: Hashable, Sendable {
  /// Where a key is pressed.
  public enum Layer: String, Hashable, Sendable, CaseIterable {
    case reading
    case panel
    /// While text is selected: keys that move and use the selection, asked before the
    /// reading layer.
    case selection
  }

  private var bindings: [Layer: [KeyChord: ReaderCommand]]

  /// The defaults: vim's j/k, h/l and g/G, less's Space, b, PgUp/PgDn, / and n/N, the
  /// arrows, q to quit and ? for help, t or Tab for the contents, and the desktop's
  /// Ctrl +/−/0 for the text size.
  public static let standard = KeyMap(bindings: [
    .reading: defaults(reading), .panel: defaults(panel), .selection: defaults(selection),
  ])

  /// The command for `chord` in `layer`; nil when the key does nothing there.
  public func command(for chord: KeyChord, in layer: Layer) -> ReaderCommand? {
    bindings[layer]?[chord]
  }

  /// The keys bound to `command` in `layer`, in a stable order (named keys after letters).
  public func keys(for command: ReaderCommand, in layer: Layer) -> [KeyChord] {
    (bindings[layer] ?? [:]).filter { $0.value == command }.map(\.key).sorted {
      ($0.description.count, $0.description) < ($1.description.count, $1.description)
    }
  }

  /// Binds `chord` to `command` in `layer` (nil unbinds it).
  public mutating func bind(_ chord: KeyChord, to command: ReaderCommand?, in layer: Layer) {
    bindings[layer, default: [:]][chord] = command
  }

  /// What the help screen lists: for each command that has keys, its keys and summary.
  public func helpEntries(in layer: Layer) -> [(keys: [KeyChord], summary: String)] {
    ReaderCommand.bindable.compactMap { entry in
      let keys = keys(for: entry.command, in: layer)
      return keys.isEmpty ? nil : (keys, entry.summary)
    }
  }

  // MARK: - Defaults

  private static let reading: [(String, ReaderCommand)] = [
    ("j", .turnForward), ("l", .turnRight), ("Space", .turnForward), ("PgDn", .turnForward),
    ("Right", .turnRight), ("Down", .turnForward), ("Ctrl+f", .turnForward),
    ("k", .turnBackward), ("h", .turnLeft), ("b", .turnBackward), ("PgUp", .turnBackward),
    ("Left", .turnLeft), ("Up", .turnBackward), ("Ctrl+b", .turnBackward),
    ("g", .firstPage), ("Home", .firstPage), ("G", .lastPage), ("End", .lastPage),
    ("0", .chapterStart), ("^", .chapterStart), ("$", .chapterEnd),
    ("]", .nextChapter), ("J", .nextChapter), ("[", .previousChapter), ("K", .previousChapter),
    ("Backspace", .back), ("Ctrl+o", .back), ("Alt+Left", .back),
    ("t", .contents), ("Tab", .contents), ("/", .search), ("n", .searchNext),
    ("N", .searchPrevious), ("m", .toggleBookmark), ("a", .addNote), ("B", .bookmarks),
    ("'", .bookmarks), ("o", .linkHints), ("f", .linkHints),
    ("+", .columnWider), ("=", .columnWider), ("-", .columnNarrower),
    ("Ctrl+=", .fontLarger), ("Ctrl++", .fontLarger), ("Ctrl+-", .fontSmaller),
    ("Ctrl+0", .fontReset), ("T", .nextTheme), ("2", .toggleSpread), ("z", .toggleStatus),
    ("s", .settings), ("L", .library), ("S", .statistics), ("?", .help), ("F1", .help),
    ("q", .quit),
    ("Ctrl+c", .quit), ("v", .select), ("Ctrl+a", .selectPage), (":", .goTo), ("Ctrl+g", .goTo),
    ("r", .readAloud), ("R", .stopReading), (")", .nextSentence), ("(", .previousSentence),
    ("Z", .sleepTimer), ("A", .autoTurn),
  ]

  /// vim's visual mode, as the terminal reader has it: w/e/b and the arrows by word, h/l
  /// by character, ( ) by sentence, { } by paragraph, j/k by line; y copies, H (U, X) and a
  /// number highlight, a writes a note, d or Enter looks up, / or * searches for it, Esc or
  /// v ends it.
  private static let selection: [(String, ReaderCommand)] = [
    ("w", .extendSelection(.word, .forward)), ("e", .extendSelection(.word, .forward)),
    ("Right", .extendSelection(.word, .forward)), ("b", .extendSelection(.word, .backward)),
    ("Left", .extendSelection(.word, .backward)), ("l", .extendSelection(.character, .forward)),
    ("h", .extendSelection(.character, .backward)), (")", .extendSelection(.sentence, .forward)),
    ("(", .extendSelection(.sentence, .backward)), ("}", .extendSelection(.paragraph, .forward)),
    ("{", .extendSelection(.paragraph, .backward)), ("j", .extendSelectionByLine(.forward)),
    ("Down", .extendSelectionByLine(.forward)), ("k", .extendSelectionByLine(.backward)),
    ("Up", .extendSelectionByLine(.backward)), ("y", .copySelection),
    ("H", .chooseHighlight(.background)), ("U", .chooseHighlight(.underline)),
    ("X", .chooseHighlight(.strikethrough)), ("1", .highlightSelection(.yellow)),
    ("2", .highlightSelection(.green)), ("3", .highlightSelection(.blue)),
    ("4", .highlightSelection(.pink)), ("5", .highlightSelection(.purple)), ("a", .addNote),
    ("d", .lookUpSelection), ("Enter", .lookUpSelection), ("/", .searchSelection),
    ("*", .searchSelection), ("Esc", .clearSelection), ("v", .clearSelection),
  ]

  private static let panel: [(String, ReaderCommand)] = [
    ("j", .moveDown), ("Down", .moveDown), ("Ctrl+n", .moveDown), ("k", .moveUp),
    ("Up", .moveUp), ("Ctrl+p", .moveUp), ("PgDn", .pageDownInPanel), ("Space", .pageDownInPanel),
    ("PgUp", .pageUpInPanel), ("b", .pageUpInPanel), ("Enter", .choose), ("Esc", .dismiss),
    ("q", .dismiss), ("Tab", .dismiss), ("d", .deleteSelected), ("Delete", .deleteSelected),
    ("e", .editSelected), ("h", .adjust(-1)), ("Left", .adjust(-1)), ("l", .adjust(1)),
    ("Right", .adjust(1)), ("S", .nextSort), ("Ctrl+c", .quit), ("?", .help),
    ("u", .undo), ("Backspace", .back), ("c", .recolour), ("/", .filterText),
    ("0", .filterColour(nil)),
    ("1", .filterColour(.yellow)), ("2", .filterColour(.green)), ("3", .filterColour(.blue)),
    ("4", .filterColour(.pink)), ("5", .filterColour(.purple)), ("x", .exportAnnotations),
  ]

  private static func defaults(_ list: [(String, ReaderCommand)]) -> [KeyChord: ReaderCommand] {
    var map: [KeyChord: ReaderCommand] = [:]
    for (text, command) in list {
      guard let chord = KeyChord(parsing: text) else {
        preconditionFailure("default key '\(text)' does not parse")
      }
      map[chord] = command
    }
    return map
  }
}
