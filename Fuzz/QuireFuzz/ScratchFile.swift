import Foundation

/// One file per process for importers that read from a path, in `/dev/shm` when there is
/// one (no disk writes), rewritten for every input.
enum ScratchFile {
  static let folder: String = {
    let shm = "/dev/shm"
    return FileManager.default.isWritableFile(atPath: shm) ? shm : NSTemporaryDirectory()
  }()

  /// Writes `bytes` to this process's scratch file with extension `ext`; returns its path.
  static func write(_ bytes: [UInt8], ext: String) -> String {
    let path = "\(folder)/quire-fuzz-\(getpid()).\(ext)"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }
}
