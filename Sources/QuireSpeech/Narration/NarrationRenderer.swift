public import QuireBook

/// Plays a chapter's narration into samples: each clip decoded from its file in turn, at
/// one rate (the first file's; others resampled), with a mark for each clip.
public final class NarrationRenderer: @unchecked Sendable {
  /// Samples a second of what it hands out.
  public let sampleRate: Int
  private let narration: Narration
  private let book: Book
  /// Each file's decoder, opened on first use; used by one thread at a time (the one
  /// rendering), so not locked.
  private var decoders: [String: any AudioDecoder] = [:]
  /// Frames decoded at a time: a fifth of a second at 44.1 kHz.
  static let chunkFrames = 8192

  /// A renderer of `narration`, whose files are read from `book`.
  public init(narration: Narration, book: Book) throws(SpeechError) {
    self.narration = narration
    self.book = book
    guard let first = narration.clips.first else {
      throw .audioUnreadable(name: "narration", reason: "it has no clips")
    }
    let decoder = try Self.decoder(first.audioHref, in: book)
    decoders[first.audioHref] = decoder
    sampleRate = decoder.sampleRate
  }

  /// How many clips there are.
  public var clipCount: Int { narration.clips.count }

  static func decoder(_ href: String, in book: Book) throws(SpeechError) -> any AudioDecoder {
    let bytes: [UInt8]
    do {
      bytes = [UInt8](try book.resource(at: href))
    } catch {
      throw .audioUnreadable(name: href, reason: (error as? BookError)?.detail ?? "\(error)")
    }
    return try AudioDecoders.open(bytes, name: href)
  }

  /// Decodes clip `index`, handing its samples to `receive` (false stops); returns its
  /// mark, in samples from the clip's start, or nil when stopped.
  public func renderClip(
    _ index: Int, receive: (UnsafeBufferPointer<Int16>) throws(SpeechError) -> Bool
  ) throws(SpeechError) -> SpeechMark? {
    let clip = narration.clips[index]
    let decoder: any AudioDecoder
    if let known = decoders[clip.audioHref] {
      decoder = known
    } else {
      decoder = try Self.decoder(clip.audioHref, in: book)
      decoders[clip.audioHref] = decoder
    }
    let first = Int((clip.begin * Double(decoder.sampleRate)).rounded())
    let last = min(decoder.frameCount, Int((clip.end * Double(decoder.sampleRate)).rounded()))
    try decoder.seek(to: first)
    var position = first
    var made = 0
    var resampler = Resampler(from: decoder.sampleRate, to: sampleRate)
    while position < last {
      let samples = try decoder.read(frames: min(Self.chunkFrames, last - position))
      if samples.isEmpty { break }
      position += samples.count
      let converted = resampler.convert(samples)
      let going = try converted.withUnsafeBufferPointer { (buffer) throws(SpeechError) in
        try receive(buffer)
      }
      if !going { return nil }
      made += converted.count
    }
    return SpeechMark(
      kind: .clip, chapterIndex: narration.chapterIndex, range: clip.range, startFrame: 0,
      endFrame: made)
  }

  /// Decodes every clip in order, handing samples to `receive` (false stops) and each
  /// clip's mark, in samples from the start, to `mark` after its samples; returns false
  /// when stopped.
  public func render(
    receive: (UnsafeBufferPointer<Int16>) throws(SpeechError) -> Bool,
    mark: (SpeechMark) -> Void
  ) throws(SpeechError) -> Bool {
    var frames = 0
    for index in narration.clips.indices {
      guard let clip = try renderClip(index, receive: receive) else { return false }
      mark(clip.shifted(by: frames))
      frames = clip.shifted(by: frames).endFrame
    }
    return true
  }
}

/// Linear-interpolation resampling of one channel, in chunks (its state carries over).
struct Resampler {
  let step: Double
  private var position = 0.0
  private var previous: Int16 = 0

  init(from input: Int, to output: Int) {
    step = Double(input) / Double(output)
  }

  mutating func convert(_ samples: [Int16]) -> [Int16] {
    guard step != 1 else { return samples }
    var out: [Int16] = []
    out.reserveCapacity(Int(Double(samples.count) / step) + 1)
    // `position` counts from the sample before this chunk (`previous`, index -1).
    while position < Double(samples.count) - 1 {
      let index = Int(position.rounded(.down))
      let fraction = position - Double(index)
      let left = index < 0 ? Double(previous) : Double(samples[index])
      let right = Double(samples[index + 1])
      out.append(Int16(left + (right - left) * fraction))
      position += step
    }
    position -= Double(samples.count)
    previous = samples.last ?? previous
    return out
  }
}
