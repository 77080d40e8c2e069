import Foundation
import QuireBook
import QuireTestSupport
import Testing

@testable import QuireSpeech

/// The player with SDL's disk audio driver (`SDL_AUDIODRIVER=disk`): SDL's own device
/// code, writing what the sound card would play to a file at the pace it would play it.
@Suite("SpeechPlayer", .serialized)
struct SpeechPlayerTests {
  /// Events and when they came.
  final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [(SpeechEvent, Double)] = []
    func record(_ event: SpeechEvent) {
      lock.lock()
      events.append((event, Self.now()))
      lock.unlock()
    }
    var all: [(event: SpeechEvent, time: Double)] {
      lock.lock()
      defer { lock.unlock() }
      return events.map { ($0.0, $0.1) }
    }
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  }

  static let sentences = [
    "The first sentence is short.", "The second one is a little longer than the first.",
    "And a third to finish.",
  ]

  static func utterances() -> [Utterance] {
    var offset = 0
    return sentences.map { text in
      defer { offset += text.utf16.count + 1 }
      return EspeakSpeakerTests.utterance(text, at: offset)
    }
  }

  /// A fresh disk file for SDL to write to.
  static func diskFile() throws -> String {
    let path = try ScratchFolder.file("audio.raw")
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

  /// Waits for `condition`, at most `seconds`; what it was waiting for goes in the failure.
  static func wait(_ what: String, seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Recorder.now() + seconds
    while Recorder.now() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.005)
    }
    Issue.record("timed out after \(seconds) s waiting for \(what)")
    return false
  }

  @Test(
    "sentences and words are reported as they are heard, the audio grows, and stop silences it within 100 ms"
  )
  func followAndStop() throws {
    let path = try Self.diskFile()
    defer { unlink(path) }
    let player = SpeechPlayer(
      speaker: try EspeakSpeaker(settings: SpeechSettings(), language: "en"))
    let recorder = Recorder()
    player.play(Self.utterances()) { recorder.record($0) }
    guard
      Self.wait(
        "the second sentence",
        {
          recorder.all.contains {
            if case .sentence(let mark) = $0.event { mark.range.lowerBound > 0 } else { false }
          }
        })
    else { return }
    #expect(player.audioDriver == "disk")
    let events = recorder.all.map(\.event)
    guard case .sentence(let first) = events.first else {
      Issue.record("the first event is not a sentence: \(events)")
      return
    }
    #expect(first.range == 0..<Self.sentences[0].utf16.count)
    let words = events.compactMap { if case .word(let mark) = $0 { mark } else { nil } }
    #expect(words.count >= 5)
    #expect(zip(words, words.dropFirst()).allSatisfy { $0.range.lowerBound < $1.range.lowerBound })
    // The first sentence took time to say: its words came over more than a second.
    let times = recorder.all.map(\.time)
    #expect(times.last! - times.first! > 1.0)
    #expect(Self.samples(path).contains { abs(Int($0)) > 1000 }, "nothing was heard")

    player.stop()
    Thread.sleep(forTimeInterval: 0.1)
    let heard = FileManager.default.contents(atPath: path)?.count ?? 0
    Thread.sleep(forTimeInterval: 0.4)
    let after = Self.samples(path, from: heard)
    #expect(after.count > 2000, "the device stopped writing")
    #expect(after.allSatisfy { abs(Int($0)) < 64 }, "speech went on after stop")
    let count = recorder.all.count
    Thread.sleep(forTimeInterval: 0.2)
    #expect(recorder.all.count == count, "events came after stop")
  }

  @Test("all of it is played and then finished is reported; pause holds it")
  func finishAndPause() throws {
    let path = try Self.diskFile()
    defer { unlink(path) }
    let player = SpeechPlayer(
      speaker: try EspeakSpeaker(settings: SpeechSettings(), language: "en"))
    let recorder = Recorder()
    player.play([Self.utterances()[0]]) { recorder.record($0) }
    guard Self.wait("the first word", { recorder.all.count >= 2 }) else { return }
    player.pause()
    Thread.sleep(forTimeInterval: 0.1)
    let held = recorder.all.count
    Thread.sleep(forTimeInterval: 0.6)
    #expect(recorder.all.count == held, "words went on while paused")
    player.resume()
    guard Self.wait("the end", { recorder.all.last?.event == .finished }) else { return }
    let sentenceWords = recorder.all.filter { if case .word = $0.event { true } else { false } }
    #expect(sentenceWords.count == 5)
  }

  @Test("close while paused lets the device go at once, and nothing plays after it")
  func closeWhilePaused() throws {
    let path = try Self.diskFile()
    defer { unlink(path) }
    let player = SpeechPlayer(
      speaker: try EspeakSpeaker(settings: SpeechSettings(), language: "en"))
    let recorder = Recorder()
    player.play(Self.utterances()) { recorder.record($0) }
    guard Self.wait("the first word", { recorder.all.count >= 2 }) else { return }
    player.pause()
    Thread.sleep(forTimeInterval: 0.1)
    let start = Recorder.now()
    player.close()
    #expect(Recorder.now() - start < 0.5, "close waited \(Recorder.now() - start) s")
    #expect(player.audioDriver == nil, "the device is still open")
    // A device left open goes on writing (silence, while paused) at a sound card's pace.
    let size = FileManager.default.contents(atPath: path)?.count ?? 0
    Thread.sleep(forTimeInterval: 0.3)
    #expect(FileManager.default.contents(atPath: path)?.count == size, "the device still plays")
    let count = recorder.all.count
    player.play(Self.utterances()) { recorder.record($0) }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(recorder.all.count == count, "a play after close was heard")
    #expect(player.audioDriver == nil, "a play after close opened the device again")
    player.close()
  }

  @Test("the book's narration plays clip by clip, each reported when it is heard")
  func narration() throws {
    let path = try Self.diskFile()
    defer { unlink(path) }
    let book = try NarrationTests.book()
    let narration = try #require(Narration.load(book: book, chapter: 0).narration)
    let player = NarrationPlayer()
    let recorder = Recorder()
    let start = Recorder.now()
    player.play(try NarrationRenderer(narration: narration, book: book), from: 2) {
      recorder.record($0)
    }
    guard Self.wait("the end of the narration", { recorder.all.last?.event == .finished }) else {
      return
    }
    let clips = recorder.all.compactMap {
      if case .sentence(let mark) = $0.event { mark } else { nil }
    }
    #expect(clips.map(\.range) == narration.clips[2...].map(\.range))
    #expect(clips.allSatisfy { $0.kind == .clip })
    // The two clips last about 4.7 s and are heard at the pace of a sound card.
    let elapsed = recorder.all.last!.time - start
    #expect(elapsed > 4.0, "\(elapsed) s")
    #expect(Self.samples(path).contains { abs(Int($0)) > 2000 }, "nothing was heard")
  }
}
