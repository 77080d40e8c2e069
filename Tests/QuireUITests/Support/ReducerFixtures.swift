import Foundation
import QuireBook
import QuireReading
import QuireTypesetting
import QuireUI

/// Reading states for the reducer's tests: a real book and pages set by the typesetter,
/// with no session and no library. What a session or a library would answer is handed to
/// the reducer as the action the controller would feed it.
enum ReducerFixtures {
  /// A state for the book at `path` (the handbook by default) on a terminal, with a
  /// library (book id 1) unless `hasLibrary` is false.
  static func state(
    _ path: String = UIFixtures.handbook, viewport: Viewport = .cells(columns: 100, rows: 40),
    preferences: Preferences = Preferences(), hasLibrary: Bool = true
  ) throws -> ReaderState {
    var state = ReaderState(
      book: try Book.open(path), viewport: viewport, preferences: preferences,
      hasLibrary: hasLibrary)
    state.bookID = hasLibrary ? 1 : nil
    return state
  }
}

extension ReaderState {
  /// The pages of a chapter as this state's settings cut them (on cells).
  func pages(ofChapter chapter: Int) throws -> [Page] {
    let settings = readingSettings
    let paginator = Paginator(
      text: settings.prepared(try book.text(ofChapter: chapter)), container: settings.container,
      settings: settings.layoutSettings(language: book.metadata.language),
      source: CellGlyphSource())
    return paginator.paginateAll()
  }

  /// What a session reports when it shows page `index` of `chapter`: that page, the next
  /// one too for a spread, and the position at the page's start.
  func view(chapter: Int, page index: Int, canGoBack: Bool = false) throws -> SessionView {
    let pages = try pages(ofChapter: chapter)
    let sides = pages[index...].prefix(max(1, layout.frames.count)).map {
      SessionView.Side(chapterIndex: chapter, page: $0)
    }
    return SessionView(
      sides: Array(sides),
      position: Locator(chapterIndex: chapter, offset: pages[index].range.lowerBound),
      canGoBack: canGoBack)
  }

  /// Takes in the session's answer to `navigation`: showing page `index` of `chapter`.
  mutating func shows(
    chapter: Int, page index: Int, after navigation: Navigation = .first, canGoBack: Bool = false
  ) throws -> [ReaderEffect] {
    reduce(
      .navigated(
        navigation, moved: true, try view(chapter: chapter, page: index, canGoBack: canGoBack)))
  }

  /// Presses a key as a front end decodes it (a character).
  mutating func press(_ character: Character) -> [ReaderEffect] {
    reduce(.key(.character(character)))
  }

  /// Types text into the panel's field, one key at a time.
  mutating func type(_ text: String) {
    for character in text { _ = press(character) }
  }
}
