import Foundation
import QuireBook
import QuireLookup
import QuireReading
import QuireTestSupport
import Testing

@testable import QuireUI

/// Looking a selected word up, as command sequences on the reducer: the request with its
/// place and sentence, the popup of definitions, its links followed inside it and Back,
/// and what a reader sees without a dictionary. The dictionaries' answers come from real
/// shelves (a small dictd database the tests write, or none), fed in as the controller
/// would.
@Suite struct ReaderStateLookUpTests {
  let scratch = ScratchFolder()

  /// The handbook's "Reading with Quire" chapter, first page, on a terminal.
  func reading() throws -> ReaderState {
    var state = try ReducerFixtures.state()
    _ = try state.shows(chapter: 1, page: 0)
    return state
  }

  /// What the controller would answer to `effects`' look-up, from `shelf`.
  func answer(_ effects: [ReaderEffect], from shelf: DictionaryShelf, in state: inout ReaderState)
    throws
  {
    guard case .lookUp(let request)? = effects.first, effects.count == 1 else {
      Issue.record("not a look-up: \(effects)")
      return
    }
    let result = shelf.lookUp(
      request.word, language: request.language, preferred: request.dictionaries)
    #expect(state.reduce(.lookedUp(request, result, historyFailure: nil)).isEmpty)
  }

