import CSndfile
import Foundation

/// WAV, FLAC, Ogg Vorbis, Opus and the other formats libsndfile reads, from memory through
/// its virtual I/O.
final class SoundFileDecoder: AudioDecoder {
  let sampleRate: Int
  let frameCount: Int
  private let channels: Int
  private let file: MemoryFile
  private let sound: OpaquePointer
  private let name: String

  init(bytes: [UInt8], name: String) throws(SpeechError) {
    self.name = name
    file = MemoryFile(bytes)
    var io = SF_VIRTUAL_IO(
      get_filelen: {
        Int64(Unmanaged<MemoryFile>.fromOpaque($0!).takeUnretainedValue().bytes.count)
      },
      seek: { offset, whence, data in
        Int64(
          Unmanaged<MemoryFile>.fromOpaque(data!).takeUnretainedValue().seek(
            Int(offset), whence: whence))
      },
      read: { buffer, count, data in
        Int64(
          Unmanaged<MemoryFile>.fromOpaque(data!).takeUnretainedValue().read(
            into: buffer!, count: Int(count)))
      },
      write: { _, _, _ in 0 },
      tell: { Int64(Unmanaged<MemoryFile>.fromOpaque($0!).takeUnretainedValue().position) })
    var info = SF_INFO()
    guard
      let sound = sf_open_virtual(
        &io, Int32(SFM_READ), &info, Unmanaged.passUnretained(file).toOpaque())
    else {
      throw .audioUnreadable(name: name, reason: String(cString: sf_strerror(nil)))
    }
    guard info.samplerate > 0, info.channels > 0 else {
      sf_close(sound)
      throw .audioUnreadable(name: name, reason: "it has no samples")
    }
    self.sound = sound
    sampleRate = Int(info.samplerate)
    channels = Int(info.channels)
    frameCount = Int(max(0, info.frames))
  }

  deinit { sf_close(sound) }

  func seek(to frame: Int) throws(SpeechError) {
    guard sf_seek(sound, Int64(min(frame, frameCount)), SEEK_SET) >= 0 else {
      throw .audioUnreadable(name: name, reason: String(cString: sf_strerror(sound)))
    }
  }

  func read(frames: Int) throws(SpeechError) -> [Int16] {
    var buffer = [Int16](repeating: 0, count: frames * channels)
    let got = Int(
      buffer.withUnsafeMutableBufferPointer { sf_readf_short(sound, $0.baseAddress, Int64(frames)) }
    )
    return buffer.withUnsafeBufferPointer {
      mixedDown(UnsafeBufferPointer(rebasing: $0[0..<(max(0, got) * channels)]), channels: channels)
    }
  }
}
