import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// An export's entries are checked against the book before anything is stored: places the
/// book does not have are listed and left out, reversed highlights are set the right way
/// round, and an export too large is refused before it is read.
@Suite struct BookmarksImportValidationTests {
  static let pride = """
    Pride and Prejudice

    by Jane Austen


    CHAPTER I.

    It is a truth universally acknowledged, that a single man in possession of a good
    fortune, must be in want of a wife.

    """

  private func setUp() throws -> (LibraryWorkspace, book: String, hash: String) {
    let workspace = LibraryWorkspace()
    let path = workspace.path + "/pride.txt"
    try Self.pride.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(workspace.run(["library", "add", path]).status == 0)
    return (workspace, path, try Book.open(path).contentHash)
  }

  /// An export in Quire's JSON with the given entries (JSON fragments).
  private func exportFile(
    _ workspace: LibraryWorkspace, hash: String, bookmarks: [String], highlights: [String] = []
  ) throws -> String {
    let json = """
      {"format": "quire-annotations", "version": 1, "exportedAt": "2026-01-01T00:00:00Z",
       "book": {"title": "Pride and Prejudice", "authors": ["Jane Austen"], "contentHash": "\(hash)"},
       "bookmarks": [\(bookmarks.joined(separator: ","))],
       "highlights": [\(highlights.joined(separator: ","))]}
      """
    let path = workspace.path + "/export-\(UUID().uuidString).json"
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func bookmark(chapter: Int, offset: Int, date: String = "2026-01-01T00:00:00Z") -> String
  {
    #"{"locator": {"chapterIndex": \#(chapter), "offset": \#(offset)}, "createdAt": "\#(date)"}"#
  }

  @Test func placesTheBookDoesNotHaveAreListedAndLeftOut() throws {
    let (workspace, book, hash) = try setUp()
    let file = try exportFile(
      workspace, hash: hash,
      bookmarks: [
        bookmark(chapter: 1, offset: 10), bookmark(chapter: -1, offset: 0),
        bookmark(chapter: 1_000_000, offset: 0), bookmark(chapter: 1, offset: -5),
        bookmark(chapter: 1, offset: 99_999),
        bookmark(chapter: 1, offset: 3, date: "2999-01-01T00:00:00Z"),
        #"{"locator": {"chapterIndex": 1, "offset": 4, "totalProgression": 7}, "createdAt": "2026-01-01T00:00:00Z"}"#,
      ])
    let result = workspace.run(["bookmarks", book, "import", file])
    #expect(result.status == 1)
    #expect(result.standardOutput == "Imported 1 bookmark and 0 highlights.\n")
    for line in [
      "6 entries are not valid for “Pride and Prejudice” and were not imported:",
      "  bookmark 2: chapter 0 is not in the book (it has 2)",
      "  bookmark 3: chapter 1000001 is not in the book (it has 2)",
      "  bookmark 4: offset -5 is outside chapter 2",
      "  bookmark 5: offset 99999 is outside chapter 2",
      "  bookmark 6: it was made at 2999-01-01T00:00:00Z, which cannot be right",
      "  bookmark 7: its place in the book, 7.0, is not between 0 and 1",
    ] {
      #expect(result.standardError.contains(line), "\(line)\n\(result.standardError)")
    }
    let listed = workspace.run(["bookmarks", book])
    #expect(listed.status == 0)
    #expect(
      listed.standardOutput.split(separator: "\n").filter { $0.contains("chapter") }.count == 1)
  }

  @Test func aReversedHighlightIsSwappedNotCollapsed() throws {
    let (workspace, book, hash) = try setUp()
    let highlight =
      #"{"start": {"chapterIndex": 1, "offset": 40}, "end": {"chapterIndex": 1, "offset": 10}, "#
      + #""colour": "yellow", "createdAt": "2026-01-01T00:00:00Z"}"#
    let file = try exportFile(workspace, hash: hash, bookmarks: [], highlights: [highlight])
    let result = workspace.run(["bookmarks", book, "import", file])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("1 highlight ended before starting"))
    let library = try workspace.library()
    let entry = try #require(try library.books().first)
    let stored = try library.highlights(inBook: entry.id)
    #expect(stored.map(\.start.offset) == [10])
    #expect(stored.map(\.end.offset) == [40])
  }

  @Test func anExportTooLargeIsRefusedBeforeItIsRead() throws {
    let (workspace, book, _) = try setUp()
    let file = workspace.path + "/huge.json"
    #expect(FileManager.default.createFile(atPath: file, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.truncate(atOffset: UInt64(AnnotationExport.maximumFileSize + 1))
    try handle.close()
    let result = workspace.run(["bookmarks", book, "import", file])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains(
        "\(file): it is larger than 32 MB, the most an annotations export may be; nothing was imported"
      ),
      "\(result.standardError)")
  }

  @Test func tooManyEntriesAreRefusedWhole() throws {
    let (workspace, book, hash) = try setUp()
    let one = bookmark(chapter: 1, offset: 1)
    let file = try exportFile(
      workspace, hash: hash,
      bookmarks: Array(repeating: one, count: AnnotationExport.maximumEntries + 1))
    let result = workspace.run(["bookmarks", book, "import", file])
    #expect(result.status == 1)
    #expect(result.standardError.contains("more than the 100000 Quire imports at once"))
    #expect(
      try workspace.library().books().first.map {
        try workspace.library().bookmarks(inBook: $0.id)
      }?.isEmpty == true)
  }

  @Test func aFIFOIsRefusedAtOnce() throws {
    let (workspace, book, _) = try setUp()
    let fifo = workspace.path + "/export.json"
    try #require(mkfifo(fifo, 0o600) == 0)
    let started = ContinuousClock.now
    let result = workspace.run(["bookmarks", book, "import", fifo])
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(result.status == 1)
    #expect(result.standardError.contains("it is a FIFO (named pipe), not a regular file"))
  }
}
