/// Sound as 16-bit signed samples, one channel: what the engines make, the decoders give
/// and the WAV writer and the audio device take.
public struct PCMAudio: Hashable, Sendable {
  /// The samples, one channel, at `sampleRate`.
  public var samples: [Int16]
  /// Samples a second.
  public var sampleRate: Int

  /// Creates audio from its samples.
  public init(samples: [Int16] = [], sampleRate: Int) {
    self.samples = samples
    self.sampleRate = sampleRate
  }

  /// Length in seconds.
  public var duration: Double { Double(samples.count) / Double(sampleRate) }

  /// The time in seconds of sample `frame`.
  public func seconds(_ frame: Int) -> Double { Double(frame) / Double(sampleRate) }
}
