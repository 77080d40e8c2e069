import Foundation
import QuireBook

/// Writes a RIFF WAVE file of 16-bit PCM, one channel, as the samples come: how
/// `quire speak` writes speech without holding a chapter's audio in memory.
///
/// The header is the canonical 44 bytes (RIFF, a 16-byte `fmt ` chunk of format 1, then
/// `data`); its sizes are filled in by `finish()`. A file is written beside its target
/// under a temporary name and renamed into place at the end, so a failed or interrupted
/// write never leaves half a file where the reader asked for one; a path that is not a
/// file (`/dev/null`, a pipe) is written straight through, its header left with no sizes
/// when it cannot be rewound.
public final class WAVWriter {
  /// The file being made.
  public let path: String
  /// Samples a second.
  public let sampleRate: Int
  /// Samples written so far.
  public private(set) var sampleCount = 0
  /// Where the bytes go until `finish()`: a temporary file, or nil when writing straight
  /// to `path`.
  private let temporaryPath: String?
  private let handle: FileHandle

  /// Starts the file at `path` for audio at `sampleRate`.
  public init(path: String, sampleRate: Int) throws(SpeechError) {
    self.path = path
    self.sampleRate = sampleRate
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      temporaryPath = nil
      guard let handle = FileHandle(forWritingAtPath: path) else {
        throw .notWritten(path: path, reason: String(cString: strerror(errno)))
      }
      self.handle = handle
    } else {
      let folder = PathName.folder(of: path)
      let name = ".\((path as NSString).lastPathComponent).\(getpid()).partial"
      let temporary = folder.isEmpty ? name : folder + "/" + name
      guard FileManager.default.createFile(atPath: temporary, contents: nil),
        let handle = FileHandle(forWritingAtPath: temporary)
      else {
        throw .notWritten(path: path, reason: String(cString: strerror(errno)))
      }
      temporaryPath = temporary
      self.handle = handle
    }
    do {
      try handle.write(contentsOf: Self.header(samples: 0, rate: sampleRate))
    } catch {
      throw .notWritten(path: path, reason: (error as NSError).localizedDescription)
    }
  }

  deinit {
    try? handle.close()
    if let temporaryPath { unlink(temporaryPath) }
  }

  /// Appends samples.
  public func append(_ samples: UnsafeBufferPointer<Int16>) throws(SpeechError) {
    guard !samples.isEmpty else { return }
    var bytes = Data(count: samples.count * 2)
    bytes.withUnsafeMutableBytes { raw in
      let out = raw.bindMemory(to: Int16.self)
      for index in samples.indices { out[index] = samples[index].littleEndian }
    }
    do {
      try handle.write(contentsOf: bytes)
    } catch {
      throw .notWritten(path: path, reason: (error as NSError).localizedDescription)
    }
    sampleCount += samples.count
  }

  /// Appends samples.
  public func append(_ samples: [Int16]) throws(SpeechError) {
    try samples.withUnsafeBufferPointer { (buffer) throws(SpeechError) in try append(buffer) }
  }

  /// Fills in the header's sizes and moves the file into place.
  public func finish() throws(SpeechError) {
    guard let temporaryPath else {
      // Straight through: rewrite the header only where the path can be rewound.
      if (try? handle.seek(toOffset: 0)) != nil {
        try? handle.write(contentsOf: Self.header(samples: sampleCount, rate: sampleRate))
      }
      try? handle.close()
      return
    }
    do {
      try handle.seek(toOffset: 0)
      try handle.write(contentsOf: Self.header(samples: sampleCount, rate: sampleRate))
      try handle.synchronize()
      try handle.close()
    } catch {
      throw .notWritten(path: path, reason: (error as NSError).localizedDescription)
    }
    guard rename(temporaryPath, path) == 0 else {
      throw .notWritten(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// The 44-byte header of a file of `samples` samples at `rate`.
  static func header(samples: Int, rate: Int) -> Data {
    let dataSize = samples * 2
    var bytes = Data(capacity: 44)
    func text(_ value: String) { bytes.append(contentsOf: Array(value.utf8)) }
    func int32(_ value: Int) {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) {
        bytes.append(contentsOf: $0)
      }
    }
    func int16(_ value: Int) {
      withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) {
        bytes.append(contentsOf: $0)
      }
    }
    text("RIFF")
    int32(36 + dataSize)
    text("WAVE")
    text("fmt ")
    int32(16)
    int16(1)  // PCM
    int16(1)  // one channel
    int32(rate)
    int32(rate * 2)  // bytes a second
    int16(2)  // bytes a frame
    int16(16)  // bits a sample
    text("data")
    int32(dataSize)
    return bytes
  }
}
