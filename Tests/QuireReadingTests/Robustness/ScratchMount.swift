import Foundation
import Testing

/// A small tmpfs mounted for one test, to make a real read-only or full file system.
/// Needs root (CI and the development machines run as root); elsewhere tests that use
/// it skip with `skipMessage`.
final class ScratchMount {
  let path: String

  /// Whether mounting is possible here: root, with `mount` available.
  static let isAvailable: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else {
      return false
    }
    guard let probe = try? ScratchMount(size: "16k") else { return false }
    _ = probe
    return true
  }()

  static let skipMessage: Comment = "mounting a tmpfs needs root and /bin/mount"

  /// Mounts a tmpfs of `size` (e.g. "256k") on a fresh temporary folder.
  init(size: String) throws {
    path = try ScratchFolder.make("mount")
    try Self.run(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
  }

  /// Remounts the file system read-only.
  func makeReadOnly() throws {
    try Self.run(["-o", "remount,ro", path])
  }

  deinit {
    try? Self.run(["-l", path], program: "/bin/umount")
    try? FileManager.default.removeItem(atPath: path)
  }

  private static func run(_ arguments: [String], program: String = "/bin/mount") throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: arguments.last ?? ""])
    }
  }
}
