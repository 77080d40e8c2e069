public import Foundation
public import QuireBook
public import QuireReading
public import QuireRendering
public import QuireSpeech
public import QuireTypesetting

/// Everything a front end draws, as a value: the page or pages shown, the status line,
/// the panel or popup on top, a message. The controller decides what it holds; a front
/// end only draws it.
public struct ReaderScreen: Sendable {
  /// The book open, for its pictures.
  public var book: Book
  /// The book's title and author line.
  public var bookTitle: String
  /// The contents entry the reading position (the first character shown) is in: what the
  /// status line and the window's title name.
  public var chapterTitle: String
  /// One page, or two facing pages in reading order (left first; right first when the
  /// book turns right to left).
  public var sides: [PageSide]
  public var status: StatusLine
  public var showsStatus: Bool
  public var panel: Panel?
  public var message: ScreenMessage?
  public var theme: Theme
  public var turnMode: TurnMode
  /// True once the reader quit: the front end restores its screen and exits.
  public var isFinished: Bool
  /// Text shown instead of the page when the viewport is too small for one.
  public var tooSmall: String?
  /// Whether characters of ambiguous width take two cells (the terminal's setting).
  public var ambiguousWide: Bool
  /// Whether the terminal applies bidi itself (`Preferences.terminalBidi`): right-to-left
  /// text then goes to it in logical order, else in visual order.
  public var terminalBidi = false
  /// Text to put on the clipboard: a front end copies each request (by its id) once and
  /// tells the controller where it went (`ReaderController.copied`).
  public var copy: CopyRequest? = nil
  /// Whether reading aloud is on, paused or off: the window's Read aloud button says what
  /// a click does.
  public var readAloud: ReadAloudState.Phase = .stopped
  /// How many pages speech and auto turn turned by themselves: a window animates the turn
  /// to the page shown when this grows.
  public var turnsOnItsOwn = 0
  /// Whether the reader has text selected (on the pages shown or not).
  public var hasSelection = false
  /// The highlight the selection is, when it was chosen by pointing at it (a right-click
  /// in the window): a colour recolours it, `removeChosenHighlight` removes it.
  public var chosenHighlight: Highlight? = nil

  /// Whether the book's pages turn right to left (its spine says so): the next page lies
  /// to the left, turns run mirrored.
  public var progressesRightToLeft: Bool { book.metadata.progressesRightToLeft }
}

/// A page shown, with what a front end needs to draw and style it.
public struct PageSide: Sendable {
  /// A reader's mark on the page's text.
  public struct Mark: Hashable, Sendable {
    public var range: Range<Int>
    public var kind: CellPage.Mark
  }

  public var chapterIndex: Int
  public var page: Page
  /// The chapter's text: styles, links and note references by offset.
  public var text: StyledText
  /// The selection, search matches and highlights on this page, in stacking order.
  public var marks: [Mark]
  /// Where the page goes in the viewport (cells or pixels).
  public var frame: Rect
  /// Where its text block is in the viewport: the frame less the page's margins. Running
  /// heads and the footer line up with it.
  public var textFrame: Rect
  /// Whether ambiguous-width characters take two cells (cell pages).
  public var ambiguousWide = false
  /// Where notes start on the page (chapter offsets): a front end marks their lines in
  /// the margin.
  public var notes: [Int] = []
  /// Whether the page has a bookmark: a front end draws a ribbon on it.
  public var isBookmarked = false
  /// What the page's running head names: the contents entry its text reaches
  /// (`ContentsNames`). In two-page view the left page's head gives the book's title and
  /// the right page's this.
  public var runningHead = ""

  /// The page as styled terminal cells (for cell pages), its lines in visual order.
  public var cells: CellPage { cells(logicalOrder: false) }

  /// The page as styled terminal cells; with `logicalOrder`, for a terminal that applies
  /// bidi itself, a line holding right-to-left text in logical order.
  public func cells(logicalOrder: Bool) -> CellPage {
    CellPage(
      page: page, text: text, marks: marks.map { ($0.range, $0.kind) },
      ambiguousWide: ambiguousWide, logicalOrder: logicalOrder)
  }
}

/// What the status line (or the desktop's HUD) says.
public struct StatusLine: Hashable, Sendable {
  public var chapter: String
  /// Page number in the book, from 1.
  public var page: Int
  public var pageCount: Int
  /// False while the count is an estimate ("about 362").
  public var isExact: Bool
  /// Through the book, 0…1.
  public var fraction: Double
  public var chapterTimeLeft: TimeInterval?
  public var bookTimeLeft: TimeInterval?
  /// Whether the page shown has a bookmark.
  public var isBookmarked: Bool
  /// Which items to show, from the preferences (chapter, page, percent, time-left…).
  public var items: [String]
  /// True while the book is opening and its page figures are not estimated yet: they
  /// are left out (the session's `ReadingProgress.isPageCountPending`).
  public var isCountPending = false
  /// What is on of listening ("Reading aloud", "Narration paused · stops in 12 min", "Auto
  /// turn"); nil when nothing is.
  public var listening: String? = nil

  /// "12 of 362", or "12 of about 494" while the count is estimated.
  public var pageText: String {
    "\(page) of \(isExact ? "" : "about ")\(pageCount)"
  }

  public var percentText: String { "\(Int((fraction * 100).rounded(.down)))%" }

  /// "9 min left in chapter", or nil before the reader's speed is known.
  public var chapterTimeText: String? {
    chapterTimeLeft.map { "\(Self.duration($0)) left in chapter" }
  }

  /// "5 h 20 min left in book".
  public var bookTimeText: String? {
    bookTimeLeft.map { "\(Self.duration($0)) left in book" }
  }

  /// A duration as a reader says it: "under a minute", "9 min", "5 h 20 min".
  public static func duration(_ seconds: TimeInterval) -> String {
    let minutes = Int((seconds / 60).rounded())
    if minutes < 1 { return "under a minute" }
    if minutes < 60 { return "\(minutes) min" }
    let hours = minutes / 60
    let rest = minutes % 60
    return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
  }
}

/// A line at the bottom that answers the last action.
public struct ScreenMessage: Hashable, Sendable {
  public var text: String
  public var isError: Bool

  /// Creates a message.
  public init(text: String, isError: Bool) {
    self.text = text
    self.isError = isError
  }
}
