import Foundation
import QuireRendering

/// How the terminal draws pictures: the kitty graphics protocol, sixel, or not at all
/// (a framed placeholder with the alt text).
enum GraphicsMode: String, Equatable {
  case kitty
  case sixel
  case none

  /// The mode for the `terminalImages` preference: `kitty`, `sixel` and `none` force one;
  /// `auto` goes by the terminal — kitty, WezTerm and Ghostty speak kitty's protocol
  /// (`KITTY_WINDOW_ID`, `TERM`, `TERM_PROGRAM`, or an answer to kitty's query), and a
  /// terminal whose device attributes list 4 speaks sixel. Inside tmux or screen, which
  /// pass neither on, pictures are placeholders.
  static func choose(preference: String, environment: [String: String], answer: String)
    -> GraphicsMode
  {
    if let forced = GraphicsMode(rawValue: preference) { return forced }
    let term = environment["TERM"] ?? ""
    if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") {
      return .none
    }
    let program = environment["TERM_PROGRAM"] ?? ""
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty"
      || ["WezTerm", "ghostty"].contains(program) || answer.contains("_Gi=31;OK")
    {
      return .kitty
    }
    // Primary device attributes: ESC [ ? 62 ; 4 ; … c — 4 is sixel graphics.
    if let start = answer.range(of: "\u{1B}[?"),
      let end = answer[start.upperBound...].firstIndex(of: "c")
    {
      let attributes = answer[start.upperBound..<end].split(separator: ";")
      if attributes.dropFirst().contains("4") { return .sixel }
    }
    return .none
  }

  /// What the terminal is asked at start: kitty's graphics query, then the primary device
  /// attributes, which every terminal answers (so the answer's end is known).
  static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"
}

/// A picture on screen: which image, and the cells it covers.
struct PicturePlacement: Equatable {
  var href: String
  var column: Int
  var row: Int
  var columns: Int
  var rows: Int
}

/// The escape sequences that draw pictures.
enum PictureSequences {
  /// Removes every picture kitty shows.
  static let kittyDeleteAll = Array("\u{1B}_Ga=d,d=a,q=2\u{1B}\\".utf8)

  /// Kitty's graphics protocol: the PNG `png`, shown over `columns × rows` cells from the
  /// cursor (the cursor stays), sent base64 in chunks of 4096 as the protocol asks.
  static func kitty(png: Data, columns: Int, rows: Int) -> [UInt8] {
    let encoded = Array(png.base64EncodedString().utf8)
    var out: [UInt8] = []
    var offset = 0
    var first = true
    repeat {
      let end = min(encoded.count, offset + 4096)
      let more = end < encoded.count ? 1 : 0
      let control =
        first ? "a=T,f=100,c=\(columns),r=\(rows),C=1,q=2,m=\(more)" : "m=\(more)"
      out += Array("\u{1B}_G\(control);".utf8) + encoded[offset..<end] + Array("\u{1B}\\".utf8)
      offset = end
      first = false
    } while offset < encoded.count
    return out
  }

  /// A sixel image of `image` (opaque), its colours taken to the 6×6×6 cube.
  ///
  /// Each band of six pixel rows is written colour by colour (`#n` and run-length coded
  /// sixels, `$` back to the band's start, `-` to the next band).
  static func sixel(_ image: RGBAImage) -> [UInt8] {
    var out = Array("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
    func level(_ value: UInt8) -> Int { (Int(value) * 5 + 127) / 255 }
    var indices = [UInt8](repeating: 0, count: image.width * image.height)
    var used = Set<UInt8>()
    for y in 0..<image.height {
      for x in 0..<image.width {
        let i = image.index(x: x, y: y)
        let colour = UInt8(
          36 * level(image.pixels[i]) + 6 * level(image.pixels[i + 1]) + level(image.pixels[i + 2]))
        indices[y * image.width + x] = colour
        used.insert(colour)
      }
    }
    for colour in used.sorted() {
      let (r, g, b) = (Int(colour) / 36, Int(colour) / 6 % 6, Int(colour) % 6)
      out += Array("#\(colour);2;\(r * 20);\(g * 20);\(b * 20)".utf8)
    }
    var band = 0
    while band < image.height {
      var coloursHere = Set<UInt8>()
      for y in band..<min(image.height, band + 6) {
        for x in 0..<image.width { coloursHere.insert(indices[y * image.width + x]) }
      }
      for (n, colour) in coloursHere.sorted().enumerated() {
        if n > 0 { out.append(UInt8(ascii: "$")) }
        out += Array("#\(colour)".utf8)
        var run = 0
        var previous: UInt8 = 0
        func flush() {
          guard run > 0 else { return }
          if run > 3 {
            out += Array("!\(run)".utf8)
            out.append(previous)
          } else {
            out += [UInt8](repeating: previous, count: run)
          }
        }
        for x in 0..<image.width {
          var bits: UInt8 = 0
          for k in 0..<6 where band + k < image.height {
            if indices[(band + k) * image.width + x] == colour { bits |= 1 << k }
          }
          let character = 63 + bits
          if run > 0, character == previous {
            run += 1
          } else {
            flush()
            previous = character
            run = 1
          }
        }
        flush()
      }
      out.append(UInt8(ascii: "-"))
      band += 6
    }
    out += Array("\u{1B}\\".utf8)
    return out
  }
}
