import CSDL2
import Foundation

/// The audio device, through SDL2's audio subsystem: 16-bit samples, one channel, queued
/// (`SDL_QueueAudio`) and played by SDL's own thread.
///
/// The window imports SDL for its window (QuireDesktop/System); this is the one other
/// place, for sound. Samples at another rate than the device's go through an
/// `SDL_AudioStream`. Pausing and clearing take effect at once, from any thread (SDL locks
/// the device), so a stop is heard within one device buffer (512 samples, 23 ms at
/// 22 050 Hz). `SDL_AUDIODRIVER=disk` writes what would be played to `SDL_DISKAUDIOFILE`,
/// at the pace it would be played: how tests listen.
final class SDLAudioOutput: @unchecked Sendable {
  /// Samples a second the device plays.
  let sampleRate: Int
  /// The driver SDL chose ("pulseaudio", "alsa", "disk", …).
  let driver: String
  private let device: SDL_AudioDeviceID
  /// Samples handed to the device so far; guarded by `lock`.
  private var enqueued = 0
  private var converters: [Int: OpaquePointer] = [:]
  /// Whether `close()` came; guarded by `lock`.
  private var isClosed = false
  private let lock = NSLock()

  /// Opens the default device at `sampleRate`.
  /// - Throws: `SpeechError.noAudioDevice` when there is none (no sound card, a CI machine, an
  ///   SSH session without forwarding).
  init(sampleRate: Int) throws(SpeechError) {
    guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
      throw .noAudioDevice(reason: String(cString: SDL_GetError()))
    }
    var wanted = SDL_AudioSpec()
    wanted.freq = Int32(sampleRate)
    wanted.format = SDL_AudioFormat(AUDIO_S16SYS)
    wanted.channels = 1
    wanted.samples = 512
    var obtained = SDL_AudioSpec()
    let device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
    guard device != 0 else {
      let reason = String(cString: SDL_GetError())
      SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
      throw .noAudioDevice(reason: reason.isEmpty ? "SDL found no device" : reason)
    }
    self.device = device
    self.sampleRate = sampleRate
    driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
    SDL_PauseAudioDevice(device, 0)
  }

  deinit {
    close()
  }

  /// Closes the device (its SDL thread ends) and lets go of SDL's audio; later calls do
  /// nothing, and what is asked of it after plays nothing.
  func close() {
    lock.lock()
    defer { lock.unlock() }
    guard !isClosed else { return }
    isClosed = true
    SDL_CloseAudioDevice(device)
    for converter in converters.values { SDL_FreeAudioStream(converter) }
    converters = [:]
    SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
  }

  /// Queues samples at `rate` behind what is already queued.
  func enqueue(_ samples: UnsafeBufferPointer<Int16>, rate: Int) {
    guard let base = samples.baseAddress, !samples.isEmpty else { return }
    lock.lock()
    defer { lock.unlock() }
    guard !isClosed else { return }
    if rate == sampleRate {
      SDL_QueueAudio(device, base, UInt32(samples.count * 2))
      enqueued += samples.count
      return
    }
    let converter: OpaquePointer
    if let known = converters[rate] {
      converter = known
    } else {
      guard
        let made = SDL_NewAudioStream(
          SDL_AudioFormat(AUDIO_S16SYS), 1, Int32(rate), SDL_AudioFormat(AUDIO_S16SYS), 1,
          Int32(sampleRate))
      else { return }
      converters[rate] = made
      converter = made
    }
    SDL_AudioStreamPut(converter, base, Int32(samples.count * 2))
    let available = Int(SDL_AudioStreamAvailable(converter))
    guard available > 0 else { return }
    var converted = [Int16](repeating: 0, count: available / 2)
    let got = converted.withUnsafeMutableBytes {
      Int(SDL_AudioStreamGet(converter, $0.baseAddress, Int32(available)))
    }
    guard got > 0 else { return }
    converted.withUnsafeBytes { _ = SDL_QueueAudio(device, $0.baseAddress, UInt32(got)) }
    enqueued += got / 2
  }

  /// Samples queued and not yet played.
  var queuedFrames: Int { Int(SDL_GetQueuedAudioSize(device)) / 2 }

  /// Samples played (handed to the sound card) since the device opened.
  var playedFrames: Int {
    lock.lock()
    defer { lock.unlock() }
    return enqueued - queuedFrames
  }

  /// Samples handed over since the device opened.
  var enqueuedFrames: Int {
    lock.lock()
    defer { lock.unlock() }
    return enqueued
  }

  /// Stops playing and keeps the queue (`resume` goes on from there).
  func pause() { SDL_PauseAudioDevice(device, 1) }

  /// Plays the queue again.
  func resume() { SDL_PauseAudioDevice(device, 0) }

  /// Drops everything queued: silence within one device buffer.
  func clear() {
    lock.lock()
    defer { lock.unlock() }
    guard !isClosed else { return }
    let dropped = queuedFrames
    SDL_ClearQueuedAudio(device)
    enqueued -= dropped
    for converter in converters.values { SDL_AudioStreamClear(converter) }
  }
}
