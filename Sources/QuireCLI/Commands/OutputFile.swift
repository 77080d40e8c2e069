import Foundation

/// The `-o FILE` a command writes: checked before any work, so a folder or a missing
/// folder is a plain usage error instead of Foundation's "NSCocoaErrorDomain error 512"
/// after the page was rendered.
enum OutputFile {
  /// - Throws: `UsageError` when `path` is a folder or its folder does not exist.
  static func check(_ path: String, command: String) throws(UsageError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw UsageError(
        "-o \(path) is a folder; give the file to write, such as \(path)/page.png",
        command: command)
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty,
      !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
        || !isDirectory.boolValue
    {
      throw UsageError("-o \(path): the folder \(folder) does not exist", command: command)
    }
  }
}
