import Foundation
import QuireBook
import QuireReading

extension ReaderController {
  /// The command for a key typed into an editing field, link-hint digits included.
  func textCommand(for chord: KeyChord) -> ReaderCommand? {
    guard let panel, panel.takesText else { return nil }
    switch chord.key {
    case .enter: return .choose
    case .escape: return .dismiss
    case .backspace: return .erase
    case .up: return .moveUp
    case .down: return .moveDown
    case .pageUp: return .pageUpInPanel
    case .pageDown: return .pageDownInPanel
    default: break
    }
    if chord.control, chord.key == .character("c") { return .quit }
    guard let text = chord.typedText else { return nil }
    if case .linkHints = panel, !text.allSatisfy(\.isNumber) { return nil }
    return .type(text)
  }

  /// The key map's command for `chord` in the layer in front.
  func commandFor(_ chord: KeyChord) -> ReaderCommand? {
    configuration.keyMap.command(for: chord, in: panel == nil ? .reading : .panel)
  }

  /// Carries out a command.
  func run(_ command: ReaderCommand) async {
    if panel != nil, await runInPanel(command) { return }
    switch command.resolved(rightToLeft: book.metadata.progressesRightToLeft) {
    case .turnForward: await turn(forward: true)
    case .turnBackward: await turn(forward: false)
    // `resolved` made these a turn forward or back.
    case .turnLeft, .turnRight: break
    case .firstPage: await show(await session.first())
    case .lastPage: await show(await session.last())
    case .chapterStart:
      let chapter = await session.chapter
      await show(await session.go(to: Locator(chapterIndex: chapter)))
    case .chapterEnd:
      let chapter = await session.chapter
      let length = (try? book.text(ofChapter: chapter).length) ?? 1
      await show(await session.go(to: Locator(chapterIndex: chapter, offset: max(0, length - 1))))
    case .nextChapter: await moveChapter(by: 1)
    case .previousChapter: await moveChapter(by: -1)
    case .goToProgression(let fraction): await show(await session.go(toProgression: fraction))
    case .back:
      if panel != nil {
        panel = nil
      } else if await session.canGoBack {
        await show(await session.goBack())
      } else {
        say("Nothing to go back to.")
      }
    case .contents: await openContents()
    case .search: panel = .search(query: search.query, editing: true, selection: 0)
    case .runSearch(let query): startSearch(query)
    case .searchNext: await moveMatch(by: 1)
    case .searchPrevious: await moveMatch(by: -1)
    case .bookmarks: openBookmarks()
    case .toggleBookmark: await toggleBookmark()
    case .addNote: await openNote()
    case .highlight(let chapter, let range): await addHighlight(chapter: chapter, range: range)
    case .help: panel = .help(scroll: 0)
    case .settings: panel = .settings(selection: 0)
    case .library: openLibrary()
    case .linkHints: openLinkHints()
    case .followLink(let number): await followLink(number)
    case .activate(let chapter, let offset): await activate(chapter: chapter, offset: offset)
    case .toggleStatus:
      configuration.preferences.statusLine.toggle()
      savePreferences()
    case .toggleSpread:
      spreadEnabled.toggle()
      await relayout()
      if layout.frames.count < 2 && spreadEnabled {
        say("Two pages need a wider \(isCells ? "terminal" : "window").")
      }
    case .quit:
      finished = true
    case .fontLarger, .fontSmaller, .fontReset, .lineHeightLarger, .lineHeightSmaller,
      .marginsWider, .marginsNarrower, .toggleJustification, .toggleHyphenation,
      .toggleEmbeddedFonts, .nextTheme, .nextTurnMode, .columnWider, .columnNarrower:
      await changeSetting(command)
    case .moveUp, .moveDown, .pageUpInPanel, .pageDownInPanel, .choose, .dismiss, .deleteSelected,
      .editSelected, .type, .erase, .adjust, .nextSort:
      break
    }
  }

  /// Whether the viewport is a terminal's.
  var isCells: Bool {
    if case .cells = viewport { return true }
    return false
  }

  /// Turns a page (two with facing pages); at either end of the book the page stays and a
  /// message says why (a bounce, not a turn).
  func turn(forward: Bool) async {
    let steps = layout.frames.count
    var moved = false
    for _ in 0..<steps {
      let page = forward ? await session.next() : await session.previous()
      guard page != nil else { break }
      moved = true
    }
    if !moved {
      say(forward ? "This is the end of the book." : "This is the start of the book.")
    }
    await refreshSides()
  }

  /// Shows the first page of the chapter `delta` chapters away in the reading order.
  func moveChapter(by delta: Int) async {
    let order = book.readingOrder.isEmpty ? Array(book.chapters.indices) : book.readingOrder
    let chapter = await session.chapter
    let position = order.firstIndex(of: chapter) ?? order.lastIndex { $0 < chapter } ?? 0
    let target = position + delta
    guard order.indices.contains(target) else {
      say(delta > 0 ? "This is the last chapter." : "This is the first chapter.")
      return
    }
    await show(await session.go(toChapter: order[target]))
  }

  /// Updates the pages after a jump; a nil page means the jump went nowhere.
  func show(_ page: ShownPage?) async {
    if page == nil { say("That page could not be shown.", isError: true) }
    await refreshSides()
  }

  /// Shows a message on the status line until the next key.
  func say(_ text: String, isError: Bool = false) {
    message = ScreenMessage(text: text, isError: isError)
  }
}

extension PanelState {
  /// Whether typed characters go into the panel's field.
  var takesText: Bool {
    switch self {
    case .contents, .library, .note, .linkHints: true
    case .search(_, let editing, _): editing
    default: false
    }
  }
}
