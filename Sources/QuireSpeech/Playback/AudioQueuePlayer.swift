import Foundation

/// Plays a `SoundProgram` into the audio device on a thread of its own and reports each
/// mark when it is heard: the core of `SpeechPlayer` and `NarrationPlayer`.
///
/// The thread makes a piece at a time (espeak-ng makes a few seconds of speech in a few
/// milliseconds; a clip decodes as fast), queues its samples as they come, so the first
/// is heard as soon as the first chunk is made, and keeps no more than about a second
/// queued ahead of what is heard. Marks are handed out when the device's position passes
/// them. `stop()` clears the device's queue on the caller's thread, so it is silent within
/// one device buffer whatever the thread is doing.
///
/// `close()` lets the device go on the caller's thread once the thread playing has ended:
/// the device is never closed by whichever thread happens to drop the player last, which
/// could be while the window quits SDL as a whole (both would wait for SDL's audio thread,
/// and the second wait never ends).
public class AudioQueuePlayer: @unchecked Sendable {
  /// Guards the state below; signalled when a thread playing ends.
  private let lock = NSCondition()
  /// The device, opened on first play and kept until `close()`; guarded by `lock`.
  private var output: SDLAudioOutput?
  /// Bumped by every play and stop: a thread whose generation is old ends.
  private var generation = 0
  /// Threads playing (an old one ends within a piece of sound); guarded by `lock`.
  private var threads = 0
  /// Whether `close()` came: nothing plays any more.
  private var isClosed = false
  /// Times the device ran out of sound while more was still to come; guarded by `lock`.
  private var starved = 0
  /// How far ahead of the voice samples are queued.
  static let queueAhead = 1.0

  init() {}

  /// Samples the device has played since it opened (nil before the first play opened it):
  /// how the bench sees the first sample heard.
  package var playedFrames: Int? {
    lock.lock()
    defer { lock.unlock() }
    return output?.playedFrames
  }

  /// How many times the device ran dry in the middle of a play (the voice stuttered): the
  /// thread making the sound fell more than `queueAhead` behind.
  package var underruns: Int {
    lock.lock()
    defer { lock.unlock() }
    return starved
  }

  /// The audio driver SDL chose, once a play has opened the device.
  public var audioDriver: String? {
    lock.lock()
    defer { lock.unlock() }
    return output?.driver
  }

  /// Plays `program` after stopping anything playing.
  func play(_ program: any SoundProgram, events: @escaping @Sendable (SpeechEvent) -> Void) {
    lock.lock()
    guard !isClosed else {
      lock.unlock()
      return
    }
    generation += 1
    threads += 1
    let mine = generation
    output?.clear()
    output?.resume()
    lock.unlock()
    let thread = Thread { [self] in
      run(program, generation: mine, events: events)
      lock.lock()
      threads -= 1
      lock.broadcast()
      lock.unlock()
    }
    thread.name = "quire-audio"
    thread.start()
  }

  /// Holds the sound where it is.
  public func pause() {
    lock.lock()
    defer { lock.unlock() }
    output?.pause()
  }

  /// Goes on from where `pause()` held it.
  public func resume() {
    lock.lock()
    defer { lock.unlock() }
    output?.resume()
  }

  /// Silences it within one device buffer; no event follows.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    generation += 1
    output?.clear()
  }

  /// Silences it, waits (a second at most) for the thread playing to end, and closes the
  /// audio device here and now; nothing plays after. A reader closing calls it before the
  /// window quits SDL.
  public func close() {
    lock.lock()
    generation += 1
    isClosed = true
    output?.clear()
    let deadline = Date(timeIntervalSinceNow: 1)
    while threads > 0, lock.wait(until: deadline) {}
    let device = output
    output = nil
    lock.unlock()
    device?.close()
  }

  /// The device, opened when first needed at `sampleRate`.
  private func device(sampleRate: Int) throws(SpeechError) -> SDLAudioOutput {
    lock.lock()
    defer { lock.unlock() }
    if isClosed { throw .noAudioDevice(reason: "the reader closed") }
    if let output { return output }
    let opened = try SDLAudioOutput(sampleRate: sampleRate)
    output = opened
    return opened
  }

  private func countUnderrun() {
    lock.lock()
    defer { lock.unlock() }
    starved += 1
  }

  private func isCurrent(_ generation: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return generation == self.generation
  }

  /// Queues samples unless a stop or another play came since `generation` began; false then.
  private func enqueue(
    _ samples: UnsafeBufferPointer<Int16>, rate: Int, into output: SDLAudioOutput, generation: Int
  ) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard generation == self.generation else { return false }
    output.enqueue(samples, rate: rate)
    return true
  }

  private func run(
    _ program: any SoundProgram, generation: Int, events: @Sendable (SpeechEvent) -> Void
  ) {
    let rate = program.sampleRate
    let output: SDLAudioOutput
    do {
      output = try device(sampleRate: rate)
    } catch {
      if isCurrent(generation) { events(.failed(error)) }
      return
    }
    var due = MarkQueue()
    let start = output.enqueuedFrames
    let ahead = Int(Self.queueAhead * Double(output.sampleRate))
    func deliver() -> Bool {
      for mark in due.passed(output.playedFrames - start) {
        guard isCurrent(generation) else { return false }
        events(mark.kind == .word ? .word(mark) : .sentence(mark))
      }
      return isCurrent(generation)
    }
    for index in 0..<program.count {
      while output.queuedFrames > ahead {
        guard deliver() else { return }
        Thread.sleep(forTimeInterval: 0.01)
      }
      guard isCurrent(generation) else { return }
      // Sound was queued and is all played before the next piece is made: a gap was heard.
      if index > 0, output.queuedFrames == 0 { countUnderrun() }
      let offset = output.enqueuedFrames - start
      let marks: [SpeechMark]?
      do {
        marks = try program.render(index) { samples in
          enqueue(samples, rate: rate, into: output, generation: generation)
        }
      } catch {
        if isCurrent(generation) { events(.failed(error)) }
        return
      }
      guard let marks else { return }
      let scale = Double(output.sampleRate) / Double(rate)
      due.add(marks.map { $0.scaled(by: scale).shifted(by: offset) })
      guard deliver() else { return }
    }
    while output.playedFrames - start < output.enqueuedFrames - start {
      guard deliver() else { return }
      Thread.sleep(forTimeInterval: 0.01)
    }
    guard deliver() else { return }
    events(.finished)
  }
}

/// Marks waiting for the voice to reach them, in the order they are heard.
struct MarkQueue {
  private var marks: [SpeechMark] = []
  private var next = 0

  mutating func add(_ new: [SpeechMark]) {
    marks.removeFirst(next)
    next = 0
    marks += new
  }

  /// The marks whose start the voice has reached at `frame`, each once.
  mutating func passed(_ frame: Int) -> ArraySlice<SpeechMark> {
    let first = next
    while next < marks.count, marks[next].startFrame <= frame { next += 1 }
    return marks[first..<next]
  }
}

extension SpeechMark {
  /// The mark in samples of another rate.
  func scaled(by factor: Double) -> SpeechMark {
    guard factor != 1 else { return self }
    var mark = self
    mark.startFrame = Int((Double(startFrame) * factor).rounded())
    mark.endFrame = Int((Double(endFrame) * factor).rounded())
    return mark
  }
}
