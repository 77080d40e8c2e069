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

/// Pictures in the terminal: the protocol chosen, and the bytes that draw them.
@Suite struct PictureTests {
  @Test func theProtocolIsChosenFromTheSettingAndTheTerminal() {
    #expect(GraphicsMode.choose(preference: "sixel", environment: [:], answer: "") == .sixel)
    #expect(
      GraphicsMode.choose(preference: "none", environment: ["TERM": "xterm-kitty"], answer: "")
        == .none)
    #expect(
      GraphicsMode.choose(preference: "auto", environment: ["TERM": "xterm-kitty"], answer: "")
        == .kitty)
    #expect(
      GraphicsMode.choose(preference: "auto", environment: ["KITTY_WINDOW_ID": "1"], answer: "")
        == .kitty)
    #expect(
      GraphicsMode.choose(
        preference: "auto", environment: ["TERM": "xterm"],
        answer: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        == .kitty)
    #expect(
      GraphicsMode.choose(
        preference: "auto", environment: ["TERM": "foot"], answer: "\u{1B}[?62;4;22c")
        == .sixel)
    #expect(
      GraphicsMode.choose(
        preference: "auto", environment: ["TERM": "xterm"], answer: "\u{1B}[?1;2c")
        == .none)
    #expect(
      GraphicsMode.choose(
        preference: "auto", environment: ["TERM": "tmux-256color", "TMUX": "/tmp/x"],
        answer: "\u{1B}[?62;4c") == .none)
  }

  @Test func kittyGetsThePNGInChunksOverTheCells() throws {
    let image = RGBAImage(width: 300, height: 200, fill: (200, 40, 40, 255))
    let png = try image.pngData()
    let bytes = PictureSequences.kitty(png: png + Data(count: 9000), columns: 30, rows: 10)
    let text = String(decoding: bytes, as: UTF8.self)
    let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst()
    #expect(chunks.count > 1)
    #expect(chunks.first!.hasPrefix("a=T,f=100,c=30,r=10,C=1,q=2,m=1;"))
    #expect(chunks.last!.hasPrefix("m=0;"))
    var payload = ""
    for chunk in chunks {
      let body = chunk.split(separator: ";", maxSplits: 1)[1].dropLast(2)
      #expect(body.count <= 4096)
      payload += body
    }
    #expect(Data(base64Encoded: payload) == png + Data(count: 9000))
  }

  /// Reads a sixel image back into palette indices, as a terminal would.
  static func decodeSixel(_ bytes: [UInt8]) -> (
    width: Int, height: Int, colours: [Int: (Int, Int, Int)], pixels: [Int]
  ) {
    let text = String(decoding: bytes, as: UTF8.self)
    let body = text[text.range(of: "q")!.upperBound...]
    let raster = body.dropFirst().prefix { $0 != "#" }.split(separator: ";").map { Int($0)! }
    let (width, height) = (raster[2], raster[3])
    var pixels = [Int](repeating: -1, count: width * height)
    var colours: [Int: (Int, Int, Int)] = [:]
    var characters = Array(
      body.dropFirst(body.distance(from: body.startIndex, to: body.firstIndex(of: "#")!)))
    characters.removeLast(2)
    var i = 0
    var colour = 0
    var x = 0
    var band = 0
    func number() -> Int {
      var value = 0
      while i < characters.count, let digit = characters[i].wholeNumberValue {
        value = value * 10 + digit
        i += 1
      }
      return value
    }
    while i < characters.count {
      let c = characters[i]
      switch c {
      case "#":
        i += 1
        colour = number()
        if i < characters.count, characters[i] == ";" {
          i += 1
          _ = number()
          i += 1
          let r = number()
          i += 1
          let g = number()
          i += 1
          let b = number()
          colours[colour] = (r, g, b)
        }
      case "$": x = 0; i += 1
      case "-": x = 0; band += 6; i += 1
      case "!":
        i += 1
        let count = number()
        let bits = Int(characters[i].asciiValue!) - 63
        for _ in 0..<count { paint(bits) }
        i += 1
      default:
        paint(Int(c.asciiValue!) - 63)
        i += 1
      }
    }
    func paint(_ bits: Int) {
      for k in 0..<6 where bits & (1 << k) != 0 && band + k < height {
        pixels[(band + k) * width + x] = colour
      }
      x += 1
    }
    return (width, height, colours, pixels)
  }

  @Test func sixelDrawsEveryPixelInItsCubeColour() {
    // Two halves: red on the left, blue on the right; 13 rows (two bands and a bit).
    var pixels: [UInt8] = []
    for _ in 0..<13 {
      for x in 0..<20 { pixels += x < 10 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }
    let image = RGBAImage(width: 20, height: 13, pixels: pixels)
    let bytes = PictureSequences.sixel(image)
    #expect(bytes.starts(with: Array("\u{1B}P0;1;0q\"1;1;20;13".utf8)))
    let decoded = Self.decodeSixel(bytes)
    #expect(decoded.width == 20 && decoded.height == 13)
    for y in 0..<13 {
      for x in 0..<20 {
        let colour = decoded.colours[decoded.pixels[y * 20 + x]]
        #expect(
          colour.map { [$0.0, $0.1, $0.2] } == (x < 10 ? [100, 0, 0] : [0, 0, 100]), "\(x),\(y)")
      }
    }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: ["kitty", "sixel"])
  func aBooksPictureIsDrawnOverBlankCells(_ protocolName: String) async throws {
    let folder = try ScratchFolder.make("pictures")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let book = try Book.open(Corpus.path("epub/idpf-childrens-literature.epub"))
    let controller = try await ReaderController(
      book: book, library: try Library(path: folder + "/library.sqlite"),
      viewport: .cells(columns: 80, rows: 24),
      configuration: .init(sessionOptions: .init(prefetch: false, exactPagination: false)))
    var screen = await controller.screen()
    for _ in 0..<60 where screen.sides.allSatisfy({ $0.cells.pictures.isEmpty }) {
      screen = await controller.perform(.turnForward)
    }
    await controller.close()
    let picture = try #require(screen.sides.lazy.flatMap(\.cells.pictures).first)
    // The terminal is a pipe: what the reader would write is read back. Close-on-exec, so
    // that a process another test starts meanwhile (tmux, Xvfb) does not keep its write
    // end open and the read below waiting for an end that never comes.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let readEnd = ends[0]
    defer { close(readEnd) }
    let device = TerminalDevice(input: ends[0], output: ends[1])
    var loop = DrawLoop(
      device: device, colors: .trueColor, graphics: GraphicsMode(rawValue: protocolName)!)
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
    let drew = loop.draw(screen)
    #expect(drew)
    close(ends[1])
    let bytes = await reader.value
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("image: "), "no placeholder under a drawn picture")
    if protocolName == "kitty" {
      #expect(text.contains("\u{1B}_Ga=T,f=100,c=\(picture.width),r=\(picture.height),"))
    } else {
      #expect(text.contains("\u{1B}P0;1;0q\"1;1;\(picture.width * 10);\(picture.height * 20)"))
    }
    // Forced to none, the same page shows the placeholder with the alt text.
    var plain = DrawLoop(device: device, colors: .trueColor, graphics: .none)
    plain.painter.graphics = []
    let grid = plain.painter.paint(screen, columns: 80, rows: 24)
    #expect((0..<24).contains { grid.text(ofRow: $0).contains("image: ") })
  }
}
