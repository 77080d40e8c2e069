import Foundation
import QuireBook
import QuireRendering
import Testing

@testable import QuireCLI

/// `quire render` on the bundled handbook: PNGs of the asked size, and clear usage errors.
@Suite struct RenderCommandTests {
  private let handbook = CommandContext.standard.handbookPath ?? "/nonexistent"
  /// Each test's own library (`--library`): a render never looks into the user's.
  private let workspace = LibraryWorkspace()

  private func run(_ arguments: [String]) -> RunResult { workspace.run(arguments) }

  private func temporaryPNG(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "quire-render-\(ProcessInfo.processInfo.processIdentifier)-\(name).png"
      )
      .path
  }

  private func pngSize(_ path: String) throws -> QuireBook.Attachment.Size? {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(ImageHeader.format(of: data) == .png)
    return ImageHeader.size(of: data)
  }

  @Test func rendersABookPageWithTheHUD() throws {
    let output = temporaryPNG("book-page")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = run([
      "render", handbook, "--page", "2", "--theme", "night", "--hud", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("book page 2, 600 × 800 px, night theme"))
    #expect(try pngSize(output) == QuireBook.Attachment.Size(width: 600, height: 800))
  }

  /// The library only adds page numbers to a render: one that cannot be opened (here one
  /// a newer Quire wrote) is said and left out, the page is drawn, and the file is left
  /// as it was.
  @Test func aLibraryThatCannotBeOpenedLeavesTheRenderWithoutIt() throws {
    let output = temporaryPNG("newer-library")
    defer { try? FileManager.default.removeItem(atPath: output) }
    _ = try workspace.library()
    // The schema version (SQLite's user_version, bytes 60–63 of the header) of a newer Quire.
    let file = try #require(FileHandle(forUpdatingAtPath: workspace.libraryPath))
    try file.seek(toOffset: 60)
    try file.write(contentsOf: Data([0, 0, 0, 99]))
    try file.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: workspace.libraryPath))
    let result = run(["render", handbook, "--page", "2", "--hud", "-o", output])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("newer than this Quire knows"))
    #expect(result.standardError.contains("going on without the library"))
    #expect(try pngSize(output) == QuireBook.Attachment.Size(width: 600, height: 800))
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.libraryPath)) == before)
  }

  @Test func textFlowsAroundAnExcludedEllipseDrawnFaintly() throws {
    let output = temporaryPNG("exclusion")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = run([
      "render", handbook, "--chapter", "2", "--page", "1", "--exclude", "ellipse:200,250,200,200",
      "--show-exclusions", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let image = try RGBAImage(contentsOfFile: output)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      let index = image.index(x: x, y: y)
      return Array(image.pixels[index..<index + 3])
    }
    let paper = pixel(2, 2)
    // Inside the ellipse only paper: no glyph entered it.
    for y in stride(from: 290, to: 410, by: 2) {
      for x in stride(from: 250, to: 350, by: 2) { #expect(pixel(x, y) == paper, "(\(x), \(y))") }
    }
    // Its outline is drawn, and text is set beside it.
    #expect(pixel(200, 350) != paper)
    let inked = (250..<450).contains { y in (48..<190).contains { x in pixel(x, y) != paper } }
    #expect(inked)
  }

  @Test func rendersAPageOfAChapterAtAGivenSize() throws {
    let output = temporaryPNG("chapter-page")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = run([
      "render", handbook, "--chapter", "3", "--page", "1", "--width", "480", "--height", "640",
      "--font-size", "18", "--output", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("chapter 3 page 1"))
    #expect(try pngSize(output) == QuireBook.Attachment.Size(width: 480, height: 640))
  }

  @Test func pageNumbersCountThroughTheWholeBook() throws {
    // The first page of chapter 2 is the book page right after chapter 1's last.
    let output = temporaryPNG("count")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let chapter = run(["render", handbook, "--chapter", "2", "--page", "1", "-o", output])
    let match = try #require(chapter.standardOutput.firstMatch(of: /book page (\d+)/))
    let bookPage = try #require(Int(match.1))
    let book = run(["render", handbook, "--page", "\(bookPage)", "-o", output])
    #expect(book.standardOutput.contains("chapter 2 page 1, book page \(bookPage),"))
    let before = run(["render", handbook, "--page", "\(bookPage - 1)", "-o", output])
    #expect(before.standardOutput.contains("chapter 1 page"))
  }

  @Test func mistakesAreUsageErrors() {
    let output = temporaryPNG("never")
    let cases: [([String], String)] = [
      (["render", handbook], "-o FILE is required"),
      (["render", handbook, "--page", "5000", "-o", output], "is past the book's end"),
      (["render", handbook, "--page", "0", "-o", output], "--page expects a whole number from 1"),
      (["render", handbook, "--chapter", "99", "-o", output], "--chapter 99 does not exist"),
      (["render", handbook, "--chapter", "1", "--page", "400", "-o", output], "chapter 1 has"),
      (
        ["render", handbook, "--theme", "purple", "-o", output], "--theme expects day, sepia, night"
      ),
      (["render", handbook, "--width", "20", "-o", output], "--width expects a number from 100"),
      (["render", handbook, "--turn", "flip", "-o", output], "--turn expects one of curl, leaf"),
      (["render", handbook, "--frames", "9", "-o", output], "--frames needs --turn MODE"),
      (["render", handbook, "--turn", "curl", "--backward", "-o", output], "no page before"),
    ]
    for (arguments, message) in cases {
      let result = run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.contains(message), "\(result.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// A FIFO, a device or a socket as -o is refused at once (a FIFO without a reader used
  /// to hang `quire render` for ever).
  @Test func aSpecialFileAsTheOutputIsRefusedAtOnce() throws {
    let fifo = temporaryPNG("fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: fifo) }
    for (output, what) in [(fifo, "a FIFO (named pipe)"), ("/dev/full", "a device")] {
      let started = ContinuousClock.now
      let result = run(["render", handbook, "--page", "1", "-o", output])
      #expect(ContinuousClock.now - started < .seconds(1))
      #expect(result.status == 2)
      #expect(
        result.standardError.contains("-o \(output) is \(what), not a regular file"),
        "\(result.standardError)")
    }
  }

  @Test func writesAPageTurnAsAnAnimatedPNG() throws {
    let output = temporaryPNG("turn")
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = run([
      "render", handbook, "--turn", "curl", "--from", "2", "--frames", "4", "--width", "200",
      "--height", "300", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains("4-frame curl turn (animated PNG) from book page 2 to 3"))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    // An APNG: acTL right after IHDR, one fcTL a frame.
    #expect(bytes[37..<41].elementsEqual(Array("acTL".utf8)))
    let fcTL = Array("fcTL".utf8)
    let frameControls = (0..<(bytes.count - 4)).filter { bytes[$0..<($0 + 4)].elementsEqual(fcTL) }
    #expect(frameControls.count == 4)
  }

  @Test func writesAPageTurnAsNumberedFrames() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quire-turn-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = run([
      "render", handbook, "--turn", "leaf", "--from", "3", "--backward", "--frames", "3",
      "--sequence", "--width", "200", "--height", "300", "-o", folder.path + "/turn.png",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    for index in 0..<3 {
      #expect(try pngSize(folder.path + "/turn-00\(index).png") == .init(width: 200, height: 300))
    }
  }
}
