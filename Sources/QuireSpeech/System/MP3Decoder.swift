import CMpg123
import Foundation

/// MP3 through libmpg123, read from memory through its reader callbacks; the length is
/// found by scanning the frames (`mpg123_scan`) so that clips past the end are known and
/// seeks land on the sample.
final class MP3Decoder: AudioDecoder {
  let sampleRate: Int
  let frameCount: Int
  private let channels: Int
  private let handle: OpaquePointer
  private let file: MemoryFile
  private let name: String

  init(bytes: [UInt8], name: String) throws(SpeechError) {
    self.name = name
    file = MemoryFile(bytes)
    var error: Int32 = 0
    guard let handle = mpg123_new(nil, &error) else {
      throw .audioUnreadable(name: name, reason: "libmpg123 could not start")
    }
    self.handle = handle
    // Signed 16-bit samples at whatever rate and channels the file has.
    mpg123_format_none(handle)
    var rates: UnsafePointer<Int>?
    var count = 0
    mpg123_rates(&rates, &count)
    for index in 0..<count {
      mpg123_format(
        handle, rates![index], Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue),
        Int32(MPG123_ENC_SIGNED_16.rawValue))
    }
    mpg123_replace_reader_handle(handle, mp3Read, mp3Seek, nil)
    var rate = 0
    var channels: Int32 = 0
    var encoding: Int32 = 0
    guard
      mpg123_open_handle(handle, Unmanaged.passUnretained(file).toOpaque()) == MPG123_OK.rawValue,
      mpg123_scan(handle) == MPG123_OK.rawValue,
      mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue, rate > 0,
      channels > 0
    else {
      let reason = String(cString: mpg123_strerror(handle))
      mpg123_delete(handle)
      throw .audioUnreadable(name: name, reason: "not an MP3 file libmpg123 can read (\(reason))")
    }
    sampleRate = rate
    self.channels = Int(channels)
    frameCount = max(0, Int(mpg123_length(handle)))
  }

  deinit {
    mpg123_close(handle)
    mpg123_delete(handle)
  }

  func seek(to frame: Int) throws(SpeechError) {
    guard mpg123_seek(handle, min(frame, frameCount), SEEK_SET) >= 0 else {
      throw .audioUnreadable(name: name, reason: String(cString: mpg123_strerror(handle)))
    }
  }

  func read(frames: Int) throws(SpeechError) -> [Int16] {
    var buffer = [Int16](repeating: 0, count: frames * channels)
    let total = buffer.count
    var filled = 0
    while filled < total {
      var done = 0
      let status = buffer.withUnsafeMutableBytes { raw in
        mpg123_read(handle, raw.baseAddress! + filled * 2, (total - filled) * 2, &done)
      }
      filled += done / 2
      if status == MPG123_DONE.rawValue || (status == MPG123_OK.rawValue && done == 0) { break }
      if status == MPG123_NEW_FORMAT.rawValue { continue }
      guard status == MPG123_OK.rawValue else {
        throw .audioUnreadable(name: name, reason: String(cString: mpg123_strerror(handle)))
      }
    }
    return buffer.withUnsafeBufferPointer {
      mixedDown(
        UnsafeBufferPointer(rebasing: $0[0..<(filled - filled % channels)]), channels: channels)
    }
  }
}

private func mp3Read(
  _ handle: UnsafeMutableRawPointer?, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  guard let handle, let buffer else { return -1 }
  return Unmanaged<MemoryFile>.fromOpaque(handle).takeUnretainedValue().read(
    into: buffer, count: count)
}

private func mp3Seek(_ handle: UnsafeMutableRawPointer?, _ offset: Int, _ whence: Int32) -> Int {
  guard let handle else { return -1 }
  return Unmanaged<MemoryFile>.fromOpaque(handle).takeUnretainedValue().seek(offset, whence: whence)
}
