import QuireBook
import QuireLookup
import QuireReading

extension ReaderController {
  /// Looks a word up in the dictionaries on the machine (found at the first look-up, then
  /// kept open) and adds it to the library's look-up history with the book, the place and
  /// the sentence it was read in. A history that cannot be written is said, and the
  /// definitions are shown all the same.
  func lookUp(_ request: LookUpRequest) async -> ReaderAction {
    let shelf = dictionaryShelf ?? DictionaryShelf(locations: configuration.dictionaryLocations)
    dictionaryShelf = shelf
    let result = shelf.lookUp(
      request.word, language: request.language, preferred: request.dictionaries)
    guard request.isRecorded, let library else {
      return .lookedUp(request, result, historyFailure: nil)
    }
    var locator: Locator?
    if let place = request.place {
      locator = await session.locator(chapter: place.chapterIndex, offset: place.offset)
    }
    do {
      _ = try library.recordLookup(
        LookupRecord(
          word: result.word, form: result.definitions.first?.form,
          dictionaries: result.definitions.map(\.dictionary.id), language: result.language,
          bookID: state.bookID, locator: locator, context: request.sentence,
          date: configuration.clock()))
      return .lookedUp(request, result, historyFailure: nil)
    } catch {
      return .lookedUp(request, result, historyFailure: "\(error)")
    }
  }
}
