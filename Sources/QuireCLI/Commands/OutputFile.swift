import Foundation
import QuireBook

#if canImport(Glibc)
  import Glibc
#endif

/// The `-o FILE` a command writes: checked before any work, so a folder, a missing folder
/// or a special file is a plain usage error instead of Foundation's "NSCocoaErrorDomain
/// error 512" after the page was rendered — or a write that waits forever on a FIFO.
enum OutputFile {
  /// - Throws: `UsageError` when `path` is a folder, a FIFO, a socket or a device, or its
  ///   folder does not exist.
  /// `option` and `example` name the option and a file it could write in messages.
  static func check(
    _ path: String, command: String, option: String = "-o", example: String = "page.png"
  ) throws(UsageError) {
    var status = stat()
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR:
        throw UsageError(
          "\(option) \(path) is a folder; give the file to write, such as \(path)/\(example)",
          command: command)
      default:
        let what =
          switch status.st_mode & S_IFMT {
          case S_IFIFO: "a FIFO (named pipe)"
          case S_IFSOCK: "a socket"
          default: "a device"
          }
        throw UsageError(
          "\(option) \(path) is \(what), not a regular file; give the file to write",
          command: command)
      }
    }
    let folder = PathName.folder(of: path)
    var isDirectory: ObjCBool = false
    if !folder.isEmpty,
      !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
        || !isDirectory.boolValue
    {
      throw UsageError("\(option) \(path): the folder \(folder) does not exist", command: command)
    }
  }
}
