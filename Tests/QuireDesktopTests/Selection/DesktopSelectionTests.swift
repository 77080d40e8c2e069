import Foundation
import QuireRendering
import QuireTestSupport
import Testing

/// Selecting in the window as a reader does it with the mouse — a double-click, a press
/// held on a word and dragged, the menu beside the selection — and what it is for: Ctrl+C
/// to the X clipboard, a highlight in yellow seen on the page, a right-click to change it.
@Suite(
  .serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd),
  .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct DesktopSelectionTests {
  static var hasXclip: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip") }

  /// A line of the left page that starts with a word of letters and has a few more after
  /// it, below the page's first lines (a heading), and the line after it.
  static func line(in state: WindowReader.State) throws -> (
    line: WindowReader.State.Link, next: WindowReader.State.Link, word: String
  ) {
    let left = state.lines.filter { $0.x < Double(state.width) / 2 }
    for index in left.indices.dropFirst(4).dropLast() {
      let words = left[index].text.split(whereSeparator: \.isWhitespace)
      guard words.count >= 5, let first = words.first, first.count >= 3,
        first.allSatisfy(\.isLetter), left[index + 1].y > left[index].y
      else { continue }
      return (left[index], left[index + 1], String(first))
    }
    throw WindowReader.HarnessError("no line to select on the left page: \(left.map(\.text))")
  }

  static func centre(_ link: WindowReader.State.Link) -> (Int, Int) {
    (Int(link.x + link.width / 2), Int(link.y + link.height / 2))
  }

  /// Pixels of a box where a yellow band lies behind the text: light and warm, with less
  /// blue than green (the paper, 251 250 247, is nearly grey; the ink dark; the band of
  /// the default theme about 247 228 192).
  static func yellow(_ image: RGBAImage, in box: WindowReader.State.Link) -> Int {
    var count = 0
    for y in Int(box.y)..<Int(box.y + box.height) where y >= 0 && y < image.height {
      for x in Int(box.x)..<Int(box.x + box.width) where x >= 0 && x < image.width {
        let i = image.index(x: x, y: y)
        let (r, g, b) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        if r > 190, g > 160, b < g - 20, r - b > 35 { count += 1 }
      }
    }
    return count
  }

  @Test(
    "a double-click selects a word and turns nothing; Ctrl+C copies it and the window stays",
    .enabled(if: hasXclip))
  func doubleClickAndCopy() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.lines.isEmpty }
    let (line, _, word) = try Self.line(in: first)
    let x = Int(line.x) + 3
    let y = Int(line.y + line.height / 2)
    try reader.move(to: x, y)
    try reader.script(["click", "--repeat", "2", "--delay", "80", "1"])
    let selected = try reader.waitFor("the word selected, with its menu") {
      $0.selection != nil && !$0.menu.isEmpty
    }
    #expect(selected.selection == word)
    #expect(selected.menu.map(\.text).starts(with: ["Copy", "yellow", "green", "blue"]))
    // Give a tap that wrongly waited its time a chance to turn.
    Thread.sleep(forTimeInterval: 0.6)
    let still = try reader.settle()
    #expect(still.turnsCompleted == 0 && still.sides == first.sides, "a double-click turned")
    try reader.key("ctrl+c")
    let copied = try reader.waitFor("the copy's message") {
      $0.message?.hasPrefix("Copied") == true
    }
    #expect(copied.selection == nil && copied.menu.isEmpty)
    #expect(try reader.clipboard() == word)
    #expect(try reader.clipboard("primary") == word)
    // Ctrl+C again, with nothing selected: still no quitting.
    try reader.key("ctrl+c")
    _ = try reader.waitFor("the answer to Ctrl+C") { $0.message?.hasPrefix("Nothing") == true }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try reader.state().frames > 0)
    try reader.key("ctrl+q")
    #expect(try reader.waitForExit() == 0)
  }

  @Test("a press held on a word and dragged selects by words; the menu's yellow highlights it")
  func holdDragAndHighlight() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.lines.isEmpty }
    let (line, next, word) = try Self.line(in: first)
    let before = try reader.screenshot()
    #expect(Self.yellow(before, in: line) == 0)
    let start = (Int(line.x) + 3, Int(line.y + line.height / 2))
    try reader.drag([start])
    let held = try reader.waitFor("the hold to select the word") { $0.selection != nil }
    #expect(held.selection == word)
    #expect(held.turnsCompleted == 0 && !held.turning)
    let end = (Int(next.x + next.width / 2), Int(next.y + next.height / 2))
    try reader.moveHeld([(start.0 + 40, start.1), Self.centre(line), end])
    try reader.release()
    let dragged = try reader.waitFor("the selection's menu") { !$0.menu.isEmpty }
    let text = try #require(dragged.selection)
    #expect(text.hasPrefix(word))
    #expect(text.contains("\n") || text.count > line.text.count, "\(text)")
    #expect(!text.hasSuffix(" "), "a drag after a hold takes whole words")
    #expect(dragged.turnsCompleted == 0)
    let yellow = try #require(dragged.menu.first { $0.text == "yellow" })
    try reader.click(Self.centre(yellow).0, Self.centre(yellow).1)
    let highlighted = try reader.waitFor("the highlight") {
      $0.message == "Highlighted in yellow."
    }
    #expect(highlighted.selection == nil && highlighted.menu.isEmpty)
    let shot = try reader.screenshot()
    if let folder = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try shot.pngData().write(to: URL(fileURLWithPath: folder + "/highlight-yellow.png"))
    }
    // Behind the words of the first line, from the word held on: yellow.
    let band = WindowReader.State.Link(
      text: "", target: "", x: line.x, y: line.y, width: line.width, height: line.height)
    #expect(Self.yellow(shot, in: band) > Int(line.width * line.height) / 3)
    #expect(Self.yellow(shot, in: first.lines[1]) == 0, "yellow where nothing was highlighted")

    // A right-click on it chooses it: the menu offers to remove it, and Remove does.
    try reader.click(Self.centre(line).0, Self.centre(line).1, button: 3)
    let chosen = try reader.waitFor("the highlight chosen") { $0.chosenHighlight != nil }
    #expect(chosen.chosenHighlight == "yellow")
    #expect(chosen.menu.last?.text == "Remove")
    let remove = try #require(chosen.menu.last)
    try reader.click(Self.centre(remove).0, Self.centre(remove).1)
    _ = try reader.waitFor("the highlight removed") { $0.message == "Highlight removed." }
    let cleared = try reader.screenshot()
    #expect(Self.yellow(cleared, in: band) == 0)
    _ = try reader.quit()
  }

  /// Pixels of a box that differ between two screenshots.
  static func changed(_ a: RGBAImage, _ b: RGBAImage, in box: WindowReader.State.Link) -> Int {
    var count = 0
    for y in Int(box.y)..<Int(box.y + box.height) where y >= 0 && y < min(a.height, b.height) {
      for x in Int(box.x)..<Int(box.x + box.width) where x >= 0 && x < min(a.width, b.width) {
        let i = a.index(x: x, y: y)
        if a.pixels[i..<(i + 3)] != b.pixels[i..<(i + 3)] { count += 1 }
      }
    }
    return count
  }

  /// A line's box less its top and bottom rows, which a line's band next to it may share.
  static func inside(_ line: WindowReader.State.Link) -> WindowReader.State.Link {
    WindowReader.State.Link(
      text: line.text, target: line.target, x: line.x, y: line.y + 2, width: line.width,
      height: line.height - 4)
  }

  @Test("a selection dragged down and back shows its band where it reaches and leaves no trace")
  func selectionBandFollowsTheDrag() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.lines.isEmpty }
    let (line, next, word) = try Self.line(in: first)
    let below = try #require(
      first.lines.first { $0.y > next.y + next.height / 2 && $0.x < next.x + 50 })
    let before = try reader.screenshot()
    let start = (Int(line.x) + 3, Int(line.y + line.height / 2))
    try reader.drag([start])
    _ = try reader.waitFor("the hold to select the word") { $0.selection == word }
    // Down to the line after next: the line between is selected whole.
    try reader.moveHeld([Self.centre(next), Self.centre(below)])
    _ = try reader.waitFor("the selection over three lines") {
      ($0.selection?.count ?? 0) > line.text.count + next.text.count / 2
    }
    let down = try reader.screenshot()
    #expect(Self.changed(before, down, in: next) > Int(next.width * next.height) / 3)
    #expect(Self.changed(before, down, in: below) > 0)
    // Back up to the first line: the two lines below are the page as it was.
    try reader.moveHeld([Self.centre(next), (start.0 + 40, start.1)])
    _ = try reader.waitFor("the selection back on one line") {
      ($0.selection.map { !$0.contains("\n") && $0.count < line.text.count }) ?? false
    }
    _ = try reader.settle()
    let up = try reader.screenshot()
    #expect(Self.changed(before, up, in: line) > 0)
    // (The line selected still fills the row it shares with the next line's box.)
    #expect(Self.changed(before, up, in: Self.inside(next)) == 0, "a band left on the next line")
    #expect(Self.changed(before, up, in: below) == 0, "a band left further down")
    if let folder = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try down.pngData().write(to: URL(fileURLWithPath: folder + "/selection-down.png"))
      try up.pngData().write(to: URL(fileURLWithPath: folder + "/selection-up.png"))
    }
    try reader.release()
    _ = try reader.waitFor("the selection's menu") { !$0.menu.isEmpty }
    try reader.key("Escape")
    _ = try reader.waitFor("the selection to end") { $0.selection == nil && $0.menu.isEmpty }
    _ = try reader.settle()
    let after = try reader.screenshot()
    for shown in first.lines {
      #expect(Self.changed(before, after, in: shown) == 0, "\(shown.text)")
    }
    _ = try reader.quit()
  }

  @Test("Ctrl+A selects what the pages show and Ctrl+C copies it", .enabled(if: hasXclip))
  func selectThePageAndCopy() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.lines.isEmpty }
    try reader.key("ctrl+a")
    let selected = try reader.waitFor("the pages selected") { $0.selection != nil }
    let text = try #require(selected.selection)
    // From the first line of the left page to words of its last.
    let left = first.lines.filter { $0.x < Double(first.width) / 2 }
    let opening = try #require(left.first?.text.trimmingCharacters(in: .whitespacesAndNewlines))
    let closing = try #require(left.last?.text.split(separator: " ").first)
    #expect(text.hasPrefix(opening), "\(text)")
    #expect(text.contains(closing), "\(text)")
    #expect(selected.turnsCompleted == 0)
    try reader.key("ctrl+c")
    _ = try reader.waitFor("the copy's message") { $0.message?.hasPrefix("Copied") == true }
    // The same words; the copy keeps paragraphs apart by a blank line.
    let words = { (text: String) in text.split(whereSeparator: \.isWhitespace) }
    let copied = try reader.clipboard()
    #expect(words(copied) == words(text), "\(copied)")
    #expect(copied.contains("\n\n"))
    _ = try reader.quit()
  }

  @Test("a quick drag across the text still curls the page and turns it")
  func quickDragStillTurns() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.lines.isEmpty }
    let right = try #require(first.lines.last { $0.x > 600 && $0.width > 200 })
    let (x, y) = Self.centre(right)
    guard let window = reader.windowID else { throw WindowReader.HarnessError("no window") }
    // One xdotool: pressed on a word and moving at once, 10 ms a step, as a hand flicks.
    var script = ["mousemove", "--window", window, "\(x + 150)", "\(y)", "mousedown", "1"]
    for step in stride(from: x + 140, through: x - 600, by: -20) {
      script += ["sleep", "0.01", "mousemove", "--window", window, "\(step)", "\(y)"]
    }
    try reader.script(script + ["mouseup", "1"])
    let turned = try reader.waitFor("the turn") { $0.turnsCompleted == 1 && !$0.turning }
    #expect(turned.selection == nil)
    #expect(DesktopReaderTests.follows(turned.sides, first.sides))
    _ = try reader.quit()
  }

  @Test("a triple-click selects the paragraph; Shift+click moves the selection's end")
  func tripleClickAndShiftClick() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook])
    defer { reader.removeFolder() }
    let first = try reader.waitFor("the first spread") { !$0.lines.isEmpty }
    let (line, next, word) = try Self.line(in: first)
    try reader.move(to: Int(line.x) + 3, Int(line.y + line.height / 2))
    try reader.script(["click", "--repeat", "3", "--delay", "80", "1"])
    let paragraph = try reader.waitFor("the paragraph selected") {
      ($0.selection?.count ?? 0) > line.text.count
    }
    #expect(paragraph.turnsCompleted == 0)
    let text = try #require(paragraph.selection)
    #expect(text.contains(line.text.trimmingCharacters(in: .whitespacesAndNewlines)))
    try reader.key("Escape")
    _ = try reader.waitFor("the selection to end") { $0.selection == nil && $0.menu.isEmpty }
    // A double-click on the word, then Shift+click on the next line.
    try reader.script(["click", "--repeat", "2", "--delay", "80", "1"])
    _ = try reader.waitFor("the word") { $0.selection == word }
    Thread.sleep(forTimeInterval: 0.5)
    try reader.move(to: Int(next.x + next.width) - 3, Int(next.y + next.height / 2))
    try reader.script(["keydown", "shift", "click", "1", "keyup", "shift"])
    let extended = try reader.waitFor("the selection extended") {
      ($0.selection?.count ?? 0) > word.count + 10 && !$0.menu.isEmpty
    }
    #expect(extended.selection?.hasPrefix(word) == true)
    #expect(extended.turnsCompleted == 0)
    _ = try reader.quit()
  }
}
