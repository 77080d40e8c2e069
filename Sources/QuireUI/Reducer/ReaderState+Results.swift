import QuireBook

extension ReaderState {
  /// What an effect found, taken into the state.
  mutating func receive(_ result: ReaderAction) -> [ReaderEffect] {
    switch result {
    case .navigated(let navigation, let moved, let view):
      navigated(navigation, moved: moved, view: view)
      return listeningNavigated(navigation, moved: moved)
    case .progressRead(let progress, let estimate):
      if let progress { self.progress = progress }
      timeEstimate = estimate
    case .pageNumbersChanged:
      return [.redraw]
    case .searchFound(let matches, let generation):
      return found(matches, generation: generation)
    case .searchFinished(let generation):
      return finishSearch(generation: generation)
    case .annotationsRead(let read, let forPanel):
      annotationsRead(read, forPanel: forPanel)
    case .annotationsUnreadable(let reason, let forPanel):
      annotationsRead(AnnotationState(), forPanel: false)
      if forPanel { say("The bookmarks could not be read: \(reason)", isError: true) }
    case .libraryWritten(let change, let failure):
      return written(change, failure: failure)
    case .libraryRead(let listing):
      libraryRead(listing)
    case .libraryUnreadable(let reason, let sort):
      libraryUnreadable(reason: reason, sort: sort)
    case .statisticsRead(let charts):
      statisticsRead(charts)
    case .statisticsUnreadable(let reason):
      say("The statistics could not be read: \(reason)", isError: true)
    case .bookOpened(let next, let bookID, let view):
      return stopListening() + bookOpened(next, bookID: bookID, view: view)
    case .bookNotOpened(let path, let reason):
      // The file's name first, so that a narrow message line still says which book.
      say(
        "“\(PathName.fileName(of: path))” could not be opened: \(reason) (\(path))", isError: true)
    case .themeRead(let source, let theme):
      return themeRead(source: source, theme)
    case .preferencesNotSaved(let path, let reason):
      say("Preferences not saved to \(path): \(reason)", isError: true)
    case .preferencesSaved(let notice):
      say(notice)
    case .urlOpened(let url, let failure):
      urlOpened(url, failure: failure)
    case .copied(let text, let failed):
      say(text, isError: failed)
    case .annotationsExported(let path, let count, let failure):
      if let failure {
        say("Not exported to \(path): \(failure)", isError: true)
      } else {
        say("Exported \(count) annotation\(count == 1 ? "" : "s") to \(path).")
      }
    case .lookedUp(let request, let result, let historyFailure):
      lookedUp(request, result, historyFailure: historyFailure)
    case .speechPrepared, .speechUnavailable, .speechHeard:
      return receiveSpeech(result)
    case .key, .command, .click, .chooseRow, .resize, .dropBook, .rememberWindow, .selectAt,
      .extendSelectionTo, .chooseHighlightAt, .tick:
      break  // the reader's own actions, handled by `reduce(_:)`
    }
    return []
  }
}
