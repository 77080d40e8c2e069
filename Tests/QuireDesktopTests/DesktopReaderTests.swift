import Foundation
import QuireGoldenSupport
import QuireRendering
import QuireTestSupport
import Testing

/// The desktop window as a person uses it: the real `quire` under Xvfb, real X input,
/// screenshots of the window.
@Suite(
  .serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd),
  .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct DesktopReaderTests {
  static let handbook = Corpus.handbook

  /// Dark pixels (ink) in a rectangle of a screenshot.
  static func ink(_ image: RGBAImage, x: Range<Int>, y: Range<Int>) -> Int {
    var count = 0
    for row in y where row < image.height {
      for column in x where column < image.width {
        let i = image.index(x: column, y: row)
        if Int(image.pixels[i]) + Int(image.pixels[i + 1]) + Int(image.pixels[i + 2]) < 300 {
          count += 1
        }
      }
    }
    return count
  }

  static func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    Golden.compare(a, b, channelTolerance: 24).0
  }

  /// Pixels that differ on the pages alone, the HUD's header and footer left out: its page
  /// count may turn from "about 16" to "14" between two screenshots of the same spread
  /// when the work ahead finishes in between.
  static func differingPagePixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    func pages(_ image: RGBAImage) -> RGBAImage {
      let rows = 40..<min(860, image.height)
      let bytes = image.width * 4
      return RGBAImage(
        width: image.width, height: rows.count,
        pixels: Array(image.pixels[(rows.lowerBound * bytes)..<(rows.upperBound * bytes)]))
    }
    return differingPixels(pages(a), pages(b))
  }

  @Test("quire open with no book opens the handbook in a window, its first page set in type")
  func opensTheHandbook() throws {
    let reader = try WindowReader([])
    defer { reader.removeFolder() }
    let state = try reader.waitFor("the handbook's first page") { !$0.sides.isEmpty }
    #expect(state.title.contains("The Quire Handbook"))
    #expect(state.title.contains("Welcome to Quire"))
    #expect(state.sides.first?.start == 0)
    // Wider than tall: two facing pages, the second going on where the first stops.
    #expect(state.sides.count == 2)
    #expect(state.sides.count == 2 && state.sides[1].start == state.sides[0].end)
    let shot = try reader.screenshot()
    #expect(shot.width == 1200 && shot.height == 900)
    #expect(Self.ink(shot, x: 40..<560, y: 40..<860) > 2_000, "the left page has no text")
    #expect(Self.ink(shot, x: 640..<1160, y: 40..<860) > 500, "the right page has no text")
    #expect(try reader.quit() == 0)
  }

  @Test(
    "dragging the bottom corner curls the page under the pointer and, let go past half-way, turns it"
  )
  func cornerDragTurnsThePage() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    let before = try reader.waitFor("the first spread") { !$0.sides.isEmpty }
    let flat = try reader.screenshot()
    try reader.drag([(1185, 885), (1150, 860), (1050, 830), (900, 800), (760, 780)])
    _ = try reader.waitFor("the curl under the pointer") { $0.turning }
    let curling = try reader.settle()
    #expect(curling.turning)
    let midCurl = try reader.screenshot()
    #expect(curling.sides == before.sides, "nothing is turned while the page is held")
    #expect(Self.differingPixels(midCurl, flat) > 50_000, "the page does not curl")
    try Golden.check(
      midCurl, named: "curl-held-at-760-780", source: Self.goldenSource,
      bundled: Bundle.module.url(
        forResource: "curl-held-at-760-780", withExtension: "png",
        subdirectory: "Golden"), channelTolerance: 24, pixelFraction: 0.02)
    try reader.move(to: 300, 760)
    try reader.waitForPointer(at: (300, 760), pressed: true)
    try reader.move(to: 150, 750)
    try reader.waitForPointer(at: (150, 750), pressed: true)
    try reader.release()
    let after = try reader.waitFor("the turn to finish") { $0.turnsCompleted == 1 && !$0.turning }
    #expect(Self.follows(after.sides, before.sides))
    let turned = try reader.screenshot()
    #expect(Self.ink(turned, x: 40..<560, y: 40..<860) > 2_000)
    try reader.quit()
    // The turn was saved: the book reopens on the new spread.
    try reader.start([Self.handbook])
    let reopened = try reader.waitFor("the book to reopen") { !$0.sides.isEmpty }
    #expect(reopened.sides == after.sides)
    try reader.quit()
  }

  /// Waits for the first spread and turns to the next with a click on the right third.
  static func turnOnce(_ reader: WindowReader) throws -> WindowReader.State {
    _ = try reader.waitFor("the first spread") { !$0.sides.isEmpty }
    try reader.click(1100, 450)
    return try reader.waitFor("a turn") { $0.turnsCompleted == 1 && !$0.turning }
  }

  /// Whether the spread `next` is the one after `previous`: it starts where the last page
  /// shown ended, or at the start of a later chapter.
  static func follows(_ next: [WindowReader.State.Side], _ previous: [WindowReader.State.Side])
    -> Bool
  {
    guard let first = next.first, let last = previous.last else { return false }
    return (first.chapter == last.chapter && first.start == last.end)
      || (first.chapter > last.chapter && first.start == 0)
  }

  static let goldenSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  @Test("a drag let go early falls back: the page, and the position saved, stay as they were")
  func earlyReleaseCancels() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    let before = try reader.waitFor("the first spread") { !$0.sides.isEmpty }
    let flat = try reader.screenshot()
    try reader.drag([(1185, 885), (1160, 870), (1120, 850), (1080, 840)])
    _ = try reader.waitFor("the curl") { $0.turning }
    try reader.release()
    let after = try reader.waitFor("the page to fall back") {
      $0.turnsCancelled == 1 && !$0.turning
    }
    #expect(after.turnsCompleted == 0)
    #expect(after.sides == before.sides)
    #expect(Self.differingPagePixels(try reader.screenshot(), flat) < 500)
    try reader.quit()
    try reader.start([Self.handbook])
    let reopened = try reader.waitFor("the book to reopen") { !$0.sides.isEmpty }
    #expect(reopened.sides == before.sides, "a cancelled turn moved the saved position")
    try reader.quit()
  }

  @Test("clicks on the right and left thirds turn forward and back; the wheel turns too")
  func clickZonesAndWheel() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.sides.isEmpty }
    let firstShot = try reader.screenshot()
    try reader.click(1100, 450)
    let second = try reader.waitFor("a turn forward") { $0.turnsCompleted == 1 && !$0.turning }
    #expect(Self.follows(second.sides, first.sides))
    try reader.click(100, 450)
    let back = try reader.waitFor("a turn back") { $0.turnsCompleted == 2 && !$0.turning }
    #expect(back.sides == first.sides)
    #expect(Self.differingPagePixels(try reader.screenshot(), firstShot) < 500)
    // The wheel rolled towards the reader turns forward (X button 5).
    try reader.move(to: 600, 450)
    try reader.click(600, 450, button: 5)
    let wheeled = try reader.waitFor("a wheel turn") { $0.turnsCompleted == 3 && !$0.turning }
    #expect(wheeled.sides == second.sides)
    try reader.quit()
  }

  @Test("making the window narrower lays the page out again around the character read first")
  func resizeKeepsTheFirstCharacter() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    let before = try Self.turnOnce(reader)
    let anchor = try #require(before.sides.first)
    try reader.resize(700, 900)
    let after = try reader.waitFor("the new layout") { $0.width == 700 }
    #expect(after.sides.count == 1, "a window taller than wide shows one page")
    let page = try #require(after.sides.first)
    #expect(page.chapter == anchor.chapter)
    #expect(page.start <= anchor.start && anchor.start < page.end)
    try reader.quit()
  }

  @Test("Ctrl+plus sets the text larger and keeps the first sentence on the page")
  func largerTextKeepsTheSentence() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    let before = try Self.turnOnce(reader)
    let anchor = try #require(before.sides.first)
    let shot = try reader.screenshot()
    let answered = try reader.state().answerTimes.count
    let sent = Date()
    try reader.key("ctrl+plus", "ctrl+plus", "ctrl+plus")
    let after = try reader.waitFor("the larger text") {
      $0.message?.contains("21 px") == true
    }
    // Each key, or keys arriving together, is answered by a frame, timed from the key
    // reaching the window: never longer than the test saw from sending them.
    let answers = after.answerTimes.dropFirst(answered)
    #expect((1...3).contains(answers.count), "\(answers)")
    #expect(answers.allSatisfy { $0 > 0 && $0 <= Date().timeIntervalSince(sent) * 1000 })
    let page = try #require(after.sides.first)
    #expect(page.start <= anchor.start && anchor.start < page.end)
    #expect(page.end - page.start < anchor.end - anchor.start, "larger text fits less")
    #expect(Self.differingPixels(try reader.screenshot(), shot) > 10_000)
    let preferences = try String(
      contentsOfFile: reader.folder + "/config/quire/preferences.json", encoding: .utf8)
    #expect(preferences.contains("\"fontSize\" : 21"))
    try reader.quit()
  }

  @Test("the overlay's slider jumps through the book; dragging it names the target first")
  func overlaySliderJumps() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.sides.isEmpty }
    try reader.click(600, 450)
    _ = try reader.waitFor("the overlay") { $0.overlay }
    let overlay = try reader.waitFor("the overlay's controls") {
      $0.controls.contains { $0.text == "slider" }
    }
    let slider = try #require(overlay.controls.first { $0.text == "slider" })
    let y = Int(slider.y + slider.height / 2)
    try reader.drag([
      (Int(slider.x) + 2, y), (Int(slider.x + slider.width * 0.5), y),
      (Int(slider.x + slider.width * 0.8), y),
    ])
    let held = try reader.waitFor("the slider's target") { !$0.turning && $0.overlay }
    #expect(held.sides == first.sides, "the slider jumped before it was let go")
    try reader.release()
    let jumped = try reader.waitFor("the jump") {
      ($0.sides.first?.chapter ?? 0) > first.sides.first!.chapter
    }
    #expect(jumped.overlay, "the overlay stays open for another jump")
    try reader.key("Escape")
    _ = try reader.waitFor("the overlay to close") { !$0.overlay }
    try reader.quit()
  }

  @Test("an external link shows its address and opens nothing until it is confirmed")
  func externalLinkNeedsConfirmation() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    // A browser that only leaves a note of what it was asked to open.
    let bin = reader.folder + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let opened = reader.folder + "/opened"
    try "#!/bin/sh\necho \"$1\" > \(opened)\n".write(
      toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
    chmod(bin + "/xdg-open", 0o755)
    _ = try Self.turnOnce(reader)
    let state = try reader.waitFor("the spread with Project Gutenberg's link") {
      $0.links.contains { $0.target.hasPrefix("external:") }
    }
    let link = try #require(state.links.first { $0.target.hasPrefix("external:") })
    try reader.click(Int(link.x + link.width / 2), Int(link.y + link.height / 2))
    let asking = try reader.waitFor("the confirmation") { $0.panel == "confirmLink" }
    #expect(asking.panelRows.first == String(link.target.dropFirst("external:".count)))
    usleep(300_000)
    #expect(!FileManager.default.fileExists(atPath: opened), "the link opened unconfirmed")
    try reader.key("Return")
    _ = try reader.waitFor("the panel to close") { $0.panel == nil }
    try waitForFile(opened)
    let url = try String(contentsOfFile: opened, encoding: .utf8)
    #expect(url.trimmingCharacters(in: .whitespacesAndNewlines) == asking.panelRows.first)
    try reader.quit()
  }

  private func waitForFile(_ path: String) throws {
    try Deadline.wait(for: "the browser to be started with the link", seconds: 10) {
      FileManager.default.fileExists(atPath: path)
    }
  }

  @Test("a note reference opens the note's own text in a popup over the page")
  func footnotePopup() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    _ = try Self.turnOnce(reader)
    let state = try reader.waitFor("the spread with a note reference") {
      $0.links.contains { $0.text == "1" && $0.target.hasPrefix("internal:") }
    }
    let note = try #require(state.links.first { $0.text == "1" })
    let before = try reader.screenshot()
    try reader.click(Int(note.x + note.width / 2), Int(note.y + note.height / 2))
    let popup = try reader.waitFor("the popup") { $0.panel == "footnote" }
    #expect(popup.panelRows.joined().contains("Offsets are counted in UTF-16 code units"))
    #expect(popup.sides == state.sides, "the page did not stay under the popup")
    #expect(Self.differingPixels(try reader.screenshot(), before) > 50_000)
    try reader.key("Escape")
    _ = try reader.waitFor("the popup to close") { $0.panel == nil }
    try reader.quit()
  }

  @Test("Esc from a book shows the library as a grid of covers; Enter opens the book again")
  func libraryGrid() throws {
    let reader = try WindowReader([Self.handbook])
    defer { reader.removeFolder() }
    _ = try reader.waitFor("the first spread") { !$0.sides.isEmpty }
    try reader.key("Escape")
    let library = try reader.waitFor("the library") { $0.panel == "library" }
    #expect(library.panelRows.contains { $0.contains("The Quire Handbook") })
    try reader.key("Return")
    _ = try reader.waitFor("the book again") { $0.panel == nil }
    try reader.quit()
  }
}