  @Test func dLooksTheSelectedWordUpWithWhereItWasRead() throws {
    var state = try reading()
    _ = state.press("v")
    let selection = try #require(state.selecting.selection)
    let effects = state.press("d")
    #expect(
      effects == [
        .lookUp(
          LookUpRequest(
            word: "Reading", language: state.book.metadata.language, dictionaries: [],
            place: selection.start, sentence: "Reading with Quire"))
      ])
    try answer(effects, from: DictionaryShelf(locations: WordList.folder(in: scratch)), in: &state)
    let panel = try #require(state.screen.panel)
    #expect(panel.kind == .lookUp)
    #expect(panel.title == "“Reading”")
    #expect(panel.rows.contains { $0.text.contains("the act of one who reads a book") })
    #expect(panel.rows.first?.isCurrent == true, "the dictionary's name heads its definition")
    #expect(panel.rows.flatMap(\.links).map(\.word) == ["book"])
    #expect(panel.styledText?.string.contains("the act of one who reads a book") == true)
    // Enter on the selection looks up too; Esc closes the popup and keeps the selection.
    _ = state.reduce(.key(KeyChord(.escape)))
    #expect(state.screen.panel == nil)
    #expect(state.selecting.selection == selection)
    #expect(state.reduce(.key(KeyChord(.enter))) == effects)
  }

  @Test func aLinkIsFollowedInsideThePopupAndBackspaceReturns() throws {
    var state = try reading()
    let shelf = DictionaryShelf(locations: try WordList.folder(in: scratch))
    _ = state.press("v")
    try answer(state.press("d"), from: shelf, in: &state)
    // → chooses the first link; Enter looks its word up after this one.
    #expect(state.press("l").isEmpty)
    let chosen = try #require(state.screen.panel?.rows.first { $0.emphasis != nil })
    #expect(chosen.emphasis.map { Array(chosen.text)[$0].map(String.init).joined() } == "book")
    let follow = state.reduce(.key(KeyChord(.enter)))
    guard case .lookUp(let request)? = follow.first else {
      Issue.record("Enter followed no link: \(follow)")
      return
    }
    #expect(request.word == "book")
    #expect(request.earlier == ["Reading"])
    #expect(request.place == nil && request.isRecorded)
    try answer(follow, from: shelf, in: &state)
    #expect(state.screen.panel?.title == "“Reading” → “book”")
    #expect(
      state.screen.panel?.rows.contains {
        $0.text.contains("a long written work; a quire or more bound together")
      } == true)
    #expect(state.screen.panel?.hint.contains("Backspace: “Reading”") == true)
    // Backspace goes back to "Reading", not written in the history again.
    let back = state.reduce(.key(KeyChord(.backspace)))
    #expect(
      back == [
        .lookUp(
          LookUpRequest(
            word: "Reading", language: request.language, dictionaries: [], isRecorded: false))
      ])
    try answer(back, from: shelf, in: &state)
    #expect(state.screen.panel?.title == "“Reading”")
    // Backspace with nothing before closes the popup; it never goes Back in the book.
    #expect(state.reduce(.key(KeyChord(.backspace))).isEmpty)
    #expect(state.screen.panel == nil)
  }

  @Test func thePopupScrollsAParagraphAtATime() throws {
    var state = try reading()
    _ = state.press("v")
    try answer(
      state.press("d"), from: DictionaryShelf(locations: try WordList.folder(in: scratch)),
      in: &state)
    #expect(state.screen.panel?.scroll == 0)
    _ = state.press("j")
    _ = state.press("j")
    #expect(state.screen.panel?.scroll == 2)
    for _ in 0..<10 { _ = state.press("j") }
    let rows = try #require(state.screen.panel?.rows.count)
    #expect(state.screen.panel?.scroll == rows - 1, "never past the last paragraph")
    _ = state.press("k")
    #expect(state.screen.panel?.scroll == rows - 2)
  }

  @Test func withoutADictionaryThePopupSaysWhatToInstall() throws {
    var state = try reading()
    _ = state.press("v")
    try answer(
      state.press("d"), from: DictionaryShelf(locations: try WordList.none(in: scratch)),
      in: &state)
    let panel = try #require(state.screen.panel)
    #expect(panel.rows.map(\.text).contains("No dictionary to look “Reading” up in."))
    #expect(panel.rows.contains { $0.text.contains("dict-gcide") && $0.text.contains("dict-wn") })
    #expect(!panel.hint.contains("link"))
    #expect(state.press("l").isEmpty)
    #expect(state.screen.message?.text == "These definitions link to no other word.")
  }

  @Test func aHistoryThatCannotBeWrittenIsSaidAndTheDefinitionsShown() throws {
    var state = try reading()
    let shelf = DictionaryShelf(locations: try WordList.folder(in: scratch))
    let request = LookUpRequest(word: "quire", language: "en", dictionaries: [])
    _ = state.reduce(
      .lookedUp(request, shelf.lookUp("quire"), historyFailure: "the library is read-only"))
    #expect(state.screen.panel?.kind == .lookUp)
    #expect(
      state.screen.message?.text
        == "“quire” was not added to the look-up history: the library is read-only")
  }

  @Test func slashSearchesForTheSelection() throws {
    var state = try reading()
    _ = state.press("v")
    _ = state.press("w")
    #expect(state.press("/") == [.search(query: "Reading with", generation: 1)])
    #expect(state.selecting.selection == nil)
    #expect(state.screen.panel?.kind == .search)
  }

  /// Bad input: a page with nothing on it to select, and every selection command with
  /// nothing selected — a message each time, no effect, no trap.
  @Test func selectionCommandsOnAnEmptyPageSayWhy() throws {
    let book = MemoryBook.book([[""], ["Some words here."]])
    var state = ReaderState(
      book: book, viewport: .cells(columns: 60, rows: 20), preferences: Preferences(),
      hasLibrary: true)
    state.bookID = 1
    _ = try state.shows(chapter: 0, page: 0)
    #expect(state.press("v").isEmpty)
    #expect(state.screen.message?.text == "There is no text on this page to select.")
    #expect(state.reduce(.command(.selectPage)).isEmpty)
    #expect(state.screen.message?.text == "There is no text on this page to select.")
    #expect(state.reduce(.selectAt(x: 3, y: 3, unit: .word)).isEmpty)
    #expect(state.reduce(.extendSelectionTo(x: 9, y: 3)).isEmpty)
    let commands: [ReaderCommand] = [
      .extendSelection(.word, .forward), .extendSelection(.sentence, .backward),
      .extendSelectionByLine(.forward), .copySelection, .chooseHighlight(.underline),
      .highlightSelection(.green), .lookUpSelection, .searchSelection,
    ]
    for command in commands {
      #expect(state.reduce(.command(command)).isEmpty, "\(command)")
      #expect(state.screen.message?.text.hasPrefix("Nothing is selected") == true, "\(command)")
    }
    #expect(state.selecting.selection == nil)
    #expect(state.screen.copy == nil)
  }
}
