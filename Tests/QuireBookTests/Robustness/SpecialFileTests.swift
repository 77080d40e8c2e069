import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files that are not books — a FIFO, a socket, a device — given to the real `quire`:
/// each is refused at once, naming the file and what it is, without blocking on it or
/// reading it (a FIFO used to hang every command, `/dev/zero` was read to 512 MB).
@Suite(.enabled(if: QuireExecutable.isAvailable, QuireExecutable.skipMessage))
struct SpecialFileTests {
  /// Far more than a refusal takes, far less than the 60 s a hang would be killed at.
  static let refusalTime: Duration = .seconds(3)

  @Test func fifoIsRefusedWithoutBlocking() throws {
    let folder = try ScratchFolder.make()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/pipe.txt"
    try #require(mkfifo(path, 0o644) == 0)
    for command in [["info"], ["cat"], ["toc"], ["search", "x"]] {
      try expectRefusal(command, path, "is a named pipe (FIFO), not a book file")
    }
  }

  @Test func socketIsRefused() throws {
    let folder = try ScratchFolder.make()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/socket.epub"
    let socket = try Self.bindSocket(at: path)
    defer { close(socket) }
    try expectRefusal(["info"], path, "is a socket, not a book file")
  }

  @Test(arguments: ["/dev/zero", "/dev/urandom"])
  func deviceIsRefusedWithoutReadingIt(_ device: String) throws {
    try #require(FileManager.default.fileExists(atPath: device))
    let outcome = try expectRefusal(["info"], device, "is a character device, not a book file")
    #expect(outcome.peakResidentBytes < 100 << 20, "\(device): \(outcome)")
  }

  /// `library add DIR` meets a FIFO among the books: it is skipped with a message, the
  /// real book beside it is added, and nothing blocks.
  @Test func libraryAddSkipsAFifoInAFolder() throws {
    let folder = try ScratchFolder.make()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: folder + "/books", withIntermediateDirectories: true)
    try #require(mkfifo(folder + "/books/a-pipe.txt", 0o644) == 0)
    try "CHAPTER I.\n\nA short book.\n".write(
      toFile: folder + "/books/short.txt", atomically: true, encoding: .utf8)
    let quire = ChildProcess(executable: try #require(QuireExecutable.path))
    let outcome = try quire.run(
      ["library", "add", folder + "/books", "--library", folder + "/library.sqlite"],
      timeout: .seconds(20))
    #expect(!outcome.timedOut, "library add hung on a FIFO: \(outcome)")
    #expect(outcome.elapsed < Self.refusalTime + .seconds(5), "\(outcome)")
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.contains("a-pipe.txt: is a named pipe (FIFO)"))
    #expect(outcome.standardOutput.contains("1 book added"), "\(outcome.standardOutput)")
  }

  // MARK: - Running

  @discardableResult
  private func expectRefusal(_ command: [String], _ path: String, _ phrase: String) throws
    -> ChildProcess.Outcome
  {
    let quire = ChildProcess(executable: try #require(QuireExecutable.path))
    let arguments = command.count > 1 ? [command[0], path] + command.dropFirst() : command + [path]
    let outcome = try quire.run(arguments, timeout: .seconds(20))
    let name = command.joined(separator: " ")
    #expect(!outcome.timedOut, "quire \(name) \(path) hung: \(outcome)")
    #expect(outcome.elapsed < Self.refusalTime, "quire \(name) \(path): \(outcome)")
    #expect(outcome.exitCode == 1, "quire \(name) \(path): \(outcome)")
    #expect(
      outcome.standardError.hasPrefix("quire: \(path): \(phrase)"),
      "quire \(name): \(outcome.standardError)")
    return outcome
  }

  /// A listening Unix-domain socket at `path`; the caller closes it.
  private static func bindSocket(at path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[index] = byte
      }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0, "cannot bind a socket at \(path)")
    return descriptor
  }
}
