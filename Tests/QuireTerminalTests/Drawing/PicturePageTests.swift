import Foundation
import QuireBook
import QuireReading
import QuireRendering
import QuireTestSupport
import QuireUI
import Testing

@testable import QuireTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A comic's page in the terminal: one picture over the whole page, drawn with kitty's
/// protocol or as sixels where the terminal speaks one, and a message saying what the page
/// is and where it can be seen where it speaks neither.
@Suite struct PicturePageTests {
  static let manga = Corpus.fixtures + "/cbz/manga-five-pages.cbz"

  /// The first screen of the manga fixture in an 80 × 24 terminal.
  static func firstScreen() async throws -> ReaderScreen {
    let folder = try ScratchFolder.make("picture-page")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let controller = try await ReaderController(
      book: try Book.open(manga), library: try Library(path: folder + "/library.sqlite"),
      viewport: .cells(columns: 80, rows: 24),
      configuration: .init(sessionOptions: .init(prefetch: false, exactPagination: false)))
    let screen = await controller.screen()
    await controller.close()
    return screen
  }

  /// What the draw loop writes for `screen` in `mode`, read back through a pipe.
  static func written(_ screen: ReaderScreen, mode: GraphicsMode) async -> String {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return "" }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let readEnd = ends[0]
    defer { close(readEnd) }
    var loop = DrawLoop(
      device: TerminalDevice(input: ends[0], output: ends[1]), colors: .trueColor,
      graphics: mode)
    let reader = Task.detached { () -> [UInt8] in
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(readEnd, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[0..<count]
      }
      return bytes
    }
    _ = loop.draw(screen)
    close(ends[1])
    return String(decoding: await reader.value, as: UTF8.self)
  }

  @Test func thePictureTakesTheWholePage() async throws {
    let screen = try await Self.firstScreen()
    let side = try #require(screen.sides.first)
    let pictures = side.cells.pictures
    #expect(pictures.count == 1)
    let picture = try #require(pictures.first)
    #expect(picture.column == 0 && picture.row == 0)
    #expect(picture.width == Int(side.frame.width) && picture.height == Int(side.frame.height))
  }

  @Test(arguments: ["kitty", "sixel"])
  func theTerminalDrawsThePageAsAPicture(_ name: String) async throws {
    let screen = try await Self.firstScreen()
    let side = try #require(screen.sides.first)
    let (columns, rows) = (Int(side.frame.width), Int(side.frame.height))
    let text = await Self.written(screen, mode: GraphicsMode(rawValue: name)!)
    #expect(!text.contains("cannot show pictures"), "no message under a drawn picture")
    #expect(text.contains("\u{1B}[\(Int(side.frame.y) + 1);\(Int(side.frame.x) + 1)H"))
    if name == "kitty" {
      #expect(text.contains("\u{1B}_Ga=T,f=100,c=\(columns),r=\(rows),"))
    } else {
      // A pipe's cells are 10 × 20 pixels: the sixel image covers the page's cells, the
      // page's picture (300 × 420, white on red) fitted inside it.
      let start = try #require(text.range(of: "\u{1B}P0;1;0q"))
      let end = try #require(text[start.upperBound...].range(of: "\u{1B}\\"))
      let sixel = Array(text[start.lowerBound..<end.upperBound].utf8)
      let image = PictureTests.decodeSixel(sixel)
      #expect(image.width == columns * 10 && image.height == rows * 20)
      let red = image.colours.filter { $0.value.0 == 100 && $0.value.1 < 60 }.keys
      let middle = image.pixels[image.height / 2 * image.width + image.width / 2 - 60]
      #expect(red.contains(middle), "the page's colour in the middle")
    }
  }

  @Test func aTerminalWithoutPicturesSaysWhatThePageIsAndWhereToSeeIt() async throws {
    let screen = try await Self.firstScreen()
    let loop = DrawLoop(
      device: TerminalDevice(input: -1, output: -1), colors: .trueColor, graphics: .none)
    let grid = loop.painter.paint(screen, columns: 80, rows: 24)
    let text = (0..<24).map { grid.text(ofRow: $0) }.joined(separator: "\n")
    #expect(text.contains("Page 1 · 300×420"), "\(text)")
    #expect(text.contains("this terminal cannot show pictures"))
    #expect(text.contains("The window can: quire open --window"))
  }
}
