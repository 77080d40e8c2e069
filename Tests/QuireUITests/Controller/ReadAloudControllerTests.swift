import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import Testing

@testable import QuireUI

/// Reading aloud through the controller with the real engine: espeak-ng speaking into
/// SDL's disk audio driver (`SDL_AUDIODRIVER=disk`), which plays at a sound card's pace into
/// a file. The page follows the voice; stopping silences it at once.
@Suite(.serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd))
struct ReadAloudControllerTests {
  /// A fresh file for SDL's disk driver.
  static func diskFile() throws -> String {
    let path = try ScratchFolder.file("read-aloud.raw")
    setenv("SDL_AUDIODRIVER", "disk", 1)
    setenv("SDL_DISKAUDIOFILE", path, 1)
    return path
  }

  static func samples(_ path: String, from byte: Int = 0) -> [Int16] {
    guard let data = FileManager.default.contents(atPath: path), data.count > byte else {
      return []
    }
    return data[byte...].withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
  }

  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  /// The handbook on a small terminal page, read by espeak-ng at a quick rate.
  static func controller(_ folder: ScratchFolder) async throws -> ReaderController {
    var preferences = Preferences()
    preferences.speechEngine = "espeak-ng"
    preferences.speechRate = 320
    return try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, viewport: .cells(columns: 60, rows: 16),
      preferences: preferences
    ).0
  }

  /// The controller reading the handbook's second chapter aloud (`r` pressed there).
  static func reading(_ folder: ScratchFolder) async throws -> ReaderController {
    let controller = try await controller(folder)
    _ = await controller.perform(.nextChapter)
    _ = await controller.perform(.readAloud)
    return controller
  }

  /// Polls the controller's screen until `condition` holds; fails after `seconds`.
  static func wait(
    _ what: String, seconds: Double = 30, _ controller: ReaderController,
    until condition: (ReaderScreen) -> Bool
  ) async throws -> ReaderScreen {
    let deadline = Deadline(what, seconds: seconds)
    while true {
      let screen = await controller.screen()
      if condition(screen) { return screen }
      if deadline.hasPassed { throw deadline.timeout(screen.message?.text ?? screen.pageText) }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  static func spoken(_ screen: ReaderScreen, word: Bool) -> Range<Int>? {
    screen.sides.first?.marks.first {
      switch $0.kind {
      case .spokenWord: word
      case .spokenSentence: !word
      default: false
      }
    }?.range
  }

  @Test("after the last sentence of a page is heard, the session is on the next page")
  func thePageFollowsTheVoice() async throws {
    let audio = try Self.diskFile()
    defer { unlink(audio) }
    let folder = ScratchFolder()
    let controller = try await Self.controller(folder)
    var screen = await controller.perform(.nextChapter)
    let side = try #require(screen.sides.first)
    let page = side.page.range
    // From the sentence on the page's last line: its end is heard soon.
    let line = try #require(side.page.lines.last)
    screen = await controller.select(
      atX: side.frame.x + line.frame.x + 1, y: side.frame.y + line.frame.y, unit: .sentence)
    let start = try #require(screen.sides.first?.marks.first { $0.kind == .selection }?.range)
    screen = await controller.perform(.readAloud)
    screen = try await Self.wait("the first sentence highlighted", controller) {
      Self.spoken($0, word: false) != nil
    }
    #expect(screen.status.listening == "Reading aloud")
    #expect(Self.spoken(screen, word: false)?.lowerBound == start.lowerBound)
    var wordsOnThePage: [Range<Int>] = []
    screen = try await Self.wait("the next page, turned by the voice", seconds: 60, controller) {
      if $0.sides.first?.page.range == page, let word = Self.spoken($0, word: true) {
        wordsOnThePage.append(word)
      }
      return $0.sides.first?.page.range != page
    }
    #expect(screen.firstCharacter! == (side.chapterIndex, page.upperBound))
    #expect(screen.turnsOnItsOwn == 1)
    // Every word marked before the turn was on the page; the one after it is past it.
    #expect(!wordsOnThePage.isEmpty)
    #expect(wordsOnThePage.allSatisfy { $0.lowerBound < page.upperBound })
    let after = try await Self.wait("a word marked on the new page", controller) {
      Self.spoken($0, word: true) != nil
    }
    #expect(Self.spoken(after, word: true)!.lowerBound >= page.upperBound)
    #expect(Self.samples(audio).contains { abs(Int($0)) > 1000 }, "nothing was heard")
    #expect(await controller.speechUnderruns == 0)
    await controller.close()
  }

  @Test("R mid-sentence silences the voice within 100 ms, and no highlight is left")
  func stopIsImmediate() async throws {
    let audio = try Self.diskFile()
    defer { unlink(audio) }
    let folder = ScratchFolder()
    let controller = try await Self.reading(folder)
    _ = try await Self.wait("the third word", controller) {
      guard let word = Self.spoken($0, word: true) else { return false }
      return word.lowerBound > (Self.spoken($0, word: false)?.lowerBound ?? 0) + 10
    }
    let before = DispatchTime.now().uptimeNanoseconds
    let screen = await controller.perform(.stopReading)
    let took = Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6
    #expect(took < 100, "stopping took \(took) ms")
    #expect(screen.sides.first?.marks.isEmpty == true)
    #expect(screen.status.listening == nil)
    try await Task.sleep(for: .milliseconds(100))
    let heard = Self.size(audio)
    try await Task.sleep(for: .milliseconds(400))
    let later = Self.samples(audio, from: heard)
    #expect(later.count > 2000, "the device stopped writing")
    #expect(later.allSatisfy { abs(Int($0)) < 64 }, "the voice went on after R")
    await controller.close()
  }

  @Test("turns, a panel and resizes while the voice reads never make it stutter")
  func theVoiceNeverStutters() async throws {
    let audio = try Self.diskFile()
    defer { unlink(audio) }
    let folder = ScratchFolder()
    let controller = try await Self.reading(folder)
    _ = try await Self.wait("the first word", controller) { Self.spoken($0, word: true) != nil }
    for round in 0..<4 {
      _ = await controller.perform(.turnForward)
      _ = await controller.perform(.contents)
      _ = await controller.perform(.dismiss)
      _ = await controller.resize(to: .cells(columns: round % 2 == 0 ? 80 : 60, rows: 20))
      _ = await controller.perform(.turnBackward)
      try await Task.sleep(for: .milliseconds(300))
    }
    let screen = await controller.screen()
    #expect(screen.status.listening == "Reading aloud")
    #expect(await controller.speechUnderruns == 0)
    await controller.close()
  }
}
