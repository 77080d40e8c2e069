import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireUI
import Testing

/// Simplified ⇄ Traditional, chosen in the settings panel as a reader does: the book is
/// shown again in the other script at the same place.
@Suite(
  .enabled(if: Corpus.isAvailable, Corpus.skipMessage),
  .enabled(
    if: FileManager.default.fileExists(atPath: "/usr/share/opencc/s2t.json"),
    "OpenCC's data (libopencc-data) is not installed"))
struct ChineseScriptSettingTests {
  static let book = Corpus.path("txt/zh/hongloumeng_simplified_utf8-crlf.txt")

  @Test func theSettingsPanelShowsTheBookInTraditionalAtTheSamePlace() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.file("library.sqlite"))
    let preferencesFile = PreferencesFile(
      url: URL(fileURLWithPath: folder.file("preferences.json")))
    let controller = try await ReaderController(
      book: try Book.open(Self.book), library: library, viewport: .cells(columns: 100, rows: 40),
      configuration: .init(
        preferencesFile: preferencesFile,
        sessionOptions: .init(prefetch: false, exactPagination: false)))
    var screen = await controller.perform(.nextChapter)
    screen = await controller.perform(.turnForward)
    let place = try #require(screen.firstCharacter)
    let simplified = screen.pageText
    screen = await controller.perform(.settings)
    for _ in 0..<40 {
      let rows = try #require(screen.panel).rows
      if rows.first(where: \.isCurrent)?.text.contains("Chinese script") == true { break }
      screen = await controller.perform(.moveDown)
    }
    #expect(try #require(screen.panel).rows.first(where: \.isCurrent)?.detail == "off")
    screen = await controller.perform(.adjust(1))
    #expect(try #require(screen.panel).rows.first(where: \.isCurrent)?.detail == "s2t")
    screen = await controller.perform(.dismiss)
    // The same page, each character in its place: rows as long, the characters changed.
    let rows = { (text: String) in text.split(separator: "\n").map(\.count) }
    #expect(rows(screen.pageText) == rows(simplified))
    #expect(screen.pageText != simplified)
    // What is shown is the book converted as a whole.
    let original = try Book.open(Self.book).text(ofChapter: place.chapter).string
    let shown = try await controller.book.text(ofChapter: place.chapter).string
    #expect(shown == (try ScriptConverter.shared(.s2t)).convert(original))
    let now = try #require(screen.firstCharacter)
    #expect(now.chapter == place.chapter && now.offset == place.offset)
    #expect(await controller.book.metadata.title == "紅樓夢")
    #expect(preferencesFile.load().preferences.chineseConversion == "s2t")
    await controller.close()
  }
}
