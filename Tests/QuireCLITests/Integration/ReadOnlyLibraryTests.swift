import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A library the user cannot write, through the real `quire`: reading commands work,
/// each write says why it cannot happen, and reading leaves nothing behind that blocks
/// writes once permission is back (a 0444 `-shm` file used to).
///
/// Tests run as root here and in CI, and root writes whatever the file modes say, so
/// as root every `quire` runs as `nobody` through `setpriv` (util-linux, always in
/// Debian): the permissions are then really enforced by the kernel, as for a user.
@Suite(.enabled(if: QuireProgram.canRunUnprivileged, QuireProgram.skipMessage))
final class ReadOnlyLibraryTests {
  let folder: String
  var library: String { folder + "/library.sqlite" }
  var book: String { folder + "/pride.txt" }

  init() throws {
    folder = try ScratchFolder.make("read-only")
    try """
    Pride and Prejudice

    by Jane Austen


    CHAPTER I.

    It is a truth universally acknowledged, that a single man in possession of a good
    fortune, must be in want of a wife.

    """.write(toFile: book, atomically: true, encoding: .utf8)
    try QuireProgram.handOver(folder)
    let added = try quire(["bookmarks", book, "add", "--chapter", "2", "--note", "truth"])
    try #require(added.status == 0, "\(added.standardError)")
  }

  deinit {
    chmod(folder, 0o755)
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs `quire` with `--library` as the unprivileged user.
  private func quire(_ arguments: [String]) throws -> QuireProgram.Result {
    try QuireProgram.run(arguments + ["--library", library])
  }

  private func expectReadsWork() throws {
    for command in [
      ["library", "list"], ["bookmarks", book], ["bookmarks", book, "export"],
      ["progress", book], ["search", book, "truth"], ["stats"],
    ] {
      let result = try quire(command)
      let name = command.joined(separator: " ")
      #expect(result.status == 0, "quire \(name): \(result.standardError)")
      #expect(!result.standardError.contains("I/O error"), "quire \(name)")
    }
    #expect(try quire(["bookmarks", book]).standardOutput.contains("Note: truth"))
  }

  private func expectWriteRefused(_ reason: String) throws {
    let result = try quire(["bookmarks", book, "add", "--chapter", "2", "--note", "lost?"])
    #expect(result.status == 1)
    #expect(
      result.standardError == "quire: \(library): cannot save: \(reason)\n",
      "\(result.standardError)")
  }

  @Test func readOnlyFileOpensForReadingAndLeavesNothingThatBlocksWrites() throws {
    chmod(library, 0o444)
    try expectReadsWork()
    try expectWriteRefused("the file's permissions do not allow writing it")
    for companion in ["-shm", "-wal"] {
      #expect(!FileManager.default.fileExists(atPath: library + companion), "\(companion) left")
    }
    chmod(library, 0o644)
    let added = try quire(["bookmarks", book, "add", "--chapter", "2", "--note", "later"])
    #expect(added.status == 0, "permission is back: \(added.standardError)")
  }

  @Test func readOnlyFolderOpensForReading() throws {
    chmod(folder, 0o555)
    try expectReadsWork()
    try expectWriteRefused("the folder \(folder) is not writable")
  }

  /// A read-only `-shm` left by an older Quire's read-only session is made writable again
  /// by the next writable open.
  @Test func readOnlySharedMemoryFileLeftBehindIsRepaired() throws {
    let shm = library + "-shm"
    #expect(FileManager.default.createFile(atPath: shm, contents: Data(count: 32768)))
    try QuireProgram.handOver(shm)
    chmod(shm, 0o444)
    let added = try quire(["bookmarks", book, "add", "--chapter", "2", "--note", "again"])
    #expect(added.status == 0, "\(added.standardError)")
  }
}
