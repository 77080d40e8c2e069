import Foundation
import QuireRendering
import QuireTestSupport
import Testing

/// Reading aloud in the window as a person does it under Xvfb: `r` or the overlay's Read
/// aloud button, the voice heard through SDL's disk audio driver (a file written at a sound
/// card's pace), the sentence seen highlighted in a screenshot.
@Suite(.serialized, .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage))
struct ReadAloudWindowTests {
  /// The sentence's and the word's colours on the day theme (`HighlightPalette`).
  static let sentence: (UInt8, UInt8, UInt8) = (0xCC, 0xEE, 0xE0)
  static let word: (UInt8, UInt8, UInt8) = (0x8F, 0xD8, 0xC0)

  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  /// Pixels of a rectangle of `image` in the colour `colour`, give or take a little.
  static func pixels(
    _ image: RGBAImage, in box: WindowReader.State.Link, of colour: (UInt8, UInt8, UInt8)
  ) -> Int {
    var count = 0
    for y in Int(box.y)..<min(image.height, Int(box.y + box.height)) {
      for x in Int(box.x)..<min(image.width, Int(box.x + box.width)) {
        let i = image.index(x: x, y: y)
        if abs(Int(image.pixels[i]) - Int(colour.0)) <= 6
          && abs(Int(image.pixels[i + 1]) - Int(colour.1)) <= 6
          && abs(Int(image.pixels[i + 2]) - Int(colour.2)) <= 6
        {
          count += 1
        }
      }
    }
    return count
  }

  @Test("r reads aloud: the audio grows while the highlight moves, and the sentence shows")
  func readAloudFollowsOnThePage() throws {
    let folder = try ScratchFolder.make("window")
    let audio = folder + "/audio.raw"
    let reader = try WindowReader(
      [DesktopReaderTests.handbook], folder: folder,
      preferences: ["speechEngine": "\"espeak-ng\""],
      environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": audio])
    defer { reader.removeFolder() }
    _ = try reader.waitFor("the first page") { !$0.sides.isEmpty }
    try reader.key("r")
    let first = try reader.waitFor("a sentence highlighted") {
      ($0.spoken ?? []).contains { $0.target == "sentence" }
    }
    #expect(first.listening == "Reading aloud")
    let sentence = try #require(first.spoken?.first { $0.target == "sentence" })
    let heard = Self.size(audio)
    let image = try reader.screenshot()
    // Kept for a person to look at: the highlighted sentence on the page.
    try? image.pngData().write(
      to: URL(fileURLWithPath: NSTemporaryDirectory() + "quire-read-aloud-window.png"))
    let marked =
      Self.pixels(image, in: sentence, of: Self.sentence)
      + Self.pixels(image, in: sentence, of: Self.word)
    #expect(
      Double(marked) > sentence.width * sentence.height * 0.3,
      "the sentence “\(sentence.text)” is not highlighted in the screenshot")
    let moved = try reader.waitFor("the highlight moving on") { state in
      let now = state.spoken ?? []
      return !now.isEmpty && now.map(\.text) != first.spoken?.map(\.text)
    }
    #expect(moved.listening == "Reading aloud")
    #expect(Self.size(audio) > heard, "the audio file did not grow while the highlight moved")

    // The overlay's Read aloud button pauses it.
    try reader.click(reader.width / 2, reader.height / 2)
    let overlay = try reader.waitFor("the overlay") { $0.overlay }
    let button = try #require(overlay.controls.first { $0.text == "readAloud" })
    try reader.click(Int(button.x + button.width / 2), Int(button.y + button.height / 2))
    let paused = try reader.waitFor("speech paused") { $0.listening == "Reading aloud paused" }
    #expect(paused.spoken?.isEmpty == false, "the sentence stays marked while paused")
    _ = try reader.quit()
  }

  @Test("the selection menu's Read aloud reads from the sentence of the word selected")
  func readAloudFromTheMenu() throws {
    let folder = try ScratchFolder.make("window")
    let reader = try WindowReader(
      [DesktopReaderTests.handbook], folder: folder,
      preferences: ["speechEngine": "\"espeak-ng\""],
      environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": folder + "/audio.raw"])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.lines.isEmpty }
    let (line, _, word) = try DesktopSelectionTests.line(in: first)
    try reader.move(to: Int(line.x) + 3, Int(line.y + line.height / 2))
    try reader.script(["click", "--repeat", "2", "--delay", "80", "1"])
    let selected = try reader.waitFor("the word's menu") {
      $0.selection == word && !$0.menu.isEmpty
    }
    let item = try #require(selected.menu.first { $0.text == "Read aloud" })
    try reader.click(Int(item.x + item.width / 2), Int(item.y + item.height / 2))
    let reading = try reader.waitFor("the word read aloud") { state in
      (state.spoken ?? []).contains { $0.target == "word" }
    }
    #expect(reading.listening == "Reading aloud")
    #expect(reading.selection == nil && reading.menu.isEmpty)
    // Reading starts with the sentence the word is in (speech goes by sentences).
    let sentence = try #require(reading.spoken?.first { $0.target == "sentence" })
    #expect(sentence.text.contains(word), "\(sentence.text)")
    #expect(sentence.y <= line.y + 1, "the sentence heard starts at or above the word's line")
    _ = try reader.quit()
  }
}
