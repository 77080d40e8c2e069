import Foundation
import QuireBook
import QuireLookup
import QuireReading
import QuireTestSupport
import QuireUI

enum UIFixtures {
  /// The bundled Quire Handbook (an unpacked EPUB 3 with a footnote and links).
  static let handbook: String = {
    let tests = URL(fileURLWithPath: Corpus.fixtures).deletingLastPathComponent()
    return tests.deletingLastPathComponent().appendingPathComponent("Sources/QuireCLI/Handbook")
      .path
  }()

  /// A controller on `path` for a terminal of `columns × rows`, with a library in `folder`
  /// and no preferences file.
  static func controller(
    _ path: String, folder: ScratchFolder, viewport: Viewport = .cells(columns: 100, rows: 40),
    preferences: Preferences = Preferences(),
    options: ReadingSession.Options = .init(prefetch: false, exactPagination: false),
    dictionaries: DictionaryLocations? = nil
  ) async throws -> (ReaderController, Library) {
    let library = try Library(path: folder.file("library.sqlite"))
    let book = try Book.open(path)
    var configuration = ReaderController.Configuration(
      preferences: preferences, sessionOptions: options)
    if let dictionaries { configuration.dictionaryLocations = dictionaries }
    let controller = try await ReaderController(
      book: book, library: library, viewport: viewport, configuration: configuration)
    return (controller, library)
  }
}

extension ReaderController {
  /// The first page of the book's next file: `]` pressed until the pages shown are in
  /// another chapter file (`]` steps through contents entries, several to a file in the
  /// handbook).
  func nextFile() async -> ReaderScreen {
    var screen = await screen()
    let start = screen.sides.first?.chapterIndex
    for _ in 0..<50 {
      screen = await perform(.nextChapter)
      if screen.sides.first?.chapterIndex != start || screen.message != nil { break }
    }
    return screen
  }
}

extension ReaderScreen {
  /// The first page's text, row by row (cell pages).
  var pageText: String {
    guard let side = sides.first else { return "" }
    let cells = side.cells
    return (0..<cells.rows).map { cells.text(ofRow: $0) }.joined(separator: "\n")
  }

  /// The chapter and first character of the first page shown.
  var firstCharacter: (chapter: Int, offset: Int)? {
    sides.first.map { ($0.chapterIndex, $0.page.range.lowerBound) }
  }
}
