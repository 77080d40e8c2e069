/// A decoder of one audio file of a book, read from memory: its format and its samples,
/// mixed down to one channel, from any frame on.
protocol AudioDecoder: AnyObject {
  /// Samples a second.
  var sampleRate: Int { get }
  /// The file's length in frames (samples of one channel).
  var frameCount: Int { get }
  /// Moves to `frame`.
  func seek(to frame: Int) throws(SpeechError)
  /// Up to `frames` frames from the current place, one channel; fewer at the file's end.
  func read(frames: Int) throws(SpeechError) -> [Int16]
}

/// Opens the decoder a file needs: libmpg123 for MP3, libsndfile for WAV, FLAC, Ogg Vorbis
/// and Opus and the rest of what it reads.
enum AudioDecoders {
  /// A decoder of `bytes`, the file at `name` (a package path, for messages); MP3 is told
  /// by its name or media type, or by its first bytes (an ID3 tag or an MPEG frame sync).
  static func open(_ bytes: [UInt8], name: String) throws(SpeechError) -> any AudioDecoder {
    if isMP3(bytes, name: name) { return try MP3Decoder(bytes: bytes, name: name) }
    return try SoundFileDecoder(bytes: bytes, name: name)
  }

  static func isMP3(_ bytes: [UInt8], name: String) -> Bool {
    if name.lowercased().hasSuffix(".mp3") { return true }
    if bytes.starts(with: Array("ID3".utf8)) { return true }
    return bytes.count > 1 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0
      && !bytes.starts(with: Array("RIFF".utf8))
  }
}

/// Bytes in memory read as a file by a C library's callbacks.
final class MemoryFile {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Copies up to `count` bytes to `buffer`; how many were copied.
  func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    let available = max(0, min(count, bytes.count - position))
    guard available > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(from: source.baseAddress! + position, byteCount: available)
    }
    position += available
    return available
  }

  /// Moves to `offset` from the start (0), the current place (1) or the end (2); the new
  /// place, or -1 outside the bytes.
  func seek(_ offset: Int, whence: Int32) -> Int {
    let base = whence == 0 ? 0 : whence == 1 ? position : bytes.count
    let target = base + offset
    guard target >= 0, target <= bytes.count else { return -1 }
    position = target
    return target
  }
}

/// Interleaved samples of `channels` channels mixed to one.
func mixedDown(_ interleaved: UnsafeBufferPointer<Int16>, channels: Int) -> [Int16] {
  guard channels > 1 else { return Array(interleaved) }
  let frames = interleaved.count / channels
  var mono = [Int16](repeating: 0, count: frames)
  for frame in 0..<frames {
    var sum = 0
    for channel in 0..<channels { sum += Int(interleaved[frame * channels + channel]) }
    mono[frame] = Int16(sum / channels)
  }
  return mono
}
