import QuireBook
import QuireLookup

extension ReaderState {
  /// The longest text looked up: a word or a short phrase ("in spite of"), never a page.
  static let longestLookUp = 64

  /// Looking words up: the selection's word (`d`, Enter) or a word named (a definition's
  /// link, a front end's own). Nil for a command of another feature.
  mutating func reduceLookUp(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    case .lookUpSelection:
      guard let selection = selecting.selection else {
        say("Nothing is selected: v selects from the page's first word.")
        return []
      }
      let word = Self.oneLine(selection.text(in: boundaries))
      guard !word.isEmpty else {
        say("There is no word in the selection to look up.")
        return []
      }
      guard word.count <= Self.longestLookUp else {
        say("Select a word or a few to look up (this is \(word.count) characters).")
        return []
      }
      return [
        .lookUp(
          LookUpRequest(
            word: word, language: book.metadata.language, dictionaries: preferences.dictionaries,
            place: selection.start,
            sentence: boundaries.sentence(around: selection.start).map(Self.oneLine)))
      ]
    case .lookUpWord(let word):
      return lookUp(word, earlier: [])
    default:
      return nil
    }
  }

  /// A command while the look-up popup is open; nil for one that closes it (and applies
  /// to the page). ↑↓ scroll a paragraph, PgUp/PgDn a screen; ←→ choose a link and Enter
  /// follows it in the popup; Backspace (or u) returns to the word before.
  mutating func runInLookUp(_ command: ReaderCommand, _ popup: LookUpPanel) -> [ReaderEffect]? {
    var popup = popup
    switch command {
    case .moveUp, .moveDown, .pageUpInPanel, .pageDownInPanel:
      let delta = Self.rowStep(command, screen: max(1, visibleRows / 2))
      popup.scroll = max(0, min(popup.text.paragraphs.count - 1, popup.scroll + delta))
      // A link scrolled out of sight above is no longer chosen.
      if let link = popup.link,
        popup.paragraph(holding: popup.text.links[link].range.lowerBound) < popup.scroll
      {
        popup.link = nil
      }
      panel = .lookUp(popup)
    case .adjust(let delta):
      guard let link = popup.link(movedBy: delta) else {
        say(
          popup.text.links.isEmpty ? "These definitions link to no other word." : "No more links.")
        return []
      }
      popup.link = link
      let paragraph = popup.paragraph(holding: popup.text.links[link].range.lowerBound)
      if paragraph < popup.scroll { popup.scroll = paragraph }
      panel = .lookUp(popup)
    case .choose:
      guard let link = popup.link else {
        panel = nil
        return []
      }
      return lookUp(
        popup.text.links[link].word, earlier: popup.request.earlier + [popup.request.word])
    case .lookUpWord(let word):
      return lookUp(word, earlier: popup.request.earlier + [popup.request.word])
    case .back, .undo:
      guard let previous = popup.request.earlier.last else {
        panel = nil
        return []
      }
      return [
        .lookUp(
          LookUpRequest(
            word: previous, language: popup.request.language,
            dictionaries: popup.request.dictionaries,
            earlier: Array(popup.request.earlier.dropLast()), isRecorded: false))
      ]
    default:
      return nil
    }
    return []
  }

  /// What the dictionaries said: the popup shows it, at its top.
  mutating func lookedUp(_ request: LookUpRequest, _ result: LookupResult, historyFailure: String?)
  {
    panel = .lookUp(LookUpPanel(request: request, result: result))
    if let historyFailure {
      say(
        "“\(request.word)” was not added to the look-up history: \(historyFailure)", isError: true)
    }
  }

  /// Looks up a word met outside the book (a link, a word a front end names), after the
  /// words in `earlier`.
  private mutating func lookUp(_ word: String, earlier: [String]) -> [ReaderEffect] {
    let word = Self.oneLine(word)
    guard !word.isEmpty else { return [] }
    return [
      .lookUp(
        LookUpRequest(
          word: String(word.prefix(Self.longestLookUp)), language: book.metadata.language,
          dictionaries: preferences.dictionaries, earlier: earlier))
    ]
  }
}
