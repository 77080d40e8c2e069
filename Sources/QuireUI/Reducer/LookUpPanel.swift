package import QuireBook
package import QuireLookup

/// A word to look up, and where the reader met it: what the `lookUp` effect asks the
/// dictionaries and writes in the look-up history.
package struct LookUpRequest: Hashable, Sendable {
  /// The word (or short phrase) as selected, its white space made single spaces.
  package var word: String
  /// The book's language, which chooses the dictionaries.
  package var language: String?
  /// The `dictionaries` preference: the ones to ask, in order (empty for all).
  package var dictionaries: [String]
  /// Where in the book it was selected, and the sentence around it; nil for a word
  /// followed from a definition's link.
  package var place: Locator?
  package var sentence: String?
  /// The words looked up before it in the same popup, the last the one it was followed
  /// from: Back returns to that one.
  package var earlier: [String] = []
  /// Whether it goes in the look-up history (a word returned to with Back is there already).
  package var isRecorded = true

  /// A request.
  package init(
    word: String, language: String?, dictionaries: [String], place: Locator? = nil,
    sentence: String? = nil, earlier: [String] = [], isRecorded: Bool = true
  ) {
    self.word = word
    self.language = language
    self.dictionaries = dictionaries
    self.place = place
    self.sentence = sentence
    self.earlier = earlier
    self.isRecorded = isRecorded
  }
}

/// The look-up popup (`d` or Enter on a selection): what the dictionaries said about a
/// word — each definition under its dictionary's name, or what to install — scrolled a
/// paragraph at a time, with one of its links chosen to follow inside the popup.
package struct LookUpPanel: Hashable, Sendable {
  package var request: LookUpRequest
  package var result: LookupResult
  /// `result.popupText`, made once.
  package var text: DefinitionText
  /// The first paragraph shown.
  package var scroll = 0
  /// The link chosen (an index of `text.links`), which Enter follows; nil for none.
  package var link: Int?

  /// The popup for `result`, scrolled to its top, no link chosen.
  package init(request: LookUpRequest, result: LookupResult) {
    self.request = request
    self.result = result
    text = result.popupText
  }

  /// The paragraph holding a UTF-16 offset of `text` (the last for one past the end).
  package func paragraph(holding offset: Int) -> Int {
    text.paragraphs.firstIndex { $0.range.upperBound > offset } ?? max(0, text.paragraphs.count - 1)
  }

  /// The link chosen after moving `delta` links on (1) or back (-1); from none, the first
  /// link in the paragraphs shown (or the last link, above them); nil when there is no link
  /// that way.
  package func link(movedBy delta: Int) -> Int? {
    let links = text.links
    guard !links.isEmpty else { return nil }
    if let link {
      let next = link + delta
      return links.indices.contains(next) ? next : nil
    }
    let top =
      text.paragraphs.indices.contains(scroll) ? text.paragraphs[scroll].range.lowerBound : 0
    return links.firstIndex { $0.range.lowerBound >= top } ?? links.count - 1
  }
}
